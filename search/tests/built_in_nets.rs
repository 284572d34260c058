//! The nets compiled into the engine: each one listed is for a variant the engine plays,
//! loads for it (a net that did not fit would stop the engine at its first search) and is
//! used by default, and judges material the right way round; a variant without a listed
//! net has none.

use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_nnue::built_in::NETS;
use ekumen_search::nets;

fn listed(variant: VariantId) -> bool {
    NETS.iter().any(|(name, bytes)| *name == variant.name() && !bytes.is_empty())
}

#[test]
fn every_built_in_net_loads_for_its_variant_and_no_other_variant_has_one() {
    for (name, _) in NETS {
        assert!(VariantId::from_name(name).is_some(), "{name} is a variant the engine plays");
    }
    nets::use_built_in_nets();
    for variant in VariantId::ALL {
        assert_eq!(nets::net_name(variant).is_some(), listed(variant), "{variant}");
    }
}

#[test]
fn a_built_in_net_prefers_the_side_with_more_material() {
    // Each start position without one of White's pieces, and the score White must be
    // below: the queen of chess and gothic, the Clan's dragon from its hand (shinobi's
    // start is already about 3 pawns down for the Clan), gethenian's knight, a queen of
    // coherent.
    let cases = [
        (VariantId::Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", -500),
        (
            VariantId::Gothic,
            "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNB1CKABNR w KQkq - 0 1",
            -500,
        ),
        (VariantId::Shinobi, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[HLJMM] w kq - 0 1", -400),
        (VariantId::Gethenian, "2ikb2/2mnm2/7/7/7/2M1M2/2B+KI2[] w - - 0 1", -200),
        (
            VariantId::Coherent,
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PN1KQNP1 w - - 0 1",
            -500,
        ),
    ];
    // Every variant ships a net, so every case runs: a net dropped from the list fails here.
    for (variant, fen, bound) in cases {
        let weaker = AnyPosition::from_fen(variant, fen, false).expect("a legal FEN");
        let score = nets::net_evaluation(&weaker).expect("the variant has a net");
        assert!(score < bound, "{variant}: White a piece down scores {score}, not below {bound}");
    }
}
