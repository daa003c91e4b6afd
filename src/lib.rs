//! Intrigue: a UCI chess engine whose main search is interest search, with
//! a classical alpha-beta mode beside it.

pub mod bench;
pub mod book;
pub mod engine;
pub mod eval;
pub mod game;
pub mod perft;
pub mod rng;
pub mod search;
pub mod settings;
pub mod tt;
pub mod uci;
