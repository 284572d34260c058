//! Material with which neither side can force mate scores a draw, in chess and gothic;
//! material that can mate keeps its score.

use ekumen_eval::{evaluate, Evaluate};
use ekumen_movegen::variants::{Chess, Gothic};
use ekumen_movegen::Position;

fn score<V: Evaluate>(fen: &str) -> i32 {
    let pos = Position::<V>::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    evaluate(&pos)
}

#[test]
fn chess_material_that_cannot_mate_is_a_draw() {
    for fen in [
        "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",    // K+N v K
        "8/8/4k3/8/8/3NK3/8/8 b - - 0 1",    // the same, the other side to move
        "8/8/4k3/8/8/2NNK3/8/8 w - - 0 1",   // K+2N v K
        "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",    // K+B v K
        "8/4n3/4k3/8/8/3BK3/8/8 w - - 0 1",  // K+B v K+N
        "8/8/4k3/3b4/8/3BK3/8/8 w - - 0 1",  // bishops of one colour
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",     // bare kings
        "8/8/2n1k3/8/8/2NNK3/8/8 w - - 0 1", // K+2N v K+N
    ] {
        assert_eq!(score::<Chess>(fen), 0, "{fen}");
    }
}

#[test]
fn chess_material_that_can_mate_keeps_its_score() {
    for fen in [
        "8/8/4k3/8/8/2BNK3/8/8 w - - 0 1",  // K+B+N v K
        "8/8/4k3/8/8/2BBK3/8/8 w - - 0 1",  // bishops of both colours
        "8/8/4k3/8/4P3/3NK3/8/8 w - - 0 1", // a pawn
        "8/8/4k3/8/8/3RK3/8/8 w - - 0 1",   // a rook
        "8/8/4k3/8/8/1NNNK3/8/8 w - - 0 1", // three knights
    ] {
        assert!(score::<Chess>(fen) > 200, "{fen}: {}", score::<Chess>(fen));
    }
}

#[test]
fn gothic_follows_the_same_rule_and_its_compounds_mate() {
    // Gothic: 10 files; the archbishop (A) and chancellor (C) are no minor pieces.
    assert_eq!(score::<Gothic>("10/10/5k4/10/10/4NK4/10/10 w - - 0 1"), 0);
    assert_eq!(score::<Gothic>("10/10/5k4/10/10/3NNK4/10/10 w - - 0 1"), 0);
    assert!(score::<Gothic>("10/10/5k4/10/10/4AK4/10/10 w - - 0 1") > 200);
    assert!(score::<Gothic>("10/10/5k4/10/10/4CK4/10/10 w - - 0 1") > 200);
    assert!(score::<Gothic>("10/10/5k4/10/10/4RK4/10/10 w - - 0 1") > 200);
}
