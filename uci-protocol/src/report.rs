//! What the engine prints while and after searching, in Fairy-Stockfish's format:
//!
//! ```text
//! info depth 5 seldepth 5 multipv 1 score cp 100 nodes 671 nps 167750 tbhits 0 time 4 pv e2e3 d7d5
//! bestmove e2e3 ponder d7d5
//! ```
//!
//! Field order follows Fairy-Stockfish: `wdl` right after the score, then the bound, then
//! `nodes`, `nps`, `hashfull` (only after the first second, as it does), `tbhits`, `time`
//! and `pv`. Mate scores count moves in UCI (`mate 3`, negative when being mated) and
//! plies in USI, exactly as Fairy-Stockfish rounds them; a side with no legal move at all
//! is `mate 0`.

use std::fmt::Write;

use crate::command::Protocol;

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// The side to move mates in this many plies.
    Mating(u32),
    /// The side to move is mated in this many plies (0: it is mated now).
    Mated(u32),
}

impl Score {
    /// `cp 35`, `mate 2`, `mate -1`; USI counts mate distances in plies.
    pub fn to_protocol(self, protocol: Protocol) -> String {
        match (self, protocol) {
            (Score::Cp(cp), _) => format!("cp {cp}"),
            (Score::Mating(plies), Protocol::Usi) => format!("mate {plies}"),
            (Score::Mated(0), _) => "mate 0".to_string(),
            (Score::Mated(plies), Protocol::Usi) => format!("mate -{plies}"),
            (Score::Mating(plies), _) => format!("mate {}", plies.div_ceil(2)),
            (Score::Mated(plies), _) => format!("mate -{}", plies.div_ceil(2)),
        }
    }
}

/// Whether a score is exact or only a bound (after a fail high or low at the root).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// One `info` line of search progress.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InfoLine {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    pub score: Score,
    /// Win/draw/loss per mille, printed when `UCI_ShowWDL` is on.
    pub wdl: Option<(u32, u32, u32)>,
    pub bound: Bound,
    pub nodes: u64,
    /// Milliseconds since `go`, at least 1.
    pub time_ms: u64,
    /// Transposition table use per mille.
    pub hashfull: u32,
    /// Tablebase probes so far.
    pub tbhits: u64,
    /// The principal variation, already in the protocol's notation.
    pub pv: Vec<String>,
}

impl InfoLine {
    /// The line as Fairy-Stockfish prints it.
    pub fn to_protocol(&self, protocol: Protocol) -> String {
        let time = self.time_ms.max(1);
        let mut line = format!(
            "info depth {} seldepth {} multipv {} score {}",
            self.depth,
            self.seldepth,
            self.multipv,
            self.score.to_protocol(protocol)
        );
        if let Some((w, d, l)) = self.wdl {
            let _ = write!(line, " wdl {w} {d} {l}");
        }
        match self.bound {
            Bound::Exact => {}
            Bound::Lower => line += " lowerbound",
            Bound::Upper => line += " upperbound",
        }
        let nps = (self.nodes as u128 * 1000 / time as u128) as u64;
        let _ = write!(line, " nodes {} nps {nps}", self.nodes);
        if time > 1000 {
            let _ = write!(line, " hashfull {}", self.hashfull);
        }
        let _ = write!(line, " tbhits {} time {time} pv", self.tbhits);
        for m in &self.pv {
            line.push(' ');
            line += m;
        }
        line
    }
}

/// `info depth D currmove M currmovenumber N`, printed on long searches.
pub fn currmove_line(depth: u32, current_move: &str, number: usize) -> String {
    format!("info depth {depth} currmove {current_move} currmovenumber {number}")
}

/// The line printed before `bestmove` when the side to move has no legal move.
pub fn no_move_line(score: Score, protocol: Protocol) -> String {
    format!("info depth 0 score {}", score.to_protocol(protocol))
}

/// `bestmove M [ponder P]`; with no move, `bestmove (none)` (USI: `bestmove resign`).
pub fn bestmove_line(best: Option<&str>, ponder: Option<&str>, protocol: Protocol) -> String {
    match (best, ponder) {
        (None, _) => match protocol {
            Protocol::Usi => "bestmove resign".to_string(),
            _ => "bestmove (none)".to_string(),
        },
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
    }
}

/// `info string <text>`, one line per line of `text`.
pub fn info_string(text: &str) -> String {
    text.lines().map(|l| format!("info string {l}")).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_like_fairy_stockfish() {
        let uci = |s: Score| s.to_protocol(Protocol::Uci);
        let usi = |s: Score| s.to_protocol(Protocol::Usi);
        assert_eq!(uci(Score::Cp(-35)), "cp -35");
        assert_eq!(uci(Score::Mated(0)), "mate 0");
        assert_eq!(uci(Score::Mating(1)), "mate 1");
        assert_eq!(uci(Score::Mating(3)), "mate 2");
        assert_eq!(uci(Score::Mated(2)), "mate -1");
        assert_eq!(uci(Score::Mated(4)), "mate -2");
        assert_eq!(usi(Score::Mated(0)), "mate 0");
        assert_eq!(usi(Score::Mating(3)), "mate 3");
        assert_eq!(usi(Score::Mated(4)), "mate -4");
    }

    #[test]
    fn info_line_format() {
        let mut info = InfoLine {
            depth: 5,
            seldepth: 5,
            multipv: 1,
            score: Score::Cp(100),
            wdl: None,
            bound: Bound::Exact,
            nodes: 671,
            time_ms: 4,
            hashfull: 0,
            tbhits: 0,
            pv: vec!["e2e3".into(), "d7d5".into()],
        };
        assert_eq!(
            info.to_protocol(Protocol::Uci),
            "info depth 5 seldepth 5 multipv 1 score cp 100 nodes 671 nps 167750 tbhits 0 time 4 pv e2e3 d7d5"
        );
        info.wdl = Some((500, 400, 100));
        info.bound = Bound::Lower;
        info.time_ms = 2000;
        info.hashfull = 12;
        assert_eq!(
            info.to_protocol(Protocol::Uci),
            "info depth 5 seldepth 5 multipv 1 score cp 100 wdl 500 400 100 lowerbound nodes 671 nps 335 hashfull 12 tbhits 0 time 2000 pv e2e3 d7d5"
        );
    }

    #[test]
    fn bestmove_forms() {
        assert_eq!(bestmove_line(None, None, Protocol::Uci), "bestmove (none)");
        assert_eq!(bestmove_line(None, None, Protocol::Usi), "bestmove resign");
        assert_eq!(
            bestmove_line(Some("e2e4"), Some("e7e5"), Protocol::Uci),
            "bestmove e2e4 ponder e7e5"
        );
        assert_eq!(bestmove_line(Some("e2e4"), None, Protocol::Uci), "bestmove e2e4");
    }
}
