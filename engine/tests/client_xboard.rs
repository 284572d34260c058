//! XBoard: two Ekumen processes play each other under the real XBoard, with XBoard's own
//! legality testing on, in every variant XBoard can test (gothic, which XBoard knows;
//! shinobi and coherent, which the first engine defines with `setup` and `piece`). Every
//! game must end on the board: no forfeit, no illegal move, no false claim.
//!
//! XBoard needs a display: it runs under `xvfb-run -a`, with `-noGUI` and a time limit,
//! and the whole process group is killed if it overstays. Where `xboard` or `xvfb-run`
//! is missing (XBoard is looked for on the PATH, then in /usr/games and /usr/bin) the
//! test says SKIPPED and passes; `scripts/clients/install_xboard.sh`
//! installs both (Debian's `xboard` and `xvfb`).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_ekumen");

/// XBoard on the PATH, or where Debian puts it (`/usr/games`, off most users' PATH).
fn xboard() -> Option<PathBuf> {
    let on_path: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).map(|dir| dir.join("xboard")).collect())
        .unwrap_or_default();
    let found = on_path
        .into_iter()
        .chain(["/usr/games/xboard", "/usr/bin/xboard"].map(PathBuf::from))
        .find(|p| p.is_file());
    let xvfb = Command::new("sh").args(["-c", "command -v xvfb-run"]).output();
    found.filter(|_| xvfb.is_ok_and(|o| o.status.success()))
}

/// A child killed, with its process group, when dropped.
struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let pid = self.0.id() as i32;
        let _ = Command::new("kill").args(["-KILL", "--", &format!("-{pid}")]).status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs XBoard with `args` until it exits (true) or `limit` passes (false; then XBoard, its
/// engines and the virtual display are killed).
fn run_xboard(xboard: &Path, args: &[String], limit: Duration) -> bool {
    use std::os::unix::process::CommandExt;
    let child = Command::new("xvfb-run")
        .arg("-a")
        .arg(xboard)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("xvfb-run starts");
    let mut guard = Guard(child);
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Ok(Some(_)) = guard.0.try_wait() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    false
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ekumen-xboard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

#[test]
fn xboard_matches_end_on_the_board() {
    let Some(xboard) = xboard() else {
        ekumen_tests::skip::skipped("no xboard or xvfb-run (make test-clients installs both)");
        return;
    };
    for variant in ["gothic", "shinobi", "coherent"] {
        let dir = scratch(variant);
        let pgn = dir.join("games.pgn");
        let debug = dir.join("xboard.debug");
        let mut args = strings(&["-fcp", ENGINE, "-scp", ENGINE, "-variant", variant]);
        args.extend(strings(&["-mg", "2", "-tc", "0:06", "-inc", "0.05", "-testLegality", "true"]));
        args.extend(strings(&["-noGUI", "-xponder", "-popupExitMessage", "false", "-debug"]));
        args.extend([
            "-fd".into(),
            dir.display().to_string(),
            "-sd".into(),
            dir.display().to_string(),
        ]);
        args.extend(["-sgf".into(), pgn.display().to_string()]);
        args.extend(["-nameOfDebugFile".into(), debug.display().to_string()]);
        assert!(
            run_xboard(&xboard, &args, Duration::from_secs(300)),
            "{variant}: XBoard overstayed"
        );
        let games = std::fs::read_to_string(&pgn).unwrap_or_default();
        println!("{games}");
        let results = games.lines().filter(|l| l.starts_with("[Result ")).count();
        assert_eq!(results, 2, "{variant}: {games}");
        let lower = games.to_lowercase();
        for word in ["forfeit", "illegal", "false", "invalid", "unfinished", "[result \"*\"]"] {
            assert!(!lower.contains(word), "{variant}: {word}\n{games}");
        }
    }
}

#[test]
fn xboard_analysis_shows_thinking_lines() {
    let Some(xboard) = xboard() else {
        ekumen_tests::skip::skipped("no xboard or xvfb-run (make test-clients installs both)");
        return;
    };
    let dir = scratch("analysis");
    let debug = dir.join("xboard.debug");
    let args = vec![
        "-fcp".into(),
        ENGINE.into(),
        "-fd".into(),
        dir.display().to_string(),
        "-variant".into(),
        "shinobi".into(),
        "-mode".into(),
        "Analysis".into(),
        "-noGUI".into(),
        "-debug".into(),
        "-nameOfDebugFile".into(),
        debug.display().to_string(),
    ];
    // Analysis goes on until stopped: XBoard is killed after ten seconds.
    run_xboard(&xboard, &args, Duration::from_secs(10));
    let log = std::fs::read_to_string(&debug).unwrap_or_default();
    assert!(log.contains(">first : analyze"), "{log}");
    let thinking = log.lines().filter(|l| l.contains("<first : ") && l.contains('\t')).count();
    assert!(thinking > 0, "no thinking line in\n{log}");
}
