//! Net files: a good one loads and round-trips; every kind of bad one gives its error,
//! never a panic.

use ekumen_movegen::variants::{Chess, Gothic};
use ekumen_movegen::{Rng, Variant};
use ekumen_nnue::features::{layout_hash, Inputs};
use ekumen_nnue::file::{Activation, NetError, NetFile};
use ekumen_nnue::random_net::{random_net, Weights};
use ekumen_nnue::Network;

fn chess_net(hidden: u32) -> NetFile {
    random_net::<Chess>(&mut Rng::new(11), hidden, 2, Activation::SquaredClippedRelu, Weights::Full)
}

fn load(bytes: &[u8]) -> Result<NetFile, NetError> {
    NetFile::from_bytes(bytes, Chess::NAME, Chess::INPUTS, layout_hash::<Chess>())
}

/// Where the activation byte is: after the magic, the version, both names, the input
/// count, the input layout and two u32.
fn activation_offset(file: &NetFile) -> usize {
    4 + 2 + 1 + file.variant.len() + 1 + file.name.len() + 4 + 8 + 8
}

/// `file` as a version-1 file, which had no input layout field.
fn version_1_bytes(file: &NetFile) -> Vec<u8> {
    let mut bytes = file.to_bytes();
    bytes[4..6].copy_from_slice(&1u16.to_le_bytes());
    let layout_at = 4 + 2 + 1 + file.variant.len() + 1 + file.name.len() + 4;
    bytes.drain(layout_at..layout_at + 8);
    let end = bytes.len() - 8;
    let hash = ekumen_nnue::file::fnv1a(&bytes[..end]);
    bytes[end..].copy_from_slice(&hash.to_le_bytes());
    bytes
}

#[test]
fn a_good_file_round_trips() {
    let file = chess_net(32);
    let bytes = file.to_bytes();
    assert_eq!(load(&bytes), Ok(file.clone()));
    let net = Network::<Chess>::load(&bytes).expect("a good net");
    assert_eq!(
        (net.name(), net.hash(), net.hidden(), net.buckets()),
        (&file.name[..], file.hash(), 32, 2)
    );
    assert_eq!(net.activation(), Activation::SquaredClippedRelu);
    assert_eq!(load(&load(&bytes).unwrap().to_bytes()), Ok(file));
}

#[test]
fn every_truncation_is_reported() {
    let bytes = chess_net(16).to_bytes();
    for cut in 0..bytes.len() {
        match load(&bytes[..cut]) {
            Err(NetError::Truncated(_)) => {}
            other => panic!("cut at {cut} of {}: {other:?}", bytes.len()),
        }
        assert!(matches!(Network::<Chess>::load(&bytes[..cut]), Err(NetError::Truncated(_))));
    }
}

#[test]
fn every_flipped_byte_is_an_error() {
    let file = chess_net(16);
    let bytes = file.to_bytes();
    let header = activation_offset(&file) + 7;
    for at in (0..bytes.len()).filter(|&at| at < header || at % 13 == 0) {
        for flip in [0x01u8, 0x80, 0xFF] {
            let mut corrupt = bytes.clone();
            corrupt[at] ^= flip;
            let result = load(&corrupt);
            assert!(result.is_err(), "byte {at} ^ {flip:#x} loads");
            if at >= header {
                assert_eq!(result, Err(NetError::HashMismatch), "byte {at} ^ {flip:#x}");
            }
        }
    }
    let mut corrupt = bytes.clone();
    *corrupt.last_mut().unwrap() ^= 1;
    assert_eq!(load(&corrupt), Err(NetError::HashMismatch));
}

#[test]
fn a_net_of_another_variant_is_refused() {
    let bytes = chess_net(16).to_bytes();
    assert_eq!(
        Network::<Gothic>::load(&bytes).unwrap_err(),
        NetError::WrongVariant { expected: "gothic".into(), found: "chess".into() }
    );
    assert!(matches!(
        Network::<Gothic>::from_file(&chess_net(16)),
        Err(NetError::WrongVariant { .. })
    ));
}

#[test]
fn a_wrong_input_count_is_refused() {
    let mut file = chess_net(16);
    file.shape.inputs = 700;
    file.accumulator_weights.truncate(700 * 16);
    let expected = NetError::WrongInputs { expected: Chess::INPUTS as u32, found: 700 };
    assert_eq!(Network::<Chess>::load(&file.to_bytes()).unwrap_err(), expected);
    assert_eq!(Network::<Chess>::from_file(&file).unwrap_err(), expected);
}

#[test]
fn bad_magic_version_and_names_are_refused() {
    let file = chess_net(16);
    let bytes = file.to_bytes();
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert_eq!(load(&bad), Err(NetError::NotANet));
    for version in [0u16, 3] {
        let mut bad = bytes.clone();
        bad[4..6].copy_from_slice(&version.to_le_bytes());
        assert_eq!(load(&bad), Err(NetError::UnsupportedVersion(version)));
    }
    let mut bad = bytes.clone();
    bad[4 + 2 + 1 + file.variant.len() + 1] = 0xFF;
    assert_eq!(load(&bad), Err(NetError::BadName));
}

#[test]
fn bad_shapes_are_refused() {
    for hidden in [0, 24, 8] {
        let mut file = chess_net(16);
        file.shape.hidden = hidden;
        file.accumulator_weights.resize(Chess::INPUTS * hidden as usize, 0);
        file.accumulator_biases.resize(hidden as usize, 0);
        file.output_weights.resize(2 * 2 * hidden as usize, 0);
        assert!(matches!(load(&file.to_bytes()), Err(NetError::BadShape(_))), "hidden {hidden}");
        assert!(matches!(Network::<Chess>::from_file(&file), Err(NetError::BadShape(_))));
    }
    let mut file = chess_net(16);
    file.shape.buckets = 0;
    file.output_weights.clear();
    file.output_biases.clear();
    assert!(matches!(load(&file.to_bytes()), Err(NetError::BadShape(_))));

    let file = chess_net(16);
    let mut bad = file.to_bytes();
    bad[activation_offset(&file)] = 7;
    assert!(matches!(load(&bad), Err(NetError::BadShape(_))));

    let mut file = chess_net(16);
    file.quantization.qa = 0;
    assert!(matches!(load(&file.to_bytes()), Err(NetError::BadShape(_))));
    assert!(matches!(Network::<Chess>::from_file(&file), Err(NetError::BadShape(_))));

    // A decoded file whose vectors do not fit its shape.
    let mut file = chess_net(16);
    file.output_biases.push(0);
    assert!(matches!(Network::<Chess>::from_file(&file), Err(NetError::BadShape(_))));
}

#[test]
fn trailing_bytes_are_refused() {
    let mut bytes = chess_net(16).to_bytes();
    bytes.extend_from_slice(&[0, 0, 0]);
    assert_eq!(load(&bytes), Err(NetError::TrailingBytes(3)));
}

/// A net trained with another input layout is refused with a message saying so, from a
/// file or decoded; a version-1 file (no layout field) is read with the layout its
/// variant's version-1 nets have, and refused when that is not today's.
#[test]
fn a_net_of_another_input_layout_is_refused() {
    let mut file = chess_net(16);
    let ours = layout_hash::<Chess>();
    file.input_layout = ours ^ 1;
    let expected = NetError::WrongLayout { expected: ours, found: ours ^ 1 };
    assert_eq!(load(&file.to_bytes()), Err(expected.clone()));
    assert_eq!(Network::<Chess>::load(&file.to_bytes()).unwrap_err(), expected);
    assert_eq!(Network::<Chess>::from_file(&file).unwrap_err(), expected);
    assert!(expected.to_string().contains("another input layout"), "{expected}");

    let file = chess_net(16);
    let old = version_1_bytes(&file);
    assert_eq!(load(&old), Ok(file.clone()));
    let other_layout = NetFile::from_bytes(&old, Chess::NAME, Chess::INPUTS, ours ^ 1);
    assert_eq!(other_layout, Err(NetError::WrongLayout { expected: ours ^ 1, found: ours }));
}
