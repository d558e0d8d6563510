//! Builds tdoku's solver from the checkout named by `TDOKU_DIR` (nothing of
//! tdoku's source is in this repository), with the `cc` crate, and tells the
//! crate it is linked (`cfg(tdoku_linked)`). Without the variable the crate
//! builds with no row in it; with the `required` feature that is an error.
use std::path::PathBuf;

const SOURCES: [&str; 2] = ["src/solver_dpll_triad_simd.cc", "src/util.cc"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku_linked)");
    println!("cargo::rerun-if-env-changed=TDOKU_DIR");
    let required = std::env::var_os("CARGO_FEATURE_REQUIRED").is_some();
    let Some(dir) = std::env::var_os("TDOKU_DIR").filter(|d| !d.is_empty()) else {
        if required {
            panic!(
                "the tdoku row needs TDOKU_DIR: set it to a checkout of \
                 t-dillon/tdoku (its src/ and include/ are built), e.g. \
                 TDOKU_DIR=$HOME/tdoku cargo build --release --features tdoku"
            );
        }
        return;
    };
    let dir = PathBuf::from(dir);
    for file in SOURCES {
        let path = dir.join(file);
        if !path.is_file() {
            panic!(
                "TDOKU_DIR={} has no {file}: point it at a checkout of t-dillon/tdoku",
                dir.display()
            );
        }
        println!("cargo::rerun-if-changed={}", path.display());
    }
    // As tdoku's own build does: -O3 for the host's CPU, C++14, no
    // exceptions or RTTI. `-march=native` makes the binary fit this machine
    // only, which is what a measuring row wants.
    cc::Build::new()
        .cpp(true)
        .files(SOURCES.map(|f| dir.join(f)))
        .include(dir.join("include"))
        .include(dir.join("src"))
        .opt_level(3)
        .flag_if_supported("-std=c++14")
        .flag_if_supported("-march=native")
        .flag_if_supported("-fno-exceptions")
        .flag_if_supported("-fno-rtti")
        .warnings(false)
        .compile("tdoku");
    println!("cargo::rustc-cfg=tdoku_linked");
}
