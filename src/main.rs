//! `pbrain-wuzi`: with no arguments, speak the Gomocup protocol on stdin/stdout;
//! `pbrain-wuzi bench` runs the fixed-depth benchmark.
//!
//! Argument dispatch only. In protocol mode nothing may reach stderr (Piskvork reads the
//! brain's stderr as replies), so panics are logged, never printed, and logging is off
//! unless `WUZI_LOG` names a file.

use std::io::Write;
use std::time::Instant;

const USAGE: &str = "\
usage: pbrain-wuzi            speak the Gomocup protocol on stdin/stdout
       pbrain-wuzi bench [..]  run the fixed-depth benchmark
       pbrain-wuzi --help | --version

environment:
  WUZI_LOG=FILE         append a log to FILE (off by default; never to stderr)
  WUZI_LOG_LEVEL=LEVEL  off, error, warn, info (default), debug or trace
";

fn main() {
    init_logging();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        None => {
            std::panic::set_hook(Box::new(|info| log::error!("panic: {info}")));
            wuzi::protocol::run_stdio()
        }
        Some("bench") => wuzi::bench::run(&args[1..]),
        Some("--help" | "-h" | "help") => {
            print!("{USAGE}");
            0
        }
        Some("--version" | "-V") => {
            println!("pbrain-wuzi {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Some(other) => {
            print!("unknown argument '{other}'\n{USAGE}");
            2
        }
    };
    let _ = std::io::stdout().flush();
    // Exit at once: after END a search thread may still be stopping.
    std::process::exit(code);
}

/// Logs to the file named by `WUZI_LOG`, at `WUZI_LOG_LEVEL` (default `info`). Any
/// failure leaves logging off: it must never disturb a game.
fn init_logging() {
    let Some(path) = std::env::var_os("WUZI_LOG").filter(|p| !p.is_empty()) else {
        return;
    };
    let Ok(file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    else {
        return;
    };
    // A plain level, parsed here: env_logger's own filter parser prints its complaints
    // about a bad spec on stderr.
    let level = std::env::var("WUZI_LOG_LEVEL")
        .ok()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(log::LevelFilter::Info);
    let t0 = Instant::now();
    let pid = std::process::id();
    let _ = env_logger::Builder::new()
        .filter_level(level)
        .target(env_logger::Target::Pipe(Box::new(file)))
        .write_style(env_logger::WriteStyle::Never)
        .format(move |buf, record| {
            writeln!(
                buf,
                "{pid} {:9.3} {:5} {}",
                t0.elapsed().as_secs_f64(),
                record.level(),
                record.args()
            )
        })
        .try_init();
}
