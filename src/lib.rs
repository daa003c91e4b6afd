//! Intrigue: a UCI chess engine whose main search is interest search, with
//! a classical alpha-beta mode beside it.

pub mod bench;
pub mod book;
pub mod datagen;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod game;
pub mod interest_fit;
pub mod lab;
pub mod label;
pub mod perft;
pub mod rng;
pub mod search;
pub mod settings;
pub mod train;
pub mod tt;
pub mod tune;
pub mod uci;
pub mod wdl_fit;
