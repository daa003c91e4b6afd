//! The lab: the experiments of the papers behind Intrigue's search ideas,
//! rerun on Korf's random game trees so anyone can hold our implementation
//! against the published tables (`intrigue-tools lab …`, docs/lab.md).
//!
//! * [`tree`]: the game-tree trait and the random trees;
//! * [`protocol`]: how children are generated, ordered and counted;
//! * [`minimax`], [`alphabeta`], [`forward`]: the searches, each generic
//!   over the trait; forward estimation is alpha-beta plus its pruning rule;
//! * [`conspiracy`]: conspiracy numbers, CAEV and their brute-force check;
//! * [`experiment`]: the tables; [`plot`]: their SVG charts;
//! * [`command`]: the `intrigue-tools lab` arguments and reports.

pub mod alphabeta;
pub mod command;
pub mod conspiracy;
pub mod experiment;
pub mod forward;
pub mod minimax;
pub mod plot;
pub mod protocol;
pub mod tree;

pub use command::{run_conspiracy, run_forward, ConspiracyArgs, ForwardArgs, LabError};
