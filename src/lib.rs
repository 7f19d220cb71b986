//! Wuzi: a Gomoku (five-in-a-row) engine speaking the Gomocup / Piskvork brain protocol.
//!
//! Module map (dependencies point one way): `types` <- `board` <- `search` <-
//! {`protocol`, `bench`} <- the binary. `time` depends only on `std`. `arena` (the match
//! runner behind the `wuzi-match` binary) uses `board` as its referee and `search` for
//! making openings. `tune` (behind `wuzi-tune`) fits the evaluation weights to games.

pub mod arena;
pub mod bench;
pub mod board;
mod cellset;
pub mod eval;
pub mod pattern;
pub mod protocol;
pub mod search;
pub mod time;
pub mod tt;
pub mod tune;
pub mod types;
