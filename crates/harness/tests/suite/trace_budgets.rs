//! Issue 13 defects 4 and 5: `trace` within its budgets, and an animation
//! killed from outside leaves the terminal as it found it.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::bin;

fn empty(side: usize) -> String {
    ".".repeat(side * side)
}

/// What one run of the program cost.
struct Cost {
    /// Processor time (user and system, all threads), sampled every 5 ms
    /// from `/proc` (Linux only: zero elsewhere). Unlike the wall clock it
    /// does not grow when other processes share the cores, so a bound on it
    /// holds on a loaded machine and still catches a search that runs on.
    cpu: Duration,
    /// Peak resident memory in bytes (VmHWM, sampled the same way).
    peak: u64,
    /// Bytes written to standard output.
    written: u64,
    /// Its last 64 kB (lossy UTF-8: the cut may split a character).
    tail: String,
    /// Lines of standard output holding the `needle` asked for.
    found: u64,
    stderr: String,
}

/// User plus system time of a live process, from `/proc/PID/stat`
/// (fields 14 and 15, in clock ticks of 1/100 s: USER_HZ is 100 on every
/// Linux architecture). The command name, field 2, may hold spaces, so the
/// fields are counted after its closing parenthesis.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the name come field 3 (state) onwards: utime is field 14.
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Runs to the end (failing if it runs for more than two minutes of wall
/// clock, which only a hang takes) and returns what it cost.
fn measured(args: &[&str]) -> Cost {
    measured_finding(args, "\u{0}")
}

/// [`measured`], counting the lines of standard output that hold `needle`.
fn measured_finding(args: &[&str], needle: &str) -> Cost {
    let needle = needle.to_string();
    let start = Instant::now();
    let mut child = Command::new(bin())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 1 << 16];
        let mut total = 0u64;
        let mut tail = Vec::new();
        let (mut line, mut found) = (Vec::new(), 0u64);
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n as u64;
            for &b in &buf[..n] {
                if b == b'\n' {
                    found += line.windows(needle.len()).any(|w| w == needle.as_bytes()) as u64;
                    line.clear();
                } else if line.len() < 4096 {
                    line.push(b);
                }
            }
            tail.extend_from_slice(&buf[..n]);
            if tail.len() > 2 << 16 {
                tail.drain(..tail.len() - (1 << 16));
            }
        }
        let keep = tail.len().min(1 << 16);
        let tail = String::from_utf8_lossy(&tail[tail.len() - keep..]).into_owned();
        (total, tail, found)
    });
    let mut stderr = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    let mut cpu = Duration::ZERO;
    loop {
        if let Some(time) = cpu_time(child.id()) {
            cpu = cpu.max(time);
        }
        if let Ok(text) = std::fs::read_to_string(&status) {
            if let Some(kb) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak = peak.max(kb * 1024);
            }
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "trace {args:?} runs for ever"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let (written, tail, found) = reader.join().unwrap();
    Cost {
        cpu,
        peak,
        written,
        tail,
        found,
        stderr: err_reader.join().unwrap(),
    }
}

/// An empty 25x25 has an endless search: every view of it, all steps asked
/// for, stays within the default 2 s and 256 MB (the DOT view took 16 s,
/// 3.2 GB and wrote 1 GB), and says what stopped the recording.
#[test]
fn every_trace_format_holds_the_default_budgets_on_an_empty_25x25() {
    let puzzle = empty(25);
    for format in ["dot", "html", "text", "json"] {
        let Cost {
            cpu,
            peak,
            written,
            stderr: err,
            ..
        } = measured(&["trace", "--format", format, "--max-steps", "all", &puzzle]);
        eprintln!(
            "{format}: {:.2} s of processor time, peak {} MB, {} MB written",
            cpu.as_secs_f64(),
            peak >> 20,
            written >> 20
        );
        // 2 s of budget for the search, and a second for a debug build to
        // write the page out. Processor time, not the wall clock: under a
        // load of 8 on 2 cores the HTML view took 3.4 s of wall clock.
        if cfg!(target_os = "linux") {
            assert!(
                cpu > Duration::ZERO,
                "{format}: no processor time read from /proc"
            );
        }
        assert!(cpu < Duration::from_secs(3), "{format}: {cpu:?}\n{err}");
        assert!(peak < 256 << 20, "{format}: peak {} MB", peak >> 20);
        if format == "dot" || format == "html" {
            assert!(
                written < 256 << 20,
                "{format}: {} MB written",
                written >> 20
            );
            assert!(err.contains("the recording stopped the search"), "{err}");
        }
    }
}

/// `trace --check` feeds the checker as the search runs and keeps no
/// events; the checker's replay keeps every node, so at its bound (65,536
/// nodes) the check stops the search. An empty 25x25 with budgets far
/// beyond what the bound needs runs into it, in bounded memory (a recording
/// of every event grew for as long as the budgets let the search run).
#[test]
fn trace_check_stops_at_its_node_bound_in_bounded_memory() {
    let puzzle = empty(25);
    let Cost {
        peak, tail, stderr, ..
    } = measured(&[
        "trace",
        "--check",
        "--time-budget",
        "100s",
        "--memory-budget",
        "8GB",
        &puzzle,
    ]);
    eprintln!("check: peak {} MB\n{tail}", peak >> 20);
    assert!(
        tail.contains("the check stopped the search at 65,536 nodes"),
        "{tail}\n{stderr}"
    );
    assert!(tail.contains("every reason holds"), "{tail}\n{stderr}");
    assert!(peak < 192 << 20, "peak {} MB", peak >> 20);
}

/// The text view names a copying search's placements from a replay, which
/// it keeps for 65,536 nodes at most and then drops, saying so once; the
/// lines after it name no placement.
#[test]
fn the_text_view_drops_its_replay_at_the_bound() {
    // bfs enters an empty 9x9's levels one by one: 65,536 nodes lie in
    // its sixth level (9·8·…·4 = 60,480 nodes), the frontier under 200,000.
    let puzzle = empty(9);
    let note = "the replay behind the names keeps 65,536 nodes at most";
    let Cost {
        peak,
        tail,
        stderr,
        found,
        ..
    } = measured_finding(
        &[
            "trace",
            "--strategy",
            "bfs",
            "--max-steps",
            "all",
            "--time-budget",
            "100s",
            "--node-budget",
            "80000",
            "--memory-budget",
            "8GB",
            &puzzle,
        ],
        note,
    );
    eprintln!("text: peak {} MB", peak >> 20);
    assert_eq!(found, 1, "{tail}\n{stderr}");
    let named = |l: &&str| l.contains(" (r") && l.contains(" = ") && l.ends_with(')');
    assert_eq!(
        tail.lines().filter(named).count(),
        0,
        "a placement named after the bound:\n{tail}"
    );
}

/// A smaller memory budget makes a smaller recording: the cap follows it.
#[test]
fn the_recording_follows_the_memory_budget() {
    let puzzle = empty(25);
    let Cost {
        peak,
        written,
        stderr: err,
        ..
    } = measured(&[
        "trace",
        "--format",
        "dot",
        "--max-steps",
        "all",
        "--memory-budget",
        "20MB",
        &puzzle,
    ]);
    assert!(err.contains("exceed the memory budget"), "{err}");
    assert!(peak < 20 << 20, "peak {} MB", peak >> 20);
    assert!(written < 20 << 20, "{} MB written", written >> 20);
}

/// Runs `shell` in a pseudo-terminal of 80x24 (util-linux `script`), with
/// `keys` typed into it after a second; returns the transcript. Fails,
/// loudly, where `script` is missing (util-linux is part of every Debian).
fn in_a_terminal(shell: &str, keys: &str) -> Option<String> {
    let probe = Command::new("script")
        .arg("--version")
        .output()
        .expect("util-linux `script` is needed to run the animation in a terminal");
    assert!(probe.status.success(), "`script --version` failed");
    let mut child = Command::new("script")
        .args([
            "-qec",
            &format!("stty rows 24 cols 80; {shell}"),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take().unwrap();
    let keys = keys.to_string();
    let typist = std::thread::spawn(move || {
        use std::io::Write;
        std::thread::sleep(Duration::from_secs(2));
        let _ = stdin.write_all(keys.as_bytes());
        let _ = stdin.flush();
        std::thread::sleep(Duration::from_secs(3));
    });
    let out = child.wait_with_output().unwrap();
    typist.join().unwrap();
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Issue 13 defect 4: killed from outside by SIGINT, SIGTERM or SIGHUP,
/// the animation leaves echo on, the main screen and the cursor shown.
#[test]
fn a_signalled_animation_restores_the_terminal() {
    for signal in ["INT", "TERM", "HUP"] {
        let shell = format!(
            "{} trace --animate --delay 1s ..3..4.221...... < /dev/tty & p=$!; sleep 1; \
             kill -{signal} $p; wait $p; echo exit=$?; stty -a | grep -o -- '[- ]echo ' | head -1",
            bin().display()
        );
        let out = in_a_terminal(&shell, "").expect("script ran");
        let tail = out.rsplit("\x1b[?1049h").next().unwrap();
        assert!(
            tail.contains("\x1b[?1049l"),
            "{signal}: still on the alternate screen\n{out:?}"
        );
        assert!(
            tail.contains("\x1b[?25h"),
            "{signal}: cursor left hidden\n{out:?}"
        );
        assert!(out.contains("exit=130"), "{signal}: {out:?}");
        assert!(out.contains("animation interrupted"), "{signal}: {out:?}");
        let echo = out.lines().last().unwrap_or("").trim();
        assert_eq!(echo, "echo", "{signal}: echo left off\n{out:?}");
    }
}

/// Issue 18: on an 80x24 terminal a 25x25 grid scrolls under the status
/// lines, the step total is the search's, the summary fits the width and
/// stays on the main screen after q, and a capped animation shows the
/// solution beside "solved", not the partial grid.
#[test]
fn the_animation_fits_a_small_terminal_and_leaves_its_summary() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/25x25.txt"),
    )
    .unwrap();
    let puzzle = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap();
    let shell = format!(
        "{} trace --animate --delay 1ms --max-steps 300 {puzzle}",
        bin().display()
    );
    let out = in_a_terminal(&shell, "q").expect("script ran");
    let plain = |s: &str| {
        let mut t = String::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                // CSI: up to the final letter; a cursor move is a new line.
                let mut seq = String::new();
                for d in chars.by_ref() {
                    seq.push(d);
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
                if seq.ends_with('H') {
                    t.push('\n');
                }
            } else if c != '\r' {
                t.push(c);
            }
        }
        t
    };
    let (screen, main) = out
        .rsplit_once("\x1b[?1049l")
        .expect("left the alternate screen");
    let last = plain(screen.rsplit("\x1b[1;1H").next().unwrap());
    assert!(last.contains("of 25 (the terminal is too short"), "{last}");
    assert!(
        last.contains("the animation stops at 300: --max-steps"),
        "{last}"
    );
    assert!(!last.contains("step 300 of 300"), "{last}");
    assert!(last.contains("(the grid shows the"), "{last}");
    assert!(
        !last
            .lines()
            .any(|l| l.contains(" | ") && l.split_whitespace().any(|w| w == ".")),
        "a partial grid beside solved:\n{last}"
    );
    for line in last.lines().chain(plain(main).lines()) {
        assert!(line.chars().count() <= 80, "wraps at 80: {line}");
    }
    let main = plain(main);
    assert!(
        main.contains("summary: ") && main.contains("max depth"),
        "{main}"
    );
    assert!(main.contains("result: solved"), "{main}");
}
