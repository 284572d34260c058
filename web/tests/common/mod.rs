//! Starting a server for a test.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Command;

use ekumen_web::engine::EngineConfig;
use ekumen_web::server::{Server, ServerConfig};

/// The engine built by the same profile as this test, built now if it is not yet.
pub fn engine_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let engine = profile_dir.join("ekumen");
    if !engine.is_file() {
        let profile = match profile_dir.file_name().unwrap().to_str().unwrap() {
            "debug" => "dev".to_string(),
            other => other.to_string(),
        };
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--profile", &profile, "-p", "ekumen"])
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the engine failed");
    }
    engine
}

/// A server on a free loopback port, serving until the test ends.
pub fn start(engine: PathBuf, max_sessions: usize) -> SocketAddr {
    let config = ServerConfig {
        engine: EngineConfig { path: engine, max_sessions },
        static_dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("page/dist"),
    };
    let server = Server::bind("127.0.0.1:0".parse().unwrap(), config).unwrap();
    let addr = server.local_addr();
    std::thread::spawn(move || server.run());
    addr
}
