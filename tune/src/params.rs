//! An editable copy of a variant's [`EvalParams`]: every number the tuner may move, named,
//! reachable one at a time ([`Editable::for_each_value`]), and printable as the Rust the
//! variant's file in `eval/src` is written in.
//!
//! The evaluation's own tables are `&'static` consts; this copy owns its slices and lends
//! them out as an [`EvalParams`] for the length of one call ([`Editable::with_params`]).

use std::fmt::Write;

use ekumen_eval::{
    EvalParams, ImbalanceTerms, KingTerms, PasserTerms, PawnTerms, PieceTerms, PlacementTerms,
    ScaleTerms, StructureTerms, WinnabilityTerms, S,
};
use ekumen_movegen::{Geometry, PieceType, Variant};

/// A pair as the evaluation's files write it.
fn s(v: S) -> String {
    format!("s({}, {})", v.mg, v.eg)
}

/// One piece type's terms, owned.
#[derive(Clone, Debug)]
pub struct EditablePiece {
    pub name: &'static str,
    /// Whether this kind can be in hand, so that `in_hand` is read.
    pub held: bool,
    pub value: S,
    pub in_hand: S,
    pub mobility: S,
    pub centre: S,
    pub advance: S,
    pub ranks: Vec<S>,
    /// Rows by rank, as in [`PieceTerms::squares`].
    pub squares: Vec<Vec<S>>,
    pub open_file: S,
    pub king_attack: i32,
    pub drop_danger: i32,
    pub phase: i32,
}

/// A variant's terms, owned.
#[derive(Clone, Debug)]
pub struct Editable {
    pub pieces: Vec<EditablePiece>,
    pub tempo: S,
    pub bishop_pair: S,
    /// [`ImbalanceTerms::ours`], empty when the variant has no imbalance term.
    pub imbalance_ours: Vec<S>,
    /// [`ImbalanceTerms::theirs`].
    pub imbalance_theirs: Vec<S>,
    pub doubled: S,
    pub isolated: S,
    pub connected: S,
    pub connected_by_rank: Vec<S>,
    pub supported: S,
    pub weak_unopposed: S,
    pub backward: S,
    pub passed: Vec<S>,
    pub shelter: Vec<S>,
    pub storm: Vec<S>,
    pub blocked_storm: S,
    pub structure: StructureTerms,
    pub placement: PlacementTerms,
    pub king: KingTerms,
    pub threat_by_pawn: S,
    pub hanging: S,
    pub threat_by_lesser: S,
    pub threat_by_push: S,
    pub threat_by_minor: Vec<S>,
    pub threat_by_rook: Vec<S>,
    pub restricted: S,
    pub weak_piece: S,
    pub weak_pawn: S,
    pub queen_threat_by_leaper: S,
    pub queen_threat_by_slider: S,
    pub passers: PasserTerms,
    pub winnability: WinnabilityTerms,
    pub scale: ScaleTerms,
    pub drawish_margin: i32,
}

impl Editable {
    /// A copy of `V`'s parameters.
    pub fn of<V: Variant>(params: &EvalParams) -> Editable {
        let pieces = params
            .pieces
            .iter()
            .zip(V::PIECES)
            .enumerate()
            .map(|(i, (t, def))| EditablePiece {
                name: def.name,
                held: V::DROPS && V::HAND_ORDER.contains(&PieceType(i as u8)),
                value: t.value,
                in_hand: t.in_hand,
                mobility: t.mobility,
                centre: t.centre,
                advance: t.advance,
                ranks: t.ranks.to_vec(),
                squares: t.squares.iter().map(|row| row.to_vec()).collect(),
                open_file: t.open_file,
                king_attack: t.king_attack,
                drop_danger: t.drop_danger,
                phase: t.phase,
            })
            .collect();
        Editable {
            pieces,
            tempo: params.tempo,
            bishop_pair: params.bishop_pair,
            imbalance_ours: params.imbalance.ours.to_vec(),
            imbalance_theirs: params.imbalance.theirs.to_vec(),
            doubled: params.pawns.doubled,
            isolated: params.pawns.isolated,
            connected: params.pawns.connected,
            connected_by_rank: params.pawns.connected_by_rank.to_vec(),
            supported: params.pawns.supported,
            weak_unopposed: params.pawns.weak_unopposed,
            backward: params.pawns.backward,
            passed: params.pawns.passed.to_vec(),
            shelter: params.pawns.shelter.to_vec(),
            storm: params.pawns.storm.to_vec(),
            blocked_storm: params.pawns.blocked_storm,
            structure: params.structure,
            placement: params.placement,
            king: params.king,
            threat_by_pawn: params.threat_by_pawn,
            hanging: params.hanging,
            threat_by_lesser: params.threat_by_lesser,
            threat_by_push: params.threat_by_push,
            threat_by_minor: params.threat_by_minor.to_vec(),
            threat_by_rook: params.threat_by_rook.to_vec(),
            restricted: params.restricted,
            weak_piece: params.weak_piece,
            weak_pawn: params.weak_pawn,
            queen_threat_by_leaper: params.queen_threat_by_leaper,
            queen_threat_by_slider: params.queen_threat_by_slider,
            passers: params.passers,
            winnability: params.winnability,
            scale: params.scale,
            drawish_margin: params.drawish_margin,
        }
    }

    /// Gives every piece type without a piece-square table (`PieceTerms::squares`) one of
    /// zeros, for the tuner to fill in.
    pub fn add_square_tables<V: Variant>(&mut self) {
        let row = vec![S::ZERO; (V::Geo::FILES as usize).div_ceil(2)];
        for piece in &mut self.pieces {
            if piece.squares.is_empty() {
                piece.squares = vec![row.clone(); V::Geo::RANKS as usize];
            }
        }
    }

    /// Calls `f` with these parameters as the evaluation takes them.
    pub fn with_params<R>(&self, f: impl FnOnce(&EvalParams) -> R) -> R {
        let square_rows: Vec<Vec<&[S]>> =
            self.pieces.iter().map(|p| p.squares.iter().map(Vec::as_slice).collect()).collect();
        let pieces: Vec<PieceTerms> = self
            .pieces
            .iter()
            .zip(&square_rows)
            .map(|(p, rows)| PieceTerms {
                value: p.value,
                in_hand: p.in_hand,
                mobility: p.mobility,
                centre: p.centre,
                advance: p.advance,
                ranks: &p.ranks,
                squares: rows,
                open_file: p.open_file,
                king_attack: p.king_attack,
                drop_danger: p.drop_danger,
                phase: p.phase,
            })
            .collect();
        let params = EvalParams {
            pieces: &pieces,
            tempo: self.tempo,
            bishop_pair: self.bishop_pair,
            imbalance: ImbalanceTerms {
                ours: &self.imbalance_ours,
                theirs: &self.imbalance_theirs,
            },
            pawns: PawnTerms {
                doubled: self.doubled,
                isolated: self.isolated,
                connected: self.connected,
                connected_by_rank: &self.connected_by_rank,
                supported: self.supported,
                weak_unopposed: self.weak_unopposed,
                backward: self.backward,
                passed: &self.passed,
                shelter: &self.shelter,
                storm: &self.storm,
                blocked_storm: self.blocked_storm,
            },
            structure: self.structure,
            placement: self.placement,
            king: self.king,
            threat_by_pawn: self.threat_by_pawn,
            hanging: self.hanging,
            threat_by_lesser: self.threat_by_lesser,
            threat_by_push: self.threat_by_push,
            threat_by_minor: &self.threat_by_minor,
            threat_by_rook: &self.threat_by_rook,
            restricted: self.restricted,
            weak_piece: self.weak_piece,
            weak_pawn: self.weak_pawn,
            queen_threat_by_leaper: self.queen_threat_by_leaper,
            queen_threat_by_slider: self.queen_threat_by_slider,
            passers: self.passers,
            winnability: self.winnability,
            scale: self.scale,
            drawish_margin: self.drawish_margin,
        };
        f(&params)
    }

    /// Every tunable number with its name, in a fixed order. The game-phase weights, the
    /// king-danger curve's gate, divisor and cap and the drawish margin are left alone: they
    /// shape the evaluation rather than weigh one feature.
    pub fn for_each_value(&mut self, mut f: impl FnMut(&str, &mut i32)) {
        fn pair(f: &mut impl FnMut(&str, &mut i32), name: &str, v: &mut S) {
            f(&format!("{name}.mg"), &mut v.mg);
            f(&format!("{name}.eg"), &mut v.eg);
        }
        fn table(f: &mut impl FnMut(&str, &mut i32), name: &str, values: &mut [S]) {
            for (index, v) in values.iter_mut().enumerate() {
                pair(f, &format!("{name}[{index}]"), v);
            }
        }
        for p in &mut self.pieces {
            let n = p.name;
            pair(&mut f, &format!("{n}.value"), &mut p.value);
            if p.held {
                pair(&mut f, &format!("{n}.in_hand"), &mut p.in_hand);
            }
            pair(&mut f, &format!("{n}.mobility"), &mut p.mobility);
            pair(&mut f, &format!("{n}.centre"), &mut p.centre);
            pair(&mut f, &format!("{n}.advance"), &mut p.advance);
            table(&mut f, &format!("{n}.ranks"), &mut p.ranks);
            for (rank, row) in p.squares.iter_mut().enumerate() {
                table(&mut f, &format!("{n}.squares[{rank}]"), row);
            }
            pair(&mut f, &format!("{n}.open_file"), &mut p.open_file);
            f(&format!("{n}.king_attack"), &mut p.king_attack);
            f(&format!("{n}.drop_danger"), &mut p.drop_danger);
        }
        pair(&mut f, "tempo", &mut self.tempo);
        pair(&mut f, "bishop_pair", &mut self.bishop_pair);
        table(&mut f, "imbalance.ours", &mut self.imbalance_ours);
        table(&mut f, "imbalance.theirs", &mut self.imbalance_theirs);
        pair(&mut f, "pawns.doubled", &mut self.doubled);
        pair(&mut f, "pawns.isolated", &mut self.isolated);
        pair(&mut f, "pawns.connected", &mut self.connected);
        table(&mut f, "pawns.passed", &mut self.passed);
        // Chess-style pawns only: the structure terms read pawns and nothing else.
        if !self.passed.is_empty() {
            pair(&mut f, "pawns.backward", &mut self.backward);
            if !self.connected_by_rank.is_empty() {
                table(&mut f, "pawns.connected_by_rank", &mut self.connected_by_rank);
                pair(&mut f, "pawns.supported", &mut self.supported);
                pair(&mut f, "pawns.weak_unopposed", &mut self.weak_unopposed);
            }
            let structure = &mut self.structure;
            f("structure.space", &mut structure.space);
            pair(&mut f, "structure.bishop_pawns", &mut structure.bishop_pawns);
            pair(&mut f, "structure.long_diagonal", &mut structure.long_diagonal);
            pair(&mut f, "structure.outpost", &mut structure.outpost);
            pair(&mut f, "structure.behind_pawn", &mut structure.behind_pawn);
        }
        table(&mut f, "pawns.shelter", &mut self.shelter);
        table(&mut f, "pawns.storm", &mut self.storm);
        if !self.shelter.is_empty() {
            pair(&mut f, "pawns.blocked_storm", &mut self.blocked_storm);
        }
        f("king.weak_square", &mut self.king.weak_square);
        f("king.shelter", &mut self.king.shelter);
        f("king.safe_check", &mut self.king.safe_check);
        f("king.unsafe_check", &mut self.king.unsafe_check);
        f("king.attacker", &mut self.king.attacker);
        f("king.no_queen", &mut self.king.no_queen);
        f("king.mobility_edge", &mut self.king.mobility_edge);
        if !self.passed.is_empty() {
            pair(&mut f, "king.flank_attack", &mut self.king.flank_attack);
            pair(&mut f, "king.pawnless_flank", &mut self.king.pawnless_flank);
        }
        f("king.flank_defence", &mut self.king.flank_defence);
        f("king.blockers", &mut self.king.blockers);
        f("king.minor_defender", &mut self.king.minor_defender);
        f("king.eg_per_unit", &mut self.king.eg_per_unit);
        pair(&mut f, "threat_by_pawn", &mut self.threat_by_pawn);
        pair(&mut f, "hanging", &mut self.hanging);
        pair(&mut f, "threat_by_lesser", &mut self.threat_by_lesser);
        if !self.passed.is_empty() {
            pair(&mut f, "threat_by_push", &mut self.threat_by_push);
            pair(&mut f, "weak_pawn", &mut self.weak_pawn);
        }
        pair(&mut f, "restricted", &mut self.restricted);
        pair(&mut f, "weak_piece", &mut self.weak_piece);
        table(&mut f, "threat_by_minor", &mut self.threat_by_minor);
        table(&mut f, "threat_by_rook", &mut self.threat_by_rook);
        pair(&mut f, "queen_threat_by_leaper", &mut self.queen_threat_by_leaper);
        pair(&mut f, "queen_threat_by_slider", &mut self.queen_threat_by_slider);
        if self.placement != PlacementTerms::NONE {
            let p = &mut self.placement;
            pair(&mut f, "placement.king_protector", &mut p.king_protector);
            pair(&mut f, "placement.rook_on_king_ring", &mut p.rook_on_king_ring);
            pair(&mut f, "placement.bishop_on_king_ring", &mut p.bishop_on_king_ring);
            pair(&mut f, "placement.trapped_rook", &mut p.trapped_rook);
        }
        // Terms a variant leaves at NONE stay out of its fit.
        if self.passers != PasserTerms::NONE {
            let p = &mut self.passers;
            pair(&mut f, "passers.enemy_king", &mut p.enemy_king);
            pair(&mut f, "passers.own_king", &mut p.own_king);
            pair(&mut f, "passers.free_span", &mut p.free_span);
            pair(&mut f, "passers.free_path", &mut p.free_path);
            pair(&mut f, "passers.free_step", &mut p.free_step);
            pair(&mut f, "passers.guarded_step", &mut p.guarded_step);
        }
        if self.winnability != WinnabilityTerms::NONE {
            let w = &mut self.winnability;
            f("winnability.passed", &mut w.passed);
            f("winnability.pawns", &mut w.pawns);
            f("winnability.outflanking", &mut w.outflanking);
            f("winnability.both_flanks", &mut w.both_flanks);
            f("winnability.infiltration", &mut w.infiltration);
            f("winnability.pawns_only", &mut w.pawns_only);
            f("winnability.almost_unwinnable", &mut w.almost_unwinnable);
            f("winnability.bias", &mut w.bias);
            f("winnability.mg_margin", &mut w.mg_margin);
        }
        if self.scale != ScaleTerms::NONE {
            let sc = &mut self.scale;
            f("scale.base", &mut sc.base);
            f("scale.per_pawn", &mut sc.per_pawn);
            f("scale.one_flank", &mut sc.one_flank);
            f("scale.opposite_bishops", &mut sc.opposite_bishops);
            f("scale.opposite_bishops_per_man", &mut sc.opposite_bishops_per_man);
        }
    }

    /// The numbers alone, in [`Self::for_each_value`]'s order.
    pub fn values(&mut self) -> Vec<i32> {
        let mut out = Vec::new();
        self.for_each_value(|_, v| out.push(*v));
        out
    }

    /// The names, in [`Self::for_each_value`]'s order.
    pub fn names(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        self.for_each_value(|name, _| out.push(name.to_string()));
        out
    }

    /// The groups of numbers, in order of first appearance, each with the indices of its
    /// numbers. A group is a name without its `[index]` and `.mg` / `.eg`
    /// (`knight.squares`, `king.safe_check`).
    pub fn groups(&mut self) -> Vec<(String, Vec<usize>)> {
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, name) in self.names().iter().enumerate() {
            let group = group_of(name);
            match groups.iter_mut().find(|(g, _)| *g == group) {
                Some((_, members)) => members.push(i),
                None => groups.push((group, vec![i])),
            }
        }
        groups
    }

    /// Runs `f` with the numbers at `members` set to zero, then gives them back their
    /// values: what a group of terms adds is the difference `f` sees.
    pub fn with_zeroed<R>(&mut self, members: &[usize], f: impl FnOnce(&Editable) -> R) -> R {
        let values = self.values();
        for &i in members {
            self.set(i, 0);
        }
        let result = f(self);
        for &i in members {
            self.set(i, values[i]);
        }
        result
    }

    /// Sets the `index`th number.
    pub fn set(&mut self, index: usize, value: i32) {
        let mut i = 0;
        self.for_each_value(|_, v| {
            if i == index {
                *v = value;
            }
            i += 1;
        });
    }

    /// The imbalance field of [`Self::to_rust`], `NONE` when the variant has none.
    fn imbalance_to_rust(&self) -> String {
        if self.imbalance_ours.is_empty() {
            return "ImbalanceTerms::NONE".to_string();
        }
        let table = |values: &[S]| values.iter().map(|&v| s(v)).collect::<Vec<_>>().join(", ");
        format!(
            "ImbalanceTerms {{ ours: &[{}], theirs: &[{}] }}",
            table(&self.imbalance_ours),
            table(&self.imbalance_theirs)
        )
    }

    /// The placement field of [`Self::to_rust`], `NONE` when the variant leaves it so.
    fn placement_to_rust(&self) -> String {
        let p = &self.placement;
        if *p == PlacementTerms::NONE {
            return "PlacementTerms::NONE".to_string();
        }
        format!(
            "PlacementTerms {{ king_protector: {}, rook_on_king_ring: {}, bishop_on_king_ring: {}, \
             trapped_rook: {} }}",
            s(p.king_protector),
            s(p.rook_on_king_ring),
            s(p.bishop_on_king_ring),
            s(p.trapped_rook)
        )
    }

    /// The passed-pawn, winnability and scale fields of [`Self::to_rust`], each `NONE`
    /// when the variant leaves it so.
    fn later_terms_to_rust(&self) -> String {
        let p = &self.passers;
        let passers = if *p == PasserTerms::NONE {
            "PasserTerms::NONE".to_string()
        } else {
            format!(
                "PasserTerms {{ enemy_king: {}, own_king: {}, free_span: {}, free_path: {}, \
                 free_step: {}, guarded_step: {} }}",
                s(p.enemy_king),
                s(p.own_king),
                s(p.free_span),
                s(p.free_path),
                s(p.free_step),
                s(p.guarded_step)
            )
        };
        let w = &self.winnability;
        let winnability = if *w == WinnabilityTerms::NONE {
            "WinnabilityTerms::NONE".to_string()
        } else {
            format!(
                "WinnabilityTerms {{ passed: {}, pawns: {}, outflanking: {}, both_flanks: {}, \
                 infiltration: {}, pawns_only: {}, almost_unwinnable: {}, bias: {}, \
                 mg_margin: {} }}",
                w.passed,
                w.pawns,
                w.outflanking,
                w.both_flanks,
                w.infiltration,
                w.pawns_only,
                w.almost_unwinnable,
                w.bias,
                w.mg_margin
            )
        };
        let sc = &self.scale;
        let scale = if *sc == ScaleTerms::NONE {
            "ScaleTerms::NONE".to_string()
        } else {
            format!(
                "ScaleTerms {{ base: {}, per_pawn: {}, one_flank: {}, opposite_bishops: {}, \
                 opposite_bishops_per_man: {} }}",
                sc.base,
                sc.per_pawn,
                sc.one_flank,
                sc.opposite_bishops,
                sc.opposite_bishops_per_man
            )
        };
        format!("passers: {passers},\n    winnability: {winnability},\n    scale: {scale},")
    }

    /// The body of the variant's `const PARAMS: EvalParams` in `eval/src/<variant>.rs`.
    pub fn to_rust(&self) -> String {
        fn table(values: &[S]) -> String {
            let items: Vec<String> = values.iter().map(|&v| s(v)).collect();
            format!("&[{}]", items.join(", "))
        }
        let mut out = String::from("EvalParams {\n    pieces: &[\n");
        for p in &self.pieces {
            let _ = write!(
                out,
                "        // {}\n        PieceTerms::new({}, {})",
                p.name, p.value.mg, p.value.eg
            );
            let mut builder = |name: &str, v: S| {
                if v != S::ZERO {
                    let _ = write!(out, "\n            .{name}({}, {})", v.mg, v.eg);
                }
            };
            if p.held && p.in_hand != p.value {
                builder("in_hand", p.in_hand);
            }
            builder("mobility", p.mobility);
            builder("centre", p.centre);
            builder("advance", p.advance);
            builder("open_file", p.open_file);
            if !p.ranks.is_empty() {
                let _ = write!(out, "\n            .ranks({})", table(&p.ranks));
            }
            if !p.squares.is_empty() {
                out.push_str("\n            .squares(&[");
                for row in &p.squares {
                    let _ = write!(out, "\n                {},", table(row));
                }
                out.push_str("\n            ])");
            }
            for (name, v) in
                [("king_attack", p.king_attack), ("drop_danger", p.drop_danger), ("phase", p.phase)]
            {
                if v != 0 {
                    let _ = write!(out, "\n            .{name}({v})");
                }
            }
            out.push_str(",\n");
        }
        let k = &self.king;
        let _ = write!(
            out,
            "    ],\n    tempo: {},\n    bishop_pair: {},\n    imbalance: {},\n    pawns: PawnTerms {{\n        \
             doubled: {},\n        isolated: {},\n        connected: {},\n        connected_by_rank: {},\n        supported: {},\n        weak_unopposed: {},\n        backward: {},\n        \
             passed: {},\n        shelter: {},\n        storm: {},\n        blocked_storm: {},\n    }},\n    \
             structure: StructureTerms {{ space: {}, bishop_pawns: {}, long_diagonal: {}, outpost: {}, \
             behind_pawn: {} }},\n    placement: {},\n    king: KingTerms {{ weak_square: {}, shelter: {}, safe_check: {}, unsafe_check: {}, attacker: {}, no_queen: {}, mobility_edge: {}, flank_attack: {}, pawnless_flank: {}, \
             flank_defence: {}, blockers: {}, minor_defender: {}, min_attackers: {}, divisor: {}, eg_per_unit: {}, \
             cap: {} }},\n    threat_by_pawn: {},\n    hanging: {},\n    \
             threat_by_lesser: {},\n    threat_by_push: {},\n    threat_by_minor: {},\n    threat_by_rook: {},\n    restricted: {},\n    weak_piece: {},\n    weak_pawn: {},\n    queen_threat_by_leaper: {},\n    queen_threat_by_slider: {},\n    {}\n    drawish_margin: {},\n}}\n",
            s(self.tempo),
            s(self.bishop_pair),
            self.imbalance_to_rust(),
            s(self.doubled),
            s(self.isolated),
            s(self.connected),
            table(&self.connected_by_rank),
            s(self.supported),
            s(self.weak_unopposed),
            s(self.backward),
            table(&self.passed),
            table(&self.shelter),
            table(&self.storm),
            s(self.blocked_storm),
            self.structure.space,
            s(self.structure.bishop_pawns),
            s(self.structure.long_diagonal),
            s(self.structure.outpost),
            s(self.structure.behind_pawn),
            self.placement_to_rust(),
            k.weak_square,
            k.shelter,
            k.safe_check,
            k.unsafe_check,
            k.attacker,
            k.no_queen,
            k.mobility_edge,
            s(k.flank_attack),
            s(k.pawnless_flank),
            k.flank_defence,
            k.blockers,
            k.minor_defender,
            k.min_attackers,
            k.divisor,
            k.eg_per_unit,
            k.cap,
            s(self.threat_by_pawn),
            s(self.hanging),
            s(self.threat_by_lesser),
            s(self.threat_by_push),
            table(&self.threat_by_minor),
            table(&self.threat_by_rook),
            s(self.restricted),
            s(self.weak_piece),
            s(self.weak_pawn),
            s(self.queen_threat_by_leaper),
            s(self.queen_threat_by_slider),
            self.later_terms_to_rust(),
            self.drawish_margin,
        );
        out
    }
}

/// The group a number belongs to: its name without `[index]` and `.mg` / `.eg`.
fn group_of(name: &str) -> String {
    let without_phase =
        name.strip_suffix(".mg").or_else(|| name.strip_suffix(".eg")).unwrap_or(name);
    let mut group = String::with_capacity(without_phase.len());
    let mut depth = 0;
    for c in without_phase.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => group.push(c),
            _ => {}
        }
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::variants::Gothic;

    #[test]
    fn groups_drop_index_and_phase() {
        assert_eq!(group_of("knight.squares[3][2].mg"), "knight.squares");
        assert_eq!(group_of("king.safe_check"), "king.safe_check");
        assert_eq!(group_of("pawns.passed[4].eg"), "pawns.passed");
    }

    #[test]
    fn every_number_is_in_one_group() {
        let mut editable = Editable::of::<Gothic>(&<Gothic as ekumen_eval::Evaluate>::PARAMS);
        let count = editable.names().len();
        let mut members: Vec<usize> =
            editable.groups().into_iter().flat_map(|(_, members)| members).collect();
        members.sort_unstable();
        assert_eq!(members, (0..count).collect::<Vec<_>>());
    }

    #[test]
    fn a_zeroed_group_gets_its_values_back() {
        let mut editable = Editable::of::<Gothic>(&<Gothic as ekumen_eval::Evaluate>::PARAMS);
        let before = editable.values();
        let (_, members) = editable.groups().into_iter().find(|(g, _)| g == "tempo").unwrap();
        assert!(members.iter().any(|&i| before[i] != 0));
        let seen = editable.with_zeroed(&members, |e| e.clone().values());
        assert!(members.iter().all(|&i| seen[i] == 0));
        assert_eq!(editable.values(), before);
    }
}
