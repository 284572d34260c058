//! Clocks as a GUI judges them, in UCI, USI and CECP: every move must arrive within the
//! time the engine was given, less `Move Overhead`.
//!
//! The clock runs from the moment the test writes `go` (or `ponderhit`) to the moment it
//! reads the move, as a GUI's does; starting the process is not on it. A move is allowed
//! the smaller of the GUI's limit (the time on the clock, or the fixed time, less the
//! overhead) and the share time management promises (`search/src/time.rs`: 35 % of the
//! clock, 75 % with one move to go, all of a fixed time, 90 % of a byoyomi period, each
//! less the overhead), plus a fixed [`LATENCY`] of 20 ms for the pipe, starting and
//! stopping the threads and printing the move. The same allowance holds for every thread
//! count, more threads than processors included, and a move is timed once: since the
//! latency is less than the overhead, a move within its allowance never loses on time.
//!
//! Bullet games (100 ms to 1 s, with and without increment) at one, two and four threads
//! on however many processors the machine has: the clocks run down move by move as a
//! GUI's do. Clocks from 100 ms to 2 s, `movestogo` 1 and more, increments, USI byoyomi,
//! CECP `level`, `st`, `time` and `otim`, `ponderhit`; a long clock (60 s + 0.6 s) gets a
//! sensible share of it, and `Slow Mover` changes the time spent. The tests take one lock,
//! so no two of them share the processors.

mod support;

use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use support::Engine;

/// The `Move Overhead` every test sets, in milliseconds.
const OVERHEAD: u64 = 30;
/// What a move may take beyond its share: the pipe both ways, starting and stopping the
/// search threads, printing the move. Less than the overhead, so a move within its
/// allowance never loses on time.
const LATENCY: Duration = Duration::from_millis(20);

static PROCESSORS: Mutex<()> = Mutex::new(());

/// Holds the processors for one timing test.
fn alone() -> MutexGuard<'static, ()> {
    PROCESSORS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// What a move may take.
#[derive(Debug, Clone, Copy)]
struct Allowance {
    /// The GUI's limit: the time given less the overhead.
    gui: Duration,
    /// The share of it time management promises to stay within.
    share: Duration,
}

impl Allowance {
    fn limit(&self) -> Duration {
        self.gui.min(self.share) + LATENCY
    }

    fn allows(&self, elapsed: Duration) -> bool {
        elapsed <= self.limit()
    }
}

/// One clock to move on and what it allows, latency aside.
#[derive(Debug, Clone, Copy)]
struct Clock {
    /// The command that sets the clock and starts the search.
    go: &'static str,
    /// The time given, in milliseconds.
    given: u64,
    /// The share time management promises.
    share: Duration,
}

impl Clock {
    fn allowance(&self) -> Allowance {
        Allowance { gui: ms(self.given.saturating_sub(OVERHEAD)), share: self.share }
    }
}

/// The share of a clock of `clock` ms: 35 % of it, 75 % with one move to go, less the
/// overhead.
fn clock_share(clock: u64, one_move_to_go: bool) -> Duration {
    let percent = if one_move_to_go { 75 } else { 35 };
    ms((clock * percent / 100).saturating_sub(OVERHEAD).max(1))
}

/// The share of a byoyomi period of `period` ms: 90 % of it less the overhead.
fn byoyomi_share(period: u64) -> Duration {
    ms(period.saturating_sub(OVERHEAD) * 9 / 10)
}

/// The number after `key` in `commands`, if `key` is there.
fn value_after(commands: &str, key: &str) -> Option<u64> {
    let words: Vec<&str> = commands.split_whitespace().collect();
    let at = words.iter().position(|&word| word == key)?;
    let value = words.get(at + 1).and_then(|word| word.parse().ok());
    Some(value.unwrap_or_else(|| panic!("{key} without a number in {commands:?}")))
}

/// A fixed time per move: UCI's `movetime` (ms) or CECP's `st` (seconds).
fn fixed(go: &'static str) -> Clock {
    let time = value_after(go, "movetime")
        .or_else(|| value_after(go, "st").map(|seconds| seconds * 1000))
        .expect("a fixed time has movetime or st");
    Clock { go, given: time, share: ms(time - OVERHEAD) }
}

/// A clock of `clock` ms and the share of it time management promises.
fn on_clock(go: &'static str, clock: u64, one_move_to_go: bool) -> Clock {
    Clock { go, given: clock, share: clock_share(clock, one_move_to_go) }
}

/// The clock a UCI `go` sets for white, and whether it has one move to go.
fn uci(go: &'static str) -> Clock {
    let clock = value_after(go, "wtime").expect("a UCI clock has wtime");
    on_clock(go, clock, value_after(go, "movestogo") == Some(1))
}

/// The clock a USI `go` sets for the first player: its main time (`btime`) and its
/// byoyomi period, each with its share.
fn usi(go: &'static str) -> Clock {
    let main = value_after(go, "btime").expect("a USI clock has btime");
    let period = value_after(go, "byoyomi").unwrap_or(0);
    let main_share = if main > 0 { clock_share(main, false) } else { Duration::ZERO };
    Clock { go, given: main + period, share: main_share + byoyomi_share(period) }
}

/// The clock CECP commands set for the engine: `time`, in centiseconds, with one move to
/// go when `level` gives a session of one move.
fn cecp(commands: &'static str) -> Clock {
    let clock = value_after(commands, "time").expect("a CECP clock has time") * 10;
    on_clock(commands, clock, value_after(commands, "level") == Some(1))
}

/// UCI clocks for white, from 100 ms to 1 s.
fn uci_clocks() -> Vec<Clock> {
    vec![
        uci("go wtime 100 btime 100"),
        uci("go wtime 300 btime 300 winc 0 binc 0"),
        uci("go wtime 500 btime 500"),
        uci("go wtime 1000 btime 1000 winc 100 binc 100"),
        uci("go wtime 500 btime 500 movestogo 1"),
        uci("go wtime 1000 btime 1000 movestogo 1"),
        uci("go wtime 1000 btime 1000 movestogo 5"),
        uci("go wtime 800 btime 800 winc 200 binc 200 movestogo 3"),
        fixed("go movetime 300"),
    ]
}

/// USI clocks for the first player (`btime`), with and without byoyomi.
fn usi_clocks() -> Vec<Clock> {
    vec![
        usi("go btime 100 wtime 600000 byoyomi 0"),
        usi("go btime 1000 wtime 1000 binc 100 winc 100"),
        usi("go btime 0 wtime 0 byoyomi 1000"),
        usi("go btime 500 wtime 500 byoyomi 500"),
    ]
}

/// CECP clocks: the commands before `go`, for the engine playing white. `time` is in
/// centiseconds; `level MPS BASE INC` gives moves per session (0: the whole game). `time`
/// and `otim` are equal: see [`cecp_time_is_the_engines_clock_whichever_side_it_plays`].
fn cecp_clocks() -> Vec<Clock> {
    vec![
        cecp("level 0 0:01 0\ntime 100\notim 100"),
        cecp("level 40 0:02 0\ntime 200\notim 200"),
        cecp("level 1 0:01 0\ntime 100\notim 100"),
        cecp("level 0 0:01 0.5\ntime 50\notim 50"),
        fixed("st 1"),
    ]
}

/// An engine speaking `protocol` (`uci` or `usi`) with the test's overhead, `threads`
/// threads and `options`, at the start position.
fn engine(protocol: &str, threads: u32, options: &[&str]) -> Engine {
    let mut engine = Engine::start();
    let ok = if protocol == "usi" { "usiok" } else { "uciok" };
    engine.send(protocol);
    engine.until(|l| l == ok);
    let overhead = if protocol == "usi" { "Move_Overhead" } else { "Move Overhead" };
    engine.ask(&format!("setoption name {overhead} value {OVERHEAD}"));
    engine.ask(&format!("setoption name Threads value {threads}"));
    for option in options {
        engine.ask(&format!("setoption name {option}"));
    }
    engine.ask("position startpos");
    engine
}

/// Times `command` to the `bestmove` line, which must hold a move.
fn time_search(engine: &mut Engine, command: &str) -> Duration {
    engine.sync();
    let start = Instant::now();
    engine.send(command);
    let (_, best) = engine.search_output();
    let elapsed = start.elapsed();
    assert!(best.starts_with("bestmove ") && !best.contains("(none)"), "{command}: {best}");
    elapsed
}

fn check(what: &str, elapsed: Duration, allowance: Allowance) {
    assert!(
        allowance.allows(elapsed),
        "{what}: {elapsed:?}, more than the {:?} allowed ({allowance:?})",
        allowance.limit()
    );
}

/// Each UCI clock in turn, with `threads` threads.
fn uci_clocks_with(threads: u32) {
    let _alone = alone();
    let mut engine = engine("uci", threads, &[]);
    for clock in uci_clocks() {
        let elapsed = time_search(&mut engine, clock.go);
        check(&format!("{} ({threads} threads)", clock.go), elapsed, clock.allowance());
    }
    assert!(engine.quit().success());
}

#[test]
fn uci_clocks_one_thread() {
    uci_clocks_with(1);
}

#[test]
fn uci_clocks_two_threads() {
    uci_clocks_with(2);
}

#[test]
fn uci_clocks_four_threads() {
    uci_clocks_with(4);
}

/// Bullet games of `plies` plies at `threads` threads, the engine playing both sides: each
/// clock starts at `base` ms, loses what each move took as the test timed it and gains
/// `increment` ms, as a GUI keeps it. Every move must come within its allowance on the
/// clock left.
fn bullet_games_with(threads: u32) {
    let _alone = alone();
    let mut engine = engine("uci", threads, &[]);
    for (base, increment) in [(100, 0), (100, 10), (300, 0), (500, 20), (1000, 0), (1000, 10)] {
        engine.ask("ucinewgame");
        let mut clocks = [base, base];
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..24 {
            engine.ask(&format!("position startpos moves {}", moves.join(" ")));
            let [white, black] = clocks;
            let go = format!("go wtime {white} btime {black} winc {increment} binc {increment}");
            engine.sync();
            let start = Instant::now();
            engine.send(&go);
            let (_, best) = engine.search_output();
            let elapsed = start.elapsed();
            let mover = ply % 2;
            let clock = on_clock("", clocks[mover], false);
            let what = format!("{base}+{increment} ply {ply}, {go} ({threads} threads)");
            check(&what, elapsed, clock.allowance());
            let taken = u64::try_from(elapsed.as_millis()).expect("milliseconds");
            clocks[mover] = clocks[mover].saturating_sub(taken) + increment;
            match best.split(' ').nth(1) {
                Some(m) if m != "(none)" => moves.push(m.to_string()),
                _ => break,
            }
        }
    }
    assert!(engine.quit().success());
}

#[test]
fn bullet_games_one_thread() {
    bullet_games_with(1);
}

#[test]
fn bullet_games_two_threads() {
    bullet_games_with(2);
}

#[test]
fn bullet_games_four_threads() {
    bullet_games_with(4);
}

#[test]
fn usi_clocks_and_byoyomi() {
    let _alone = alone();
    let mut engine = engine("usi", 1, &[]);
    for clock in usi_clocks() {
        let elapsed = time_search(&mut engine, clock.go);
        check(clock.go, elapsed, clock.allowance());
    }
    assert!(engine.quit().success());
}

#[test]
fn cecp_level_st_time_and_otim() {
    let _alone = alone();
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.until(|l| l == "feature done=1");
    engine.send(&format!("option Move Overhead={OVERHEAD}"));
    for clock in cecp_clocks() {
        engine.send("new");
        for line in clock.go.lines() {
            engine.send(line);
        }
        engine.send("ping 1");
        engine.until(|l| l == "pong 1");
        let start = Instant::now();
        engine.send("go");
        let lines = engine.until(|l| l.starts_with("move "));
        let elapsed = start.elapsed();
        check(&clock.go.replace('\n', "; "), elapsed, clock.allowance());
        assert!(lines.last().is_some_and(|l| l.len() > "move ".len()), "{lines:?}");
        engine.send("force");
    }
    engine.send("quit");
    engine.close_input();
    assert!(engine.wait().success());
}

/// After `ponderhit` the clock runs: the move comes within the share of the time left.
fn ponderhit_with(threads: u32) {
    let _alone = alone();
    let mut engine = engine("uci", threads, &["Ponder value true"]);
    for clock in [
        uci("go ponder wtime 300 btime 300"),
        uci("go ponder wtime 1000 btime 1000 movestogo 1"),
        uci("go ponder wtime 2000 btime 2000 winc 100 binc 100 movestogo 4"),
    ] {
        engine.send("position startpos moves e2e4");
        engine.sync();
        engine.send(clock.go);
        thread::sleep(ms(300));
        let during = engine.sync();
        assert!(!during.iter().any(|l| l.starts_with("bestmove")), "{during:?}");
        let elapsed = time_search(&mut engine, "ponderhit");
        check(&format!("{} ({threads} threads)", clock.go), elapsed, clock.allowance());
    }
    assert!(engine.quit().success());
}

#[test]
fn ponderhit_one_thread() {
    ponderhit_with(1);
}

#[test]
fn ponderhit_four_threads() {
    ponderhit_with(4);
}

/// At 60 s + 0.6 s the optimum is the pool (the clock, 29 increments to come, less 32
/// overheads) over a horizon of 30 moves, 2.548 s, and the maximum five optima, 12.74 s,
/// below the 35 % of the clock the other tests check. An unsettled search may use all of
/// the maximum; a settled one stops well before the optimum, but not at once.
#[test]
fn a_long_clock_gets_a_sensible_share() {
    let _alone = alone();
    let mut engine = engine("uci", 1, &[]);
    let (clock, increment, horizon) = (60_000, 600, 30);
    let optimum = ms((clock + increment * (horizon - 1) - OVERHEAD * (horizon + 2)) / horizon);
    let maximum = optimum * 5;
    assert!(maximum < clock_share(clock, false));
    let go = format!("go wtime {clock} btime {clock} winc {increment} binc {increment}");
    let elapsed = time_search(&mut engine, &go);
    assert!(
        elapsed >= optimum / 8 && elapsed <= maximum + LATENCY,
        "{elapsed:?} on a clock of {clock} ms: the optimum is {optimum:?}, the maximum {maximum:?}"
    );
    assert!(engine.quit().success());
}

#[test]
fn slow_mover_changes_the_time_spent() {
    let _alone = alone();
    let go = "go wtime 20000 btime 20000 movestogo 20";
    let mut fast = engine("uci", 1, &["Slow Mover value 10"]);
    let quick = time_search(&mut fast, go);
    assert!(fast.quit().success());
    let mut usual = engine("uci", 1, &[]);
    let normal = time_search(&mut usual, go);
    assert!(usual.quit().success());
    // Slow Mover 10 spends a tenth of the time pool: an optimum of about 97 ms, at most
    // five of them; at 100 the optimum is about 970 ms.
    assert!(quick <= ms(500) + LATENCY, "Slow Mover 10: {quick:?}");
    assert!(quick * 2 < normal, "Slow Mover 10: {quick:?}, 100: {normal:?}");
}

/// CECP's `time` is the engine's clock and `otim` the opponent's, whichever side the
/// engine plays. After `new` the engine plays black; XBoard sends `time` and `otim`, then
/// `go` to have it play white: the engine must move on its own short clock.
#[test]
fn cecp_time_is_the_engines_clock_whichever_side_it_plays() {
    let _alone = alone();
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.until(|l| l == "feature done=1");
    engine.send(&format!("option Move Overhead={OVERHEAD}"));
    let clock = cecp("new\nlevel 0 0:01 0.5\ntime 50\notim 500");
    for line in clock.go.lines() {
        engine.send(line);
    }
    engine.send("ping 1");
    engine.until(|l| l == "pong 1");
    let start = Instant::now();
    engine.send("go");
    engine.until(|l| l.starts_with("move "));
    check("time 50, otim 500, go", start.elapsed(), clock.allowance());
    assert!(engine.quit().success());
}
