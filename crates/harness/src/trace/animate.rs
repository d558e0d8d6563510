//! `--animate`: the grid redrawn in place, one step at a time.
//!
//! The search is recorded first (at most `--max-steps` events), then
//! replayed: the grid shown is the state the search is in, the cell of the
//! current step is highlighted (green for a placement, red for an undo or
//! a dead end). A [`TerminalGuard`] restores the terminal when it is
//! dropped: on a normal exit, on an error and on a panic.

use super::*;
use crossterm::event::{
    self as term_event, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers,
};
use crossterm::style::{
    Attribute, Color, Print, ResetColor, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Raw mode, the alternate screen and a hidden cursor while alive; the
/// terminal as it was once dropped.
pub struct TerminalGuard;

impl TerminalGuard {
    pub fn new() -> io::Result<TerminalGuard> {
        terminal::enable_raw_mode()?;
        let guard = TerminalGuard;
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

fn restore() {
    let _ = execute!(
        io::stdout(),
        ResetColor,
        cursor::Show,
        terminal::LeaveAlternateScreen
    );
    let _ = terminal::disable_raw_mode();
}

/// What a key asks for.
enum Key {
    Quit,
    Faster,
    Slower,
    Pause,
    Step,
    None,
}

fn read_key(timeout: Duration) -> io::Result<Key> {
    if !term_event::poll(timeout)? {
        return Ok(Key::None);
    }
    Ok(match term_event::read()? {
        TermEvent::Key(key) if key.kind != KeyEventKind::Release => match key.code {
            KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Key::Quit,
            KeyCode::Char('+') | KeyCode::Char('=') | KeyCode::Up => Key::Faster,
            KeyCode::Char('-') | KeyCode::Down => Key::Slower,
            KeyCode::Char(' ') => Key::Pause,
            KeyCode::Right | KeyCode::Char('n') => Key::Step,
            _ => Key::None,
        },
        _ => Key::None,
    })
}

/// How a cell is drawn in the current frame.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Placed,
    Undone,
    DeadEnd,
}

struct Frame<'a> {
    puzzle: &'a Grid,
    grid: Grid,
    mark: Option<(usize, Mark)>,
    solved: bool,
    lines: Vec<String>,
}

/// Breaks a line at `, ` or spaces so that no piece is wider than `width`:
/// a wrapped status line would push the next one off its place.
pub fn fit(line: &str, width: usize) -> Vec<String> {
    let width = width.max(20);
    let mut out = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let extra = if current.is_empty() { 0 } else { 1 };
        if !current.is_empty() && current.chars().count() + extra + word.chars().count() > width {
            out.push(std::mem::take(&mut current));
            current.push_str("  ");
        } else if extra == 1 {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out
}

/// The terminal's size, or 80x24 when it cannot be asked.
fn term_size() -> (usize, usize) {
    match terminal::size() {
        Ok((w, h)) if w > 0 && h > 0 => (w as usize, h as usize),
        _ => (80, 24),
    }
}

/// Clears the rest of the line and moves to the start of the next one.
fn line_end(out: &mut impl Write, y: &mut u16) -> io::Result<()> {
    queue!(out, terminal::Clear(ClearType::UntilNewLine))?;
    *y += 1;
    queue!(out, cursor::MoveTo(0, *y))
}

/// Draws the status lines first (fitted to the width), then as much of the
/// grid as the height leaves, scrolled to keep the marked cell in view: on
/// a 24-row terminal a 25x25 grid never hides the status.
fn draw(out: &mut impl Write, frame: &Frame) -> io::Result<()> {
    let (width, height) = term_size();
    let shape = frame.puzzle.shape();
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    queue!(out, cursor::MoveTo(0, 0))?;
    let mut y = 0u16;
    let status: Vec<String> = frame
        .lines
        .iter()
        .flat_map(|line| fit(line, width.saturating_sub(1)))
        .collect();
    // The grid's display lines: rows, and a rule between bands.
    let mut display: Vec<Option<usize>> = Vec::new();
    for r in 0..n {
        if r > 0 && r % br == 0 {
            display.push(None);
        }
        display.push(Some(r));
    }
    let room = height.saturating_sub(status.len() + 2).max(3);
    let (first, last) = if display.len() <= room {
        (0, display.len())
    } else {
        let row = frame.mark.map_or(0, |(cell, _)| cell / n);
        let at = display.iter().position(|d| *d == Some(row)).unwrap_or(0);
        let first = at.saturating_sub(room / 2).min(display.len() - room);
        (first, first + room)
    };
    for line in &status {
        queue!(out, Print(line))?;
        line_end(out, &mut y)?;
    }
    let rows_shown = display[first..last].iter().flatten().collect::<Vec<_>>();
    if last - first < display.len() {
        let (a, b) = (
            rows_shown.first().map_or(0, |r| **r + 1),
            rows_shown.last().map_or(0, |r| **r + 1),
        );
        queue!(
            out,
            Print(format!(
                "rows {a}-{b} of {n} (the terminal is too short for the whole grid)"
            ))
        )?;
    }
    line_end(out, &mut y)?;
    // The rule between bands mirrors a row: `+` under each `|`, `-` elsewhere.
    let row: String = (0..n)
        .map(|c| {
            if c > 0 && c % bc == 0 {
                " | ."
            } else if c > 0 {
                " ."
            } else {
                "."
            }
        })
        .collect();
    let rule: String = row
        .chars()
        .map(|ch| if ch == '|' { '+' } else { '-' })
        .collect();
    for line in &display[first..last] {
        let Some(r) = *line else {
            queue!(out, Print(&rule))?;
            line_end(out, &mut y)?;
            continue;
        };
        for c in 0..n {
            if c > 0 {
                queue!(out, Print(if c % bc == 0 { " | " } else { " " }))?;
            }
            let cell = r * n + c;
            let digit = frame.grid.get(cell);
            let given = frame.puzzle.get(cell) != 0;
            let mark = frame.mark.filter(|(at, _)| *at == cell).map(|(_, m)| m);
            match mark {
                Some(Mark::Placed) => queue!(
                    out,
                    SetBackgroundColor(Color::DarkGreen),
                    SetForegroundColor(Color::White)
                )?,
                Some(Mark::Undone) => queue!(
                    out,
                    SetBackgroundColor(Color::DarkRed),
                    SetForegroundColor(Color::White)
                )?,
                Some(Mark::DeadEnd) => queue!(
                    out,
                    SetBackgroundColor(Color::Red),
                    SetForegroundColor(Color::White)
                )?,
                None if given => queue!(out, SetAttribute(Attribute::Bold))?,
                None if frame.solved => queue!(out, SetForegroundColor(Color::Green))?,
                None => queue!(out, SetForegroundColor(Color::Cyan))?,
            }
            let symbol = if digit == 0 { '.' } else { digit_symbol(digit) };
            queue!(
                out,
                Print(symbol),
                SetAttribute(Attribute::Reset),
                ResetColor
            )?;
        }
        if y as usize + 1 < height {
            line_end(out, &mut y)?;
        }
    }
    queue!(out, terminal::Clear(ClearType::FromCursorDown))?;
    out.flush()
}

/// SIGINT, SIGTERM and SIGHUP from outside (raw mode turns Ctrl-C into a
/// key): set while the animation runs; the loop polls it, restores the
/// terminal and exits.
fn watch_signals() -> (Arc<AtomicBool>, Vec<signal_hook::SigId>) {
    let flag = Arc::new(AtomicBool::new(false));
    let ids = [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ]
    .iter()
    .filter_map(|&sig| signal_hook::flag::register(sig, Arc::clone(&flag)).ok())
    .collect();
    (flag, ids)
}

pub fn run(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &sudoku_core::Limits,
    max: Option<u64>,
    delay: Duration,
) -> Status {
    // The animation plays for as long as one watches: only memory bounds it.
    let cost = Cost {
        bytes: 400,
        per_second: None,
    };
    let (outcome, recorder) = record(solver, puzzle, limits, max, cost);
    match play(solver, puzzle, &outcome, &recorder, delay) {
        Ok(false) => Status::Ok,
        Ok(true) => Status::Interrupted,
        Err(e) => {
            eprintln!("error: --animate: {e}");
            Status::Failed
        }
    }
}

/// What the loop does after a frame.
enum Next {
    Advance,
    Redraw,
    Quit,
}

/// Waits `delay` (or, when paused or done, for a key), reacting to keys.
fn wait(
    delay: &mut Duration,
    paused: &mut bool,
    done: bool,
    signalled: &AtomicBool,
) -> io::Result<Next> {
    let deadline = Instant::now() + *delay;
    loop {
        if signalled.load(Ordering::Relaxed) {
            return Ok(Next::Quit);
        }
        let waiting = *paused || done;
        // Short polls, so that a signal is seen within 100 ms.
        let timeout = if waiting {
            Duration::from_millis(100)
        } else {
            deadline
                .saturating_duration_since(Instant::now())
                .min(Duration::from_millis(100))
        };
        if !waiting && Instant::now() >= deadline {
            return Ok(Next::Advance);
        }
        match read_key(timeout)? {
            Key::Quit => return Ok(Next::Quit),
            Key::Faster => {
                *delay = (*delay / 2).max(Duration::from_millis(1));
                return Ok(Next::Redraw);
            }
            Key::Slower => {
                *delay = (*delay * 2).min(Duration::from_secs(5));
                return Ok(Next::Redraw);
            }
            Key::Pause if !done => {
                *paused = !*paused;
                return Ok(Next::Redraw);
            }
            Key::Step if *paused && !done => return Ok(Next::Advance),
            _ => {}
        }
    }
}

fn play(
    solver: &dyn Solver,
    puzzle: &Grid,
    outcome: &Outcome,
    recorder: &Recorder,
    mut delay: Duration,
) -> io::Result<bool> {
    let shape = puzzle.shape();
    let (signalled, signal_ids) = watch_signals();
    let guard = TerminalGuard::new()?;
    // A panic below still restores the terminal: the guard is dropped
    // while unwinding, and the hook covers builds with `panic = "abort"`.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    let mut out = io::stdout();
    let mut replay = Replay::new(puzzle);
    let mut counter = Counter::default();
    let mut backtracks = 0u64;
    let mut grid = puzzle.clone();
    let mut paused = false;
    let total = recorder.events.len();
    let hidden = recorder.seen - total as u64;
    // Events applied so far, the mark and the words of the last one.
    let mut step = 0;
    let mut mark = None;
    let mut what = "the puzzle as given".to_string();
    // The search's own number of steps, and what cut the animation short.
    let of_total = if hidden > 0 {
        format!(
            "{} (the animation stops at {}: --max-steps)",
            thousands(recorder.seen),
            thousands(total as u64)
        )
    } else if outcome.stop.is_budget() {
        format!(
            "{} (then the {} stopped the search)",
            thousands(total as u64),
            outcome.stop.as_str().replace('-', " ")
        )
    } else {
        thousands(total as u64)
    };
    let result = loop {
        let done = step >= total;
        let mut lines = vec![
            format!(
                "{} on a {}x{} puzzle ({} boxes)",
                solver.id(),
                shape.side(),
                shape.side(),
                shape
            ),
            format!("step {} of {}: {what}", thousands(step as u64), of_total),
            format!(
                "so far: {} nodes, {} backtracks, {} solution{}; delay {} ms{}",
                thousands(counter.nodes),
                thousands(backtracks),
                counter.solutions,
                if counter.solutions == 1 { "" } else { "s" },
                delay.as_millis(),
                if paused { " (paused)" } else { "" }
            ),
        ];
        // Cut by the step cap with a solution found later: show that
        // solution, said to be one, never the partial grid beside it.
        let solved = done && !outcome.solutions.is_empty();
        if done {
            if hidden > 0 {
                lines.push(format!(
                    "... {} more steps not shown (--max-steps N or all)",
                    thousands(hidden)
                ));
            }
            lines.push(summary_text(&outcome.stats, solver.info()));
            let mut result = result_text(outcome);
            if hidden > 0 && solved {
                result.push_str(
                    " (the grid shows the solution the search reached after the steps shown)",
                );
            } else if hidden > 0 {
                result
                    .push_str(" (after the steps shown; the grid is where the animation stopped)");
            }
            lines.push(result);
            lines.push("press q to quit".to_string());
        } else {
            lines.push(
                "keys: + faster, - slower, space pause, n next step while paused, q quit"
                    .to_string(),
            );
        }
        let shown = if solved {
            outcome.solutions[0].clone()
        } else {
            grid.clone()
        };
        draw(
            &mut out,
            &Frame {
                puzzle,
                grid: shown,
                mark,
                solved,
                lines,
            },
        )?;

        match wait(&mut delay, &mut paused, done, &signalled)? {
            Next::Quit => break Ok(()),
            Next::Redraw => continue,
            Next::Advance => {}
        }
        let Some(&event) = recorder.events.get(step) else {
            continue;
        };
        step += 1;
        counter.see(&event);
        // The grid comes from the replay model every view shares.
        let at = replay.apply(&event);
        grid = Grid::from_cells(shape, replay.board().to_vec()).unwrap_or_else(|| grid.clone());
        what = describe(shape, &event, counter.nodes, counter.solutions);
        mark = match event {
            Event::Place { .. } => at.cell.map(|c| (c, Mark::Placed)),
            Event::Undo { backtrack, .. } => {
                backtracks += backtrack as u64;
                at.cell.map(|c| (c, Mark::Undone))
            }
            Event::DeadEnd { .. } => at.cell.map(|c| (c, Mark::DeadEnd)),
            _ => None,
        };
    };
    let _ = std::panic::take_hook();
    drop(guard);
    for id in signal_ids {
        signal_hook::low_level::unregister(id);
    }
    let interrupted = signalled.load(Ordering::Relaxed);
    // Back on the main screen: the summary stays visible after q.
    let mut main = io::stdout();
    if interrupted {
        writeln!(
            main,
            "animation interrupted at step {} of {}",
            thousands(step as u64),
            of_total
        )?;
    }
    let width = term_size().0.saturating_sub(1);
    for line in [
        summary_text(&outcome.stats, solver.info()),
        result_text(outcome),
    ] {
        for piece in fit(&line, width) {
            writeln!(main, "{piece}")?;
        }
    }
    main.flush()?;
    result.map(|()| interrupted)
}
