//! UCI and USI protocol.
