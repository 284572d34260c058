//! `ekumen-web [--port 8080] [--bind 127.0.0.1]`: serves the page that plays and
//! analyses Ekumen's variants, and prints the address to open.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use ekumen_web::engine::EngineConfig;
use ekumen_web::server::{Server, ServerConfig};

#[derive(Parser, Debug)]
#[command(version, about = "Play and analyse Ekumen's variants in the browser")]
struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Only the loopback address keeps the server, and the
    /// engines it starts, to this machine: any other address lets every host that can
    /// reach it use them, without a password (docs/web.md).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The engine binary (default: `ekumen` beside this program).
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Engines that may run at once, one per open page.
    #[arg(long, default_value_t = 4)]
    max_engines: usize,
    /// The built page (default: web/page/dist of this source tree).
    #[arg(long = "static")]
    static_dir: Option<PathBuf>,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .target(env_logger::Target::Stderr)
        .init();
    let args = Args::parse();
    let engine = args.engine.unwrap_or_else(|| {
        let exe = std::env::current_exe().unwrap_or_default();
        exe.with_file_name(format!("ekumen{}", std::env::consts::EXE_SUFFIX))
    });
    if !engine.is_file() {
        eprintln!("ekumen-web: no engine at {} (build it, or pass --engine)", engine.display());
        return ExitCode::FAILURE;
    }
    let static_dir = args
        .static_dir
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("page/dist"));
    let config = ServerConfig {
        engine: EngineConfig { path: engine, max_sessions: args.max_engines.max(1) },
        static_dir,
    };
    let server = match Server::bind(SocketAddr::new(args.bind, args.port), config) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("ekumen-web: cannot listen on {}:{}: {e}", args.bind, args.port);
            return ExitCode::FAILURE;
        }
    };
    let addr = server.local_addr();
    if !addr.ip().is_loopback() {
        log::warn!("listening on {addr}: every host that reaches it can use the engines");
    }
    let shown = if addr.ip().is_unspecified() || addr.ip().is_loopback() {
        format!("http://localhost:{}/", addr.port())
    } else {
        format!("http://{addr}/")
    };
    println!("Ekumen in the browser: open {shown}  (Ctrl-C stops the server)");
    server.run();
    ExitCode::SUCCESS
}
