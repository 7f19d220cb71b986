//! Wuzi: a Gomoku (five-in-a-row) engine speaking the Gomocup / Piskvork brain protocol.
//!
//! Module map (dependencies point one way): `types` <- `pattern` <- `board` <- `eval` <-
//! `search` <- {`protocol`, `bench`} <- the binary. `time` depends only on `std`. `arena`
//! (the match runner behind `wuzi-match`) uses `board` as its referee and `search` for
//! making openings. `tune` (behind `wuzi-tune`) fits the classical evaluation to games;
//! `datagen` (behind `wuzi-datagen`) makes self-play training data. README
//! "Architecture" has the whole map.

pub mod arena;
pub mod bench;
pub mod board;
mod cellset;
pub mod datagen;
pub mod eval;
pub mod pattern;
pub mod protocol;
pub mod search;
pub mod time;
pub mod tt;
pub mod tune;
pub mod types;
