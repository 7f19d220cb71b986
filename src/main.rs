//! `pbrain-wuzi`: with no arguments, speak the Gomocup protocol on stdin/stdout;
//! `pbrain-wuzi bench` runs the fixed-depth benchmark.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        std::process::exit(wuzi::bench::run(&args[1..]));
    }
    std::process::exit(0);
}
