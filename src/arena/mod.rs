//! `wuzi-match`: engine-vs-engine matches between any Gomocup brains.
//!
//! One concern per module:
//! * [`engine`]: a brain process, its lines with timestamps, deadlines, END and kill;
//! * [`game`]: one game the way strict managers play it, and every way to lose it;
//! * [`judge`]: the referee (fives per rule, renju fouls, draws);
//! * [`openings`]: opening files (c-gomoku-cli's offset format, plain move lists) and the
//!   shipped balanced sets; [`genopen`] makes such sets with Wuzi's search;
//! * [`stats`]: Elo with its interval, LOS, SPRT;
//! * [`record`]: PSQ and SGF records;
//! * [`tournament`]: the schedule, the worker threads, the running summary;
//! * [`report`]: progress line and final report; [`cli`]: the command line.
//!
//! The runner uses the engine's library only for the referee's board.

pub mod cli;
pub mod engine;
pub mod game;
pub mod genopen;
pub mod judge;
pub mod openings;
pub mod record;
pub mod report;
pub mod stats;
pub mod tournament;
