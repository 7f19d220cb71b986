//! `wuzi-match`: plays Gomocup brains against each other; see `wuzi-match --help` and the
//! README's "Matches" section. Argument handling lives in [`wuzi::arena::cli`].

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = wuzi::arena::cli::main(&args);
    std::process::exit(code);
}
