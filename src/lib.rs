//! Host package for the criterion benches in `benches/`; no code of its own.
