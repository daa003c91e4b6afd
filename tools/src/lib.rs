//! Intrigue's tools: what built its evaluation, network, book and learned
//! interest, and the lab of the papers' random-tree experiments. They use
//! the engine (`intrigue`) as a library; the engine knows nothing of them.

pub mod datagen;
pub mod epd;
pub mod interest_fit;
pub mod lab;
pub mod label;
pub mod packed;
pub mod relabel;
pub mod selfplay;
pub mod spsa;
pub mod train;
pub mod tune;
pub mod wdl_fit;
