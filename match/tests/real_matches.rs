//! Real matches, run by the engine's own `ekumen match`: Ekumen against itself in every
//! variant, and against Fairy-Stockfish in chess, gothic, shinobi and gethenian when it is
//! installed (`$FAIRY_STOCKFISH`, or `fairy-stockfish` on the PATH). Each match must
//! finish with valid PGN: replayed with Ekumen's rules here, and re-validated by pyffish
//! (scripts/analysis/check_pgn.py, in the project's .venv) for every variant pyffish knows.

mod support;

use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use support::{
    check_pgn_with_pyffish, ekumen, fairy_stockfish, read_pgn, replay, repository, run_match,
    temp_path, Runner,
};

const LIMIT: Duration = Duration::from_secs(600);

static PROCESSORS: Mutex<()> = Mutex::new(());

/// Holds the processors for one match: two at once would overload a 2-core machine and
/// make the engines lose on time.
fn one_match_at_a_time() -> MutexGuard<'static, ()> {
    PROCESSORS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn match_args(variant: &str, pgn: &std::path::Path) -> Vec<String> {
    [
        "--variant",
        variant,
        "--games",
        "2",
        "--tc",
        "1+0.02",
        "--max-moves",
        "40",
        "--concurrency",
        "2",
        "--random-openings",
        "4",
        "--pgn",
        &pgn.display().to_string(),
    ]
    .map(String::from)
    .to_vec()
}

/// Games between two well-behaved engines end by the rules or by adjudication; anything
/// else, a time forfeit included, is a bug somewhere (the matches run one at a time, see
/// [`one_match_at_a_time`], so the engines have the processors to themselves).
fn assert_clean_games(pgn: &std::path::Path, games: usize) {
    let read = read_pgn(pgn);
    assert_eq!(read.len(), games);
    for game in &read {
        let termination = game.tag("Termination");
        assert!(
            ["normal", "adjudication"].contains(&termination),
            "{termination}: {} in {game:?}",
            game.reason()
        );
        replay(game);
    }
    check_pgn_with_pyffish(pgn, games);
}

#[test]
fn ekumen_against_itself_in_every_variant() {
    let _alone = one_match_at_a_time();
    let engine = ekumen().display().to_string();
    for variant in ["chess", "gothic", "shinobi", "gethenian", "coherent"] {
        let pgn = temp_path(&format!("ekumen-{variant}.pgn"));
        let mut args = vec![
            "--engine".to_string(),
            format!("cmd={engine}"),
            "name=ekumen-a".to_string(),
            "--engine".to_string(),
            format!("cmd={engine}"),
            "name=ekumen-b".to_string(),
        ];
        args.extend(match_args(variant, &pgn));
        let run = run_match(Runner::Engine, &args, LIMIT);
        assert!(run.success, "{variant}: {}", run.stderr);
        assert!(run.stdout.contains("2 games finished"), "{variant}: {}", run.stdout);
        assert_clean_games(&pgn, 2);
    }
}

#[test]
fn ekumen_against_fairy_stockfish() {
    let Some(fairy) = fairy_stockfish() else {
        ekumen_tests::skip::skipped(
            "Fairy-Stockfish not found (build it, docs/testing.md; set FAIRY_STOCKFISH or put \
             fairy-stockfish on the PATH)",
        );
        return;
    };
    let _alone = one_match_at_a_time();
    let variants_ini = repository().join("tests/data/fairy/variants.ini");
    // Coherent is not a Fairy-Stockfish variant.
    for variant in ["chess", "gothic", "shinobi", "gethenian"] {
        let pgn = temp_path(&format!("fairy-{variant}.pgn"));
        let mut args = vec![
            "--engine".to_string(),
            format!("cmd={}", ekumen().display()),
            "name=ekumen".to_string(),
            "--engine".to_string(),
            format!("cmd={}", fairy.display()),
            "name=fairy-stockfish".to_string(),
            format!("option.VariantPath={}", variants_ini.display()),
            "option.Hash=16".to_string(),
        ];
        args.extend(match_args(variant, &pgn));
        let run = run_match(Runner::Engine, &args, LIMIT);
        assert!(run.success, "{variant}: {}", run.stderr);
        assert_clean_games(&pgn, 2);
    }
}
