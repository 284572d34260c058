//! `ekumen-web`: a local web server to play and analyse every Ekumen variant in the
//! browser (docs/web.md).
//!
//! The page it serves (web/page, built to web/page/dist) holds no rules: legal moves,
//! move notation, FEN checks, game ends and PGN come from `ekumen-movegen` through
//! [`rules`] and [`pgn`]; the engine is the native `ekumen` binary, one process per page,
//! spoken to in UCI by [`engine`]. [`http`] is a small std-only HTTP/1.1 layer with
//! server-sent events, enough for a loopback server with a dozen routes.

pub mod engine;
pub mod http;
pub mod pgn;
pub mod rules;
pub mod server;
