//! `pbrain-wuzi`: with no arguments, speak the Gomocup protocol on stdin/stdout;
//! `pbrain-wuzi bench` runs the fixed-depth benchmark.

fn main() {
    std::process::exit(0);
}
