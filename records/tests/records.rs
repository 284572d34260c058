//! Game records replay to the games written, in every variant; a record that lies about
//! its game, or is cut short, is refused.

use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
use ekumen_movegen::{GameResult, Move, Position, Rng, Variant};
use ekumen_records::{chunk, replay, Ending, GameWriter, Score};

/// A game of random moves from the start position: its record and what was written.
struct Written {
    record: Vec<u8>,
    moves: Vec<Move>,
    scores: Vec<Score>,
    final_fen: String,
}

fn random_score(rng: &mut Rng) -> Score {
    match rng.below(10) {
        0 => Score::NONE,
        1 => Score::mating(rng.below(40) as u32),
        2 => Score::mated(rng.below(40) as u32),
        3 => Score::centipawns(if rng.below(2) == 0 { 99_999 } else { -99_999 }),
        _ => Score::centipawns(rng.below(2001) as i32 - 1000),
    }
}

fn random_game<V: Variant>(seed: u64, max_plies: usize) -> Written {
    let mut rng = Rng::new(seed);
    let mut pos = Position::<V>::startpos();
    let mut writer = GameWriter::new(&pos);
    let (mut moves, mut scores) = (Vec::new(), Vec::new());
    while moves.len() < max_plies && pos.outcome().is_none() {
        let legal = pos.legal_moves();
        let mv = legal.as_slice()[rng.below(legal.len())];
        let score = random_score(&mut rng);
        writer.push(&pos, mv, score);
        moves.push(mv);
        scores.push(score);
        pos.make_move(mv);
    }
    let (result, ending) = match pos.outcome() {
        Some(outcome) => {
            let white_wins = (outcome.result == GameResult::Win)
                == (pos.side_to_move() == ekumen_movegen::Color::White);
            let result = match outcome.result {
                GameResult::Draw => GameResult::Draw,
                _ if white_wins => GameResult::Win,
                _ => GameResult::Loss,
            };
            (result, Ending::Rules(outcome.reason))
        }
        None => (GameResult::Draw, Ending::PlyCap),
    };
    let mut record = Vec::new();
    writer.finish(result, ending, &mut record);
    Written { record, moves, scores, final_fen: pos.fen() }
}

fn replays_as_written<V: Variant>() {
    for seed in 0..40 {
        let written = random_game::<V>(seed, 300);
        let (mut moves, mut scores) = (Vec::new(), Vec::new());
        let mut last = None;
        let summary = replay::<V>(&written.record, |visit| {
            moves.push(visit.played.expect("every entry was played"));
            scores.push(visit.score);
            let mut after = visit.pos.clone();
            after.make_move(visit.played.expect("played"));
            last = Some(after.fen());
        })
        .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", V::NAME));
        assert_eq!(moves, written.moves, "{} seed {seed}", V::NAME);
        assert_eq!(scores, written.scores, "{} seed {seed}", V::NAME);
        assert_eq!(summary.bytes, written.record.len());
        let searched = written.scores.iter().filter(|s| s.is_searched()).count();
        assert_eq!(summary.positions, searched);
        if let Some(fen) = last {
            assert_eq!(fen, written.final_fen);
        }
    }
}

#[test]
fn chess_records_replay_as_written() {
    replays_as_written::<Chess>();
}

#[test]
fn coherent_records_replay_as_written() {
    replays_as_written::<Coherent>();
}

#[test]
fn gethenian_records_replay_as_written() {
    replays_as_written::<Gethenian>();
}

#[test]
fn gothic_records_replay_as_written() {
    replays_as_written::<Gothic>();
}

#[test]
fn shinobi_records_replay_as_written() {
    replays_as_written::<Shinobi>();
}

#[test]
fn positions_of_over_256_moves_take_two_byte_ranks() {
    let fen = "3k3/7/7/7/7/7/3K3[MMNNBBIImmnnbbii] w - - 0 1";
    let pos = Position::<Gethenian>::from_fen(fen, false).expect("a gethenian FEN");
    let legal = pos.legal_moves();
    assert!(legal.len() > 256, "{} legal moves", legal.len());
    for &mv in [legal.as_slice()[0], legal.as_slice()[legal.len() - 1]].iter() {
        let mut writer = GameWriter::new(&pos);
        writer.push(&pos, mv, Score::centipawns(12));
        let mut record = Vec::new();
        writer.finish(GameResult::Draw, Ending::PlyCap, &mut record);
        let mut replayed = None;
        replay::<Gethenian>(&record, |visit| replayed = visit.played).expect("it replays");
        assert_eq!(replayed, Some(mv));
        // The FEN, the result, the ending and the count, then a one-byte score and a
        // two-byte rank.
        assert_eq!(record.len(), 2 + fen.len() + 1 + 1 + 2 + 1 + 2);
    }
}

#[test]
fn a_position_kept_for_its_score_alone_ends_the_record() {
    let pos = Position::<Chess>::startpos();
    let mut writer = GameWriter::new(&pos);
    writer.push_unplayed(&pos, Score::centipawns(31));
    let mut record = Vec::new();
    writer.finish(GameResult::Win, Ending::Converted, &mut record);
    let mut visits = Vec::new();
    let summary = replay::<Chess>(&record, |visit| {
        visits.push((visit.played, visit.score, visit.result, visit.is_quiet(8)))
    })
    .expect("it replays");
    assert_eq!(visits, vec![(None, Score::centipawns(31), 2, true)]);
    assert_eq!(summary.positions, 1);
}

#[test]
fn a_record_that_lies_about_its_end_is_refused() {
    let written = random_game::<Chess>(3, 10);
    // The game goes on after ten plies: call it a checkmate.
    let mut record = written.record.clone();
    let fen_len = usize::from(u16::from_le_bytes([record[0], record[1]]));
    record[2 + fen_len + 1] = 0;
    let error = replay::<Chess>(&record, |_| {}).expect_err("a checkmate that is not one");
    assert!(error.contains("goes on"), "{error}");
    // A move rank past the legal moves.
    let mut record = written.record.clone();
    *record.last_mut().expect("a rank") = 250;
    let error = replay::<Chess>(&record, |_| {}).expect_err("no such move");
    assert!(error.contains("legal moves"), "{error}");
    // Cut short.
    let error = replay::<Chess>(&written.record[..written.record.len() - 1], |_| {})
        .expect_err("a cut record");
    assert!(error.contains("cut short"), "{error}");
}

#[test]
fn quiet_positions_leave_out_checks_captures_mates_and_the_first_searches() {
    // 1. e4 d5 2. exd5 Qxd5 3. Nc3: a capture, a recapture, a quiet developing move.
    let mut pos = Position::<Chess>::startpos();
    let mut writer = GameWriter::new(&pos);
    let plies = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5e5"];
    let scores = [Score::NONE, Score(10), Score(20), Score(30), Score::mating(9), Score(5)];
    for (text, score) in plies.iter().zip(scores) {
        let mv = pos.parse_uci_move(text).expect("a legal move");
        writer.push(&pos, mv, score);
        pos.make_move(mv);
    }
    let mut record = Vec::new();
    writer.finish(GameResult::Draw, Ending::PlyCap, &mut record);
    let mut quiet = Vec::new();
    replay::<Chess>(&record, |visit| quiet.push(visit.is_quiet(1))).expect("it replays");
    // Unsearched; the first search (skipped); a capture; a capture; a mate score; quiet.
    assert_eq!(quiet, [false, false, false, false, false, true]);
}

#[test]
fn a_chunk_decodes_to_its_records_and_refuses_other_formats() {
    let games: Vec<Written> = (0..5).map(|seed| random_game::<Shinobi>(seed, 80)).collect();
    let records: Vec<u8> = games.iter().flat_map(|g| g.record.clone()).collect();
    let header = chunk::ChunkHeader {
        variant: ekumen_movegen::VariantId::Shinobi,
        games: 5,
        positions: 123,
    };
    let bytes = chunk::encode(&header, &records).expect("it compresses");
    assert!(bytes.len() < records.len(), "{} of {}", bytes.len(), records.len());
    let (read, decoded) = chunk::decode(&bytes).expect("it decodes");
    assert_eq!((read, decoded.as_slice()), (header, records.as_slice()));
    let summaries = chunk::replay_all::<Shinobi>(&decoded, |_| {}).expect("it replays");
    assert_eq!(summaries.len(), 5);

    let mut other_version = bytes.clone();
    other_version[4] = 9;
    let error = chunk::decode(&other_version).expect_err("another version");
    assert!(error.contains("version 9"), "{error}");
    let error = chunk::decode(b"EKSP\x01\x00").expect_err("a sample file");
    assert!(error.contains("magic"), "{error}");
}
