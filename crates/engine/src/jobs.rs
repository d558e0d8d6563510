//! `--jobs`: how many worker threads a subcommand starts, decided the same
//! way everywhere.
//!
//! More threads than cores only disturb timings and cost memory (a thread
//! stack each), and more threads than pieces of work sit idle; tens of
//! thousands of threads can take the machine down. So the number asked for
//! is capped at the cores and at the work, with a warning that says so.

/// The worker threads for `--jobs asked` with `work` independent pieces of
/// work (when known): `asked`, capped at the cores and the work, at least 1.
pub fn worker_threads(asked: u64, work: Option<u64>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let (jobs, why) = capped(asked, cores, work);
    if let Some(why) = why {
        eprintln!("warning: --jobs {asked} capped at {jobs}: {why}");
    }
    jobs as usize
}

/// The cap itself, and the reason when it applies.
fn capped(asked: u64, cores: u64, work: Option<u64>) -> (u64, Option<String>) {
    let plural = |k: u64| if k == 1 { "" } else { "s" };
    let mut jobs = asked.max(1);
    let mut why = None;
    if jobs > cores {
        jobs = cores;
        why = Some(format!("this machine has {cores} core{}", plural(cores)));
    }
    if let Some(work) = work.map(|w| w.max(1)) {
        if jobs > work {
            jobs = work;
            why = Some(format!(
                "there {} only {work} piece{} of work",
                if work == 1 { "is" } else { "are" },
                plural(work)
            ));
        }
    }
    (jobs, why)
}

#[cfg(test)]
mod tests {
    use super::capped;

    #[test]
    fn jobs_are_capped_at_the_cores_and_the_work() {
        assert_eq!(capped(4, 8, None), (4, None));
        assert_eq!(capped(100_000, 2, None).0, 2);
        assert!(capped(100_000, 2, None).1.unwrap().contains("2 cores"));
        assert_eq!(capped(8, 8, Some(3)).0, 3);
        assert!(capped(8, 8, Some(1))
            .1
            .unwrap()
            .contains("only 1 piece of work"));
        assert_eq!(capped(1, 8, Some(0)), (1, None));
    }
}
