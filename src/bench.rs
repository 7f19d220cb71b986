//! `pbrain-wuzi bench`: fixed positions searched to a fixed depth. PLACEHOLDER.

/// Runs the benchmark with the command-line arguments after `bench`; returns the exit code.
pub fn run(_args: &[String]) -> i32 {
    0
}
