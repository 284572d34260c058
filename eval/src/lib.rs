//! Per-variant static evaluation.
