//! The routes: the page's static files, the rules (`/api/position`, `/api/pgn/*`) and
//! the engine sessions (`/api/engine/*`). docs/web.md lists them with their parameters.
//!
//! Only a validated game reaches an engine: the FEN is the one the rules module printed
//! and every move was found legal, so no text from the page is written to an engine's
//! input as it came.

use std::fs;
use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use ekumen_movegen::VariantId;

use crate::engine::{EngineConfig, SearchRequest, Session, Sessions};
use crate::http::{self, json_string, Request, Response};
use crate::pgn;
use crate::rules::{variant_named, Game, RulesError};

/// How often an idle event stream is checked by a comment line (a closed page is found).
const HEARTBEAT: Duration = Duration::from_secs(5);

#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub engine: EngineConfig,
    /// The built page (index.html and its bundle).
    pub static_dir: PathBuf,
}

#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    sessions: Arc<Sessions>,
    static_dir: PathBuf,
    loopback: bool,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port).
    ///
    /// # Errors
    /// The address cannot be bound.
    pub fn bind(addr: SocketAddr, config: ServerConfig) -> io::Result<Server> {
        let listener = TcpListener::bind(addr)?;
        Ok(Server {
            listener,
            sessions: Sessions::new(config.engine),
            static_dir: config.static_dir,
            loopback: addr.ip().is_loopback(),
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    /// Serves until the process ends, a thread per connection.
    pub fn run(self) {
        let shared = Arc::new(self);
        for stream in shared.listener.incoming() {
            let Ok(stream) = stream else { continue };
            let server = shared.clone();
            thread::spawn(move || server.serve(stream));
        }
    }

    fn serve(&self, stream: TcpStream) {
        let request = match http::read_request(&stream) {
            Ok(request) => request,
            Err(e) => {
                let _ = Response::error(400, &e.to_string()).send(&stream);
                return;
            }
        };
        // A page on another site could reach a loopback server through a host name it
        // controls (DNS rebinding); such requests carry that name.
        if self.loopback && !matches!(request.host.as_str(), "localhost" | "127.0.0.1" | "[::1]") {
            let _ = Response::error(403, "Unexpected Host header").send(&stream);
            return;
        }
        if request.method == "GET" && request.path == "/api/engine/events" {
            self.stream_events(&request, &stream);
            return;
        }
        let response = self.respond(&request);
        let _ = response.send(&stream);
    }

    fn respond(&self, request: &Request) -> Response {
        let path = request.path.as_str();
        if !path.starts_with("/api/") {
            return if request.method == "GET" {
                self.static_file(path)
            } else {
                Response::error(405, "Only GET serves files")
            };
        }
        if path != "/api/variants" && request.method != "POST" {
            return Response::error(405, "API calls are POST requests");
        }
        let result = match path {
            "/api/variants" => Ok(variants_json()),
            "/api/position" => game_of(request).map(|g| g.to_json()),
            "/api/pgn/export" => game_of(request).map(|game| {
                let players = pgn::Players {
                    white: request.param("white").unwrap_or_default().to_string(),
                    black: request.param("black").unwrap_or_default().to_string(),
                    date: request.param("date").unwrap_or_default().to_string(),
                    adjudged: request.param("result").map(|result| {
                        let reason = request.param("reason").unwrap_or_default();
                        (result.to_string(), reason.to_string())
                    }),
                };
                format!("{{\"pgn\":{}}}", json_string(&pgn::export(&game, &players)))
            }),
            "/api/pgn/import" => {
                let variant = request.param("variant").unwrap_or("chess");
                variant_named(variant)
                    .and_then(|v| pgn::import(request.param("pgn").unwrap_or_default(), v))
                    .map(|g| g.to_json())
            }
            _ => return self.engine_call(path, request),
        };
        match result {
            Ok(body) => Response::json(200, body),
            Err(RulesError(message)) => Response::error(400, &message),
        }
    }

    fn engine_call(&self, path: &str, request: &Request) -> Response {
        if path == "/api/engine/open" {
            return match self.sessions.open() {
                Ok(session) => Response::json(200, format!("{{\"id\":{}}}", session.id)),
                Err(e) => Response::error(e.status, &e.message),
            };
        }
        let Some(session) = self.session_of(request) else {
            return Response::error(404, "No such engine session; reload the page.");
        };
        let result = match path {
            "/api/engine/go" => match search_request(request) {
                Ok(search) => session.go(&search).map(|n| format!("{{\"search\":{n}}}")),
                Err(RulesError(message)) => return Response::error(400, &message),
            },
            "/api/engine/stop" => session.stop().map(|()| "{}".to_string()),
            "/api/engine/restart" => self.sessions.restart(&session).map(|()| "{}".to_string()),
            "/api/engine/close" => {
                self.sessions.close(session.id);
                Ok("{}".to_string())
            }
            _ => return Response::error(404, "No such API call"),
        };
        match result {
            Ok(body) => Response::json(200, body),
            Err(e) => Response::error(e.status, &e.message),
        }
    }

    fn session_of(&self, request: &Request) -> Option<Arc<Session>> {
        let id = request.param("id")?.parse().ok()?;
        self.sessions.get(id)
    }

    /// The session's events as server-sent events until the page goes or the session
    /// closes.
    fn stream_events(&self, request: &Request, stream: &TcpStream) {
        let Some(session) = self.session_of(request) else {
            let _ = Response::error(404, "No such engine session; reload the page.").send(stream);
            return;
        };
        if http::start_events(stream).is_err() {
            return;
        }
        session.set_listening(true);
        while let Some(events) = session.next_events(HEARTBEAT) {
            let sent = if events.is_empty() {
                http::send_comment(stream)
            } else {
                events.iter().try_for_each(|(kind, data)| http::send_event(stream, kind, data))
            };
            if sent.is_err() {
                break;
            }
        }
        session.set_listening(false);
    }

    fn static_file(&self, path: &str) -> Response {
        let name = if path == "/" { "index.html" } else { path.trim_start_matches('/') };
        let safe = name.split('/').all(|part| !part.is_empty() && !part.starts_with('.'))
            && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c));
        if !safe {
            return Response::error(404, "No such file");
        }
        let file = self.static_dir.join(name);
        match fs::read(&file) {
            Ok(body) => Response::text(200, content_type(&file), body),
            Err(_) if name == "index.html" => Response::text(
                404,
                "text/plain; charset=utf-8",
                format!(
                    "The page is not built: run `make web` (it builds {}).\n",
                    self.static_dir.display()
                )
                .into_bytes(),
            ),
            Err(_) => Response::error(404, "No such file"),
        }
    }
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" | "map" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn variants_json() -> String {
    let items: Vec<String> = VariantId::ALL
        .iter()
        .map(|v| {
            let info = v.info();
            format!(
                "{{\"name\":{},\"files\":{},\"ranks\":{},\"startFen\":{}}}",
                json_string(info.name),
                info.files,
                info.ranks,
                json_string(info.start_fen)
            )
        })
        .collect();
    format!("{{\"variants\":[{}]}}", items.join(","))
}

/// The game named by the `variant`, `fen` and `moves` (space-separated UCI) parameters.
fn game_of(request: &Request) -> Result<Game, RulesError> {
    let variant = variant_named(request.param("variant").unwrap_or("chess"))?;
    let moves: Vec<String> =
        request.param("moves").unwrap_or_default().split_whitespace().map(String::from).collect();
    Game::replay(variant, request.param("fen").unwrap_or_default(), &moves)
}

fn number(request: &Request, name: &str) -> Result<Option<i64>, RulesError> {
    match request.param(name).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| RulesError(format!("'{name}' must be a whole number, not '{text}'"))),
    }
}

/// A search of the request's game, with its limits taken as numbers only.
fn search_request(request: &Request) -> Result<SearchRequest, RulesError> {
    let game = game_of(request)?;
    if game.position.outcome().is_some() {
        return Err(RulesError("The game is over: there is nothing to search.".to_string()));
    }
    let mut limits = Vec::new();
    if request.param("infinite").is_some_and(|v| v == "1" || v == "true") {
        limits.push("infinite".to_string());
    }
    for name in ["wtime", "btime", "winc", "binc", "movetime", "depth", "nodes"] {
        if let Some(value) = number(request, name)? {
            limits.push(format!("{name} {}", value.max(0)));
        }
    }
    let skill = number(request, "skill")?.map(|s| s.clamp(-20, 20) as i32);
    let elo = number(request, "elo")?.map(|e| e.clamp(500, 2850) as i32);
    Ok(SearchRequest {
        variant: game.variant.name().to_string(),
        fen: game.start_fen.clone(),
        moves: game.moves.clone(),
        skill,
        elo,
        multipv: number(request, "multipv")?.unwrap_or(1).clamp(1, 16) as u32,
        limits: limits.join(" "),
        analyse: request.param("analyse").is_some_and(|v| v == "1" || v == "true"),
        new_game: request.param("newgame").is_some_and(|v| v == "1" || v == "true"),
    })
}
