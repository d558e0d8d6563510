use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let t0 = Instant::now();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let p = line.split_whitespace().next().unwrap();
        let g: sudoku_core::Grid = p.parse().unwrap();
        let t = Instant::now();
        let path = sudoku_human::solve_path(&g, sudoku_human::Options::default(), usize::MAX);
        let r = path.rating();
        println!(
            "{p} {:?} {:?} {:?} {}",
            r.er,
            r.ep,
            r.ed,
            t.elapsed().as_micros()
        );
    }
    eprintln!("total {:?}", t0.elapsed());
}
