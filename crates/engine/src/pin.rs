//! `--pin`: the run on one core, so the scheduler does not move the solves
//! from core to core (each move costs warm caches and a trained branch
//! predictor). Done with the `core_affinity` crate (`sched_setaffinity` on
//! Linux; Windows and FreeBSD too; macOS cannot pin): the calling thread,
//! which solves every puzzle when `--jobs` is 1, goes to the last core the
//! process may use. The report's machine record says whether it happened
//! (`pinned`).

/// Pins the calling thread to one core when `wanted`, saying on stderr what
/// was done; `true` only when the pinning succeeded. With `jobs` above 1 the
/// worker threads would run unpinned, so nothing is pinned and it says so.
pub fn pin(wanted: bool, jobs: usize) -> bool {
    if !wanted {
        return false;
    }
    if jobs > 1 {
        eprintln!(
            "warning: --pin with --jobs {jobs}: the worker threads cannot share one core, so \
             the run is not pinned (pinned: false in the report)"
        );
        return false;
    }
    let Some(core) = core_affinity::get_core_ids().and_then(|ids| ids.last().copied()) else {
        eprintln!(
            "warning: --pin: the cores this process may use cannot be read here, so the run \
             is not pinned (pinned: false in the report)"
        );
        return false;
    };
    if core_affinity::set_for_current(core) {
        eprintln!("pinned to core {}", core.id);
        true
    } else {
        eprintln!(
            "warning: --pin: the operating system refused to pin the run to core {}, so it \
             is not pinned (pinned: false in the report)",
            core.id
        );
        false
    }
}
