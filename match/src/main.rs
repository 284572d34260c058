//! `ekumen-match`: the match runner on its own, the same as `ekumen match`. A runner
//! built apart from the engines it plays stays the same while they change.

use std::process::ExitCode;

use clap::Parser;
use ekumen_match::MatchArgs;

#[derive(Parser, Debug)]
#[command(
    name = "ekumen-match",
    version,
    about = "Engine-vs-engine games and tournaments, every move checked by Ekumen's rules"
)]
struct Cli {
    #[command(flatten)]
    args: MatchArgs,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    ekumen_match::run(Cli::parse().args)
}
