//! Shared helpers for the integration tests.
pub mod coherent_reference;
pub mod data;
pub mod python;
pub mod skip;
