//! The server's endpoints over real HTTP: the rules calls, PGN, and engine sessions with
//! the real engine and with one that dies.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{engine_binary, start};

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// POSTs form `params` to `path`; the status and body.
fn post(addr: SocketAddr, path: &str, params: &[(&str, &str)]) -> (u16, String) {
    post_with_host(addr, path, params, "localhost")
}

fn post_with_host(
    addr: SocketAddr,
    path: &str,
    params: &[(&str, &str)],
    host: &str,
) -> (u16, String) {
    let body: Vec<String> = params.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
    let body = body.join("&");
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {host}:{}\r\nContent-Type: \
         application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        addr.port(),
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").unwrap().1.to_string();
    (status, body)
}

/// A page's event stream: (event, data) pairs as they come.
struct Events(BufReader<TcpStream>);

impl Events {
    fn open(addr: SocketAddr, id: &str) -> Events {
        let mut stream = TcpStream::connect(addr).unwrap();
        write!(stream, "GET /api/engine/events?id={id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            .unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        Events(reader)
    }

    /// The next event whose data contains `needle`, skipping others.
    fn wait_for(&mut self, kind: &str, needle: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut event = String::new();
        while Instant::now() < deadline {
            let mut line = String::new();
            if self.0.read_line(&mut line).unwrap() == 0 {
                panic!("the event stream ended while waiting for {kind}");
            }
            let line = line.trim_end();
            if let Some(name) = line.strip_prefix("event: ") {
                event = name.to_string();
            } else if let Some(data) = line.strip_prefix("data: ") {
                if event == kind && data.contains(needle) {
                    return data.to_string();
                }
            }
        }
        panic!("no {kind} event with {needle}");
    }
}

fn session_id(body: &str) -> String {
    body.trim_start_matches("{\"id\":").trim_end_matches('}').to_string()
}

#[test]
fn a_bad_fen_gets_a_clear_message() {
    let addr = start(PathBuf::from("/nonexistent"), 1);
    let (status, body) =
        post(addr, "/api/position", &[("variant", "gothic"), ("fen", "rnbqkbnr/8 w - - 0 1")]);
    assert_eq!(status, 400);
    assert_eq!(body, "{\"error\":\"Not a gothic FEN: 2 ranks, expected 8.\"}");
    let (status, body) = post(addr, "/api/position", &[("variant", "xiangqi")]);
    assert_eq!(status, 400);
    assert!(body.contains("unknown variant 'xiangqi'"), "{body}");
}

#[test]
fn positions_come_with_their_legal_moves() {
    let addr = start(PathBuf::from("/nonexistent"), 1);
    let (status, body) = post(addr, "/api/position", &[("variant", "shinobi"), ("moves", "J@c3")]);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"turn\":\"black\""), "{body}");
    assert!(body.contains("\"played\":[\"J@c3\"]"), "{body}");
    assert!(body.contains("\"lastMove\":[\"c3\"]"), "{body}");
    assert!(body.contains("{\"uci\":\"e7e5\",\"from\":\"e7\",\"to\":\"e5\"}"), "{body}");
    // Gethenian: every move flips the piece, so moves carry the flip.
    let (_, body) = post(addr, "/api/position", &[("variant", "gethenian")]);
    assert!(body.contains("{\"uci\":\"d2f3+\",\"from\":\"d2\",\"to\":\"f3\"}"), "{body}");
    let (status, body) =
        post(addr, "/api/position", &[("variant", "chess"), ("moves", "e2e4 e7e5 e1e3")]);
    assert_eq!(status, 400);
    assert!(body.contains("Move 3 is refused: illegal move 'e1e3'"), "{body}");
}

#[test]
fn pgn_round_trips_through_the_server() {
    let addr = start(PathBuf::from("/nonexistent"), 1);
    let params = [("variant", "coherent"), ("moves", "e4e5 e6d5"), ("white", "Ann")];
    let (status, body) = post(addr, "/api/pgn/export", &params);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("[Variant \\\"coherent\\\"]"), "{body}");
    assert!(body.contains("[White \\\"Ann\\\"]"), "{body}");
    let pgn = "[Variant \"coherent\"]\n\n1. e4e5 e6d5 *\n";
    let (status, body) = post(addr, "/api/pgn/import", &[("pgn", pgn)]);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"variant\":\"coherent\""), "{body}");
    assert!(body.contains("\"played\":[\"e4e5\",\"e6d5\"]"), "{body}");
    let (status, body) =
        post(addr, "/api/pgn/import", &[("pgn", "[Variant \"coherent\"]\n1. e4e9")]);
    assert_eq!(status, 400);
    assert!(body.contains("Move 1 is refused"), "{body}");
}

#[test]
fn requests_for_another_host_name_are_refused() {
    let addr = start(PathBuf::from("/nonexistent"), 1);
    let (status, _) = post_with_host(addr, "/api/position", &[], "evil.example");
    assert_eq!(status, 403);
    let (status, _) = post_with_host(addr, "/api/position", &[], "127.0.0.1");
    assert_eq!(status, 200);
}

#[test]
fn the_engine_searches_and_streams_its_lines() {
    let addr = start(engine_binary(), 1);
    let (status, body) = post(addr, "/api/engine/open", &[]);
    assert_eq!(status, 200, "{body}");
    let id = session_id(&body);
    let mut events = Events::open(addr, &id);
    events.wait_for("ready", "");

    // One engine only: a second page is told so.
    let (status, body) = post(addr, "/api/engine/open", &[]);
    assert_eq!(status, 503);
    assert!(body.contains("All 1 engines are in use"), "{body}");

    // A bad FEN is refused before the engine hears of it; the engine goes on.
    let (status, body) = post(
        addr,
        "/api/engine/go",
        &[("id", &id), ("variant", "chess"), ("fen", "8/8/8 w - - 0 1"), ("movetime", "50")],
    );
    assert_eq!(status, 400, "{body}");

    let moves = "e4e5";
    let params = [
        ("id", id.as_str()),
        ("variant", "coherent"),
        ("moves", moves),
        ("movetime", "200"),
        ("multipv", "2"),
        ("skill", "0"),
    ];
    let (status, body) = post(addr, "/api/engine/go", &params);
    assert_eq!(status, 200, "{body}");
    events.wait_for("uci", "multipv 2");
    let best = events.wait_for("uci", "bestmove");
    let best_move = best.split("bestmove ").nth(1).unwrap().split([' ', '"']).next().unwrap();
    let (status, body) = post(
        addr,
        "/api/position",
        &[("variant", "coherent"), ("moves", &format!("{moves} {best_move}"))],
    );
    assert_eq!(status, 200, "the engine's move {best_move} is legal: {body}");

    // UCI_Elo instead of Skill Level.
    let params =
        [("id", id.as_str()), ("variant", "shinobi"), ("elo", "1500"), ("movetime", "100")];
    let (status, body) = post(addr, "/api/engine/go", &params);
    assert_eq!(status, 200, "{body}");
    let search = body.trim_start_matches("{\"search\":").trim_end_matches('}').to_string();
    events.wait_for("uci", &format!("{{\"search\":{search},\"line\":\"bestmove"));

    // Infinite analysis runs until stopped.
    let (status, _) = post(
        addr,
        "/api/engine/go",
        &[("id", &id), ("variant", "gothic"), ("infinite", "1"), ("analyse", "1")],
    );
    assert_eq!(status, 200);
    events.wait_for("uci", "depth 3");
    let (status, _) = post(addr, "/api/engine/stop", &[("id", &id)]);
    assert_eq!(status, 200);
    events.wait_for("uci", "bestmove");
    post(addr, "/api/engine/close", &[("id", &id)]);
    let (status, _) = post(addr, "/api/engine/open", &[]);
    assert_eq!(status, 200, "closing gave the slot back");
}

#[test]
fn an_engine_that_dies_is_reported_and_can_be_restarted() {
    let dir = std::env::temp_dir().join(format!("ekumen-web-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("dying-engine.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read line; do case \"$line\" in\n  uci) echo uciok;;\n  \
         isready) echo readyok;;\n  go*) exit 3;;\nesac; done\n",
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&script).status().unwrap();
    let addr = start(script, 1);
    let (_, body) = post(addr, "/api/engine/open", &[]);
    let id = session_id(&body);
    let mut events = Events::open(addr, &id);
    events.wait_for("ready", "");
    let (status, _) =
        post(addr, "/api/engine/go", &[("id", &id), ("variant", "chess"), ("movetime", "10")]);
    assert_eq!(status, 200);
    let dead = events.wait_for("dead", "");
    assert!(dead.contains("The engine stopped (exit status: 3)"), "{dead}");
    let (status, body) =
        post(addr, "/api/engine/go", &[("id", &id), ("variant", "chess"), ("movetime", "10")]);
    assert_eq!(status, 409);
    assert!(body.contains("restart it"), "{body}");
    // The server goes on, and the engine comes back.
    let (status, _) = post(addr, "/api/position", &[("variant", "chess")]);
    assert_eq!(status, 200);
    let (status, body) = post(addr, "/api/engine/restart", &[("id", &id)]);
    assert_eq!(status, 200, "{body}");
    events.wait_for("ready", "");
    let _ = std::fs::remove_dir_all(&dir);
}
