//! The tuner finds terms it was not given: positions are labelled by an evaluation with a
//! stronger knight and a larger penalty for hanging pieces, and tuning from the real
//! parameters must move both towards the labels' values and lower the error.

use ekumen_eval::{evaluate_with, EvalTables, Evaluate};
use ekumen_movegen::variants::Chess;
use ekumen_movegen::{Color, Position, Rng};
use ekumen_tune::data::Sample;
use ekumen_tune::loss::mean_squared_error;
use ekumen_tune::params::Editable;
use ekumen_tune::search::local_search;

mod common;

fn random_positions(count: usize) -> Vec<Position<Chess>> {
    common::random_positions(count, &mut Rng::new(7))
}

const K: f64 = 150.0;
/// Strong enough to hold the knight back visibly on these positions, weak enough to let it move.
const ANCHOR: f64 = 0.001;

fn index_of(editable: &mut Editable, name: &str) -> usize {
    editable.names().iter().position(|n| n == name).expect("parameter exists")
}

/// Random positions with the win probabilities `truth`'s evaluation gives them.
fn labelled_by(truth: &Editable, count: usize) -> Vec<Sample<Chess>> {
    truth.with_params(|params| {
        let tables = EvalTables::<Chess>::from_params(params);
        random_positions(count)
            .into_iter()
            .map(|position| {
                let eval = f64::from(evaluate_with(&position, params, &tables));
                let white = if position.side_to_move() == Color::White { eval } else { -eval };
                Sample { position, target: 1.0 / (1.0 + (-white / K).exp()) }
            })
            .collect()
    })
}

/// 1,000 positions labelled by the real parameters with the knight's middle-game value
/// raised by `raise`, with that parameter's index and real value.
fn labelled_with_a_stronger_knight(raise: i32) -> (usize, i32, Vec<Sample<Chess>>) {
    let mut truth = Editable::of::<Chess>(&Chess::PARAMS);
    let knight = index_of(&mut truth, "knight.value.mg");
    let start = truth.values()[knight];
    truth.set(knight, start + raise);
    (knight, start, labelled_by(&truth, 1000))
}

#[test]
fn local_search_recovers_a_knight_value_and_a_threat_term() {
    let mut truth = Editable::of::<Chess>(&Chess::PARAMS);
    let knight = index_of(&mut truth, "knight.value.mg");
    let hanging = index_of(&mut truth, "hanging.mg");
    let start = truth.values();
    truth.set(knight, start[knight] + 80);
    truth.set(hanging, start[hanging] - 40);

    let samples = labelled_by(&truth, 3000);

    let mut tuned = Editable::of::<Chess>(&Chess::PARAMS);
    let error = |e: &Editable| e.with_params(|p| mean_squared_error(&samples, p, K));
    let before = error(&tuned);
    let after = local_search(&mut tuned, 6, 0.0, |_| true, error, |_, _| true);
    let values = tuned.values();
    assert!(after < before / 10.0, "error {before} fell only to {after}");
    assert!(
        (values[knight] - (start[knight] + 80)).abs() <= 20,
        "knight {} -> {} (labels: {})",
        start[knight],
        values[knight],
        start[knight] + 80
    );
    assert!(
        (values[hanging] - (start[hanging] - 40)).abs() <= 10,
        "hanging {} -> {} (labels: {})",
        start[hanging],
        values[hanging],
        start[hanging] - 40
    );
}

#[test]
fn editable_parameters_evaluate_as_the_variant_does() {
    let editable = Editable::of::<Chess>(&Chess::PARAMS);
    editable.with_params(|params| {
        let tables = EvalTables::<Chess>::from_params(params);
        for pos in random_positions(200) {
            assert_eq!(evaluate_with(&pos, params, &tables), ekumen_eval::evaluate(&pos));
        }
    });
}

#[test]
fn the_anchor_holds_a_term_back_towards_its_start() {
    let (knight, start, samples) = labelled_with_a_stronger_knight(80);
    let error = |e: &Editable| e.with_params(|p| mean_squared_error(&samples, p, K));
    let knight_after = |anchor: f64| {
        let mut tuned = Editable::of::<Chess>(&Chess::PARAMS);
        local_search(&mut tuned, 6, anchor, |i| i == knight, error, |_, _| true);
        tuned.values()[knight]
    };
    let free = knight_after(0.0);
    let held = knight_after(ANCHOR);
    assert!(free >= start + 60, "unanchored knight {start} -> {free} (labels: {})", start + 80);
    assert!(start < held && held + 10 < free, "anchored knight {start} -> {held}, free {free}");
}

#[test]
fn an_added_square_table_learns_the_square_the_labels_favour() {
    // The labels give a knight on its third rank's c- or f-file 80 centipawns more.
    let with_tables = || {
        let mut editable = Editable::of::<Chess>(&Chess::PARAMS);
        editable.add_square_tables::<Chess>();
        editable
    };
    let mut truth = with_tables();
    let mg = index_of(&mut truth, "knight.squares[2][2].mg");
    let eg = index_of(&mut truth, "knight.squares[2][2].eg");
    truth.set(mg, 80);
    truth.set(eg, 80);
    let samples = labelled_by(&truth, 1000);
    let error = |e: &Editable| e.with_params(|p| mean_squared_error(&samples, p, K));
    let mut tuned = with_tables();
    assert_eq!(tuned.values()[mg], 0, "an added table starts at zero");
    local_search(&mut tuned, 6, 0.0, |i| i == mg || i == eg, error, |_, _| true);
    let (learnt_mg, learnt_eg) = (tuned.values()[mg], tuned.values()[eg]);
    assert!(learnt_mg + learnt_eg >= 120, "learnt {learnt_mg}, {learnt_eg} of 80, 80");
}

#[test]
fn a_pass_refused_after_it_ran_is_undone() {
    // Off its step's grid, so the knight gets there over several passes as the step halves.
    let (knight, _, samples) = labelled_with_a_stronger_knight(85);
    let error = |e: &Editable| e.with_params(|p| mean_squared_error(&samples, p, K));
    let tune = |refused: usize| {
        let mut after_each = vec![Editable::of::<Chess>(&Chess::PARAMS).to_rust()];
        let mut tuned = Editable::of::<Chess>(&Chess::PARAMS);
        let kept = local_search(
            &mut tuned,
            6,
            0.0,
            |i| i == knight,
            error,
            |e, pass| {
                after_each.push(e.to_rust());
                pass.number != refused
            },
        );
        (tuned.to_rust(), kept, error(&tuned), after_each)
    };
    let (_, _, _, after_each) = tune(usize::MAX);
    let refused = (2..after_each.len())
        .find(|&pass| after_each[pass] != after_each[pass - 1])
        .expect("a pass after the first moves the knight");
    let (kept, returned_error, kept_error, _) = tune(refused);
    assert_eq!(kept, after_each[refused - 1], "pass {refused} is undone");
    assert_eq!(returned_error, kept_error, "the error returned is the kept parameters'");
}
