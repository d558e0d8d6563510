//! `sudoku-lab sets`: a folder's puzzle files as the readers see them.

use crate::common::run;

fn folder() -> std::path::PathBuf {
    let dir = crate::common::scratch_path("sudoku-lab-sets");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inner")).unwrap();
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    std::fs::write(
        dir.join("a.txt"),
        format!("# two hard ones and a typo\n{puzzle}\n{puzzle}\n12x4\n\n1...\n..2.\n.3..\n...4\n"),
    )
    .unwrap();
    std::fs::write(dir.join("inner/rated.txt"), format!("{puzzle} 9.1\n")).unwrap();
    std::fs::write(dir.join("notes.md"), "not a puzzle file").unwrap();
    dir
}

#[test]
fn sets_counts_puzzles_sizes_ratings_and_refused_lines_in_every_folder() {
    let dir = folder();
    let (code, out, err) = run(&["sets", dir.to_str().unwrap(), "--format", "json"], "");
    assert_eq!(code, 0, "{err}");
    let files: serde_json::Value = serde_json::from_str(&out).unwrap();
    let files = files.as_array().unwrap();
    assert_eq!(files.len(), 2, "{out}");
    let a = &files[0];
    assert!(a["file"].as_str().unwrap().ends_with("a.txt"));
    assert_eq!(a["puzzles"], 3);
    assert_eq!(a["unreadable"], 1);
    assert_eq!(a["sizes"]["9x9"], 2);
    assert_eq!(a["sizes"]["4x4"], 1);
    assert_eq!(a["rated"], 0);
    assert_eq!(a["about"], "two hard ones and a typo");
    let rated = &files[1];
    assert!(rated["file"].as_str().unwrap().ends_with("rated.txt"));
    assert_eq!(rated["rated"], 1);
    let (code, table, _) = run(&["sets", dir.to_str().unwrap()], "");
    assert_eq!(code, 0);
    assert!(
        table.contains("9x9: 2, 4x4: 1") || table.contains("4x4: 1, 9x9: 2"),
        "{table}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sets_on_a_missing_folder_says_so_and_exits_2() {
    let (code, _, err) = run(&["sets", "no/such/folder"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no/such/folder"), "{err}");
}
