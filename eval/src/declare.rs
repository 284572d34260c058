//! How the terms are declared: once each, in `params.rs`, with [`terms!`]. From that one
//! declaration come the group's struct (as `pub` fields, so the variant files and the
//! evaluation name them directly), its `NONE` (every term at its default, the terms a
//! variant does not use), and a walk ([`Term::visit`]) that hands each number to a
//! [`Visitor`] with its name and [`Role`]. The tuner reads and sets the numbers, and
//! writes and reads fits, through that walk alone, so a new scalar term is one line in
//! `params.rs` (and the code that reads it).
//!
//! Names are the fields' paths (`king.safe_check`, `pawns.passed`); a piece type's terms
//! are named by the piece (`knight.mobility`), which only the tuner knows
//! ([`Visitor::pieces`]). The walk is for tuning and writing: the evaluation never calls
//! it, and reads the consts' fields directly, so it costs the search nothing.

use crate::{PieceTerms, S};

/// What the tuner may do with a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A weight the tuner fits.
    Weight,
    /// A number that shapes the evaluation rather than weighs one feature (the game
    /// phase, the king-danger curve's gate, divisor and cap): kept as it is.
    Shape,
    /// A weight this variant's evaluation never reads (a pawn term without chess pawns,
    /// a group the variant leaves at `NONE`): kept as it is.
    Unread,
}

/// What decides whether a variant reads a term: the conditions a declaration names after
/// `=>` (`=> chess_pawns`), worked out once from the variant's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reads {
    /// Pieces that move as chess pawns (a passed-pawn table).
    pub chess_pawns: bool,
    /// Connected pawns by rank, with chess pawns.
    pub connected_by_rank: bool,
    /// The king's pawn cover (shelter and storm tables).
    pub king_cover: bool,
    /// The piece type being walked can be held in hand.
    pub held: bool,
    /// Inside a group the variant does not read.
    pub off: bool,
}

impl Reads {
    /// The conditions of `params`.
    pub fn of(params: &crate::EvalParams) -> Reads {
        let chess_pawns = !params.pawns.passed.is_empty();
        Reads {
            chess_pawns,
            connected_by_rank: chess_pawns && !params.pawns.connected_by_rank.is_empty(),
            king_cover: !params.pawns.shelter.is_empty(),
            held: false,
            off: false,
        }
    }

    /// The role of a weight read when `read` holds.
    pub fn weight_if(self, read: bool) -> Role {
        if read && !self.off {
            Role::Weight
        } else {
            Role::Unread
        }
    }

    /// The conditions inside a group whose role is `role`.
    pub fn within(mut self, role: Role) -> Reads {
        self.off |= role == Role::Unread;
        self
    }
}

/// What a walk over the terms sees. `'a` is the lifetime of the parameters' tables: a
/// visitor may point a table at other numbers of that lifetime.
pub trait Visitor<'a> {
    fn int(&mut self, name: &str, value: &mut i32, role: Role);
    fn pair(&mut self, name: &str, value: &mut S, role: Role);
    /// A table of pairs (by rank, by piece type, ...).
    fn table(&mut self, name: &str, values: &mut &'a [S], role: Role);
    /// A table of tables (a piece-square table's rows).
    fn grid(&mut self, name: &str, rows: &mut &'a [&'a [S]], role: Role);
    /// The piece types' terms, in the order of the variant's piece table: the visitor
    /// names each and walks it ([`Term::visit`]) with `reads`, `held` set as it is.
    fn pieces(&mut self, name: &str, pieces: &mut &'a [PieceTerms<'a>], reads: Reads);
    /// A group of terms begins (its field's name, its type's name) ...
    fn enter(&mut self, _name: &str, _type_name: &'static str) {}
    /// ... and ends.
    fn leave(&mut self) {}
}

/// Something the walk goes through: a number, a table, or a group of terms.
pub trait Term<'a> {
    fn visit<W: Visitor<'a>>(&mut self, name: &str, role: Role, reads: Reads, visitor: &mut W);
}

impl<'a> Term<'a> for i32 {
    fn visit<W: Visitor<'a>>(&mut self, name: &str, role: Role, _: Reads, visitor: &mut W) {
        visitor.int(name, self, role);
    }
}

impl<'a> Term<'a> for S {
    fn visit<W: Visitor<'a>>(&mut self, name: &str, role: Role, _: Reads, visitor: &mut W) {
        visitor.pair(name, self, role);
    }
}

impl<'a> Term<'a> for &'a [S] {
    fn visit<W: Visitor<'a>>(&mut self, name: &str, role: Role, _: Reads, visitor: &mut W) {
        visitor.table(name, self, role);
    }
}

impl<'a> Term<'a> for &'a [&'a [S]] {
    fn visit<W: Visitor<'a>>(&mut self, name: &str, role: Role, _: Reads, visitor: &mut W) {
        visitor.grid(name, self, role);
    }
}

impl<'a> Term<'a> for &'a [PieceTerms<'a>] {
    fn visit<W: Visitor<'a>>(&mut self, name: &str, _: Role, reads: Reads, visitor: &mut W) {
        visitor.pieces(name, self, reads);
    }
}

/// `field` within the group `group` (the top level has no name).
pub fn path(group: &str, field: &str) -> String {
    if group.is_empty() {
        field.to_string()
    } else {
        format!("{group}.{field}")
    }
}

/// The role of one declared field: `=> shape`, `=> in_use` (the group is not `NONE`), or
/// `=> condition` (a field of [`Reads`]); a weight always read without one.
macro_rules! role {
    ($reads:ident, $value:expr, $ty:ty) => {
        $reads.weight_if(true)
    };
    ($reads:ident, $value:expr, $ty:ty, shape) => {
        $crate::declare::Role::Shape
    };
    ($reads:ident, $value:expr, $ty:ty, in_use) => {
        $reads.weight_if(*$value != <$ty>::NONE)
    };
    ($reads:ident, $value:expr, $ty:ty, $condition:ident) => {
        $reads.weight_if($reads.$condition)
    };
}
pub(crate) use role;

/// Declares a group of terms: its struct, its `NONE` and its walk. Each field is
/// `name: type = default`, optionally followed by `=> shape`, `=> in_use` or
/// `=> condition` (see [`role!`]).
macro_rules! terms {
    (
        $(#[$meta:meta])*
        pub struct $name:ident<$lt:lifetime> { $($fields:tt)* }
    ) => {
        $crate::declare::terms!(
            @struct $name [$(#[$meta])*] [$name<$lt>] [$name<'static>] $lt { $($fields)* }
        );
    };
    (
        $(#[$meta:meta])*
        pub struct $name:ident { $($fields:tt)* }
    ) => {
        $crate::declare::terms!(
            @struct $name [$(#[$meta])*] [$name] [$name] 't { $($fields)* }
        );
    };
    (
        @struct $name:ident [$(#[$meta:meta])*] [$($self_ty:tt)*] [$($none_ty:tt)*]
        $lt:lifetime {
            $(
                $(#[$field_meta:meta])*
                $field:ident : $ty:ty = $default:expr $(=> $tag:ident)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $($self_ty)* {
            $(
                $(#[$field_meta])*
                pub $field: $ty,
            )*
        }

        impl $($none_ty)* {
            /// Every term at its default: off, or for the curves their usual shape.
            pub const NONE: Self = Self { $($field: $default),* };
        }

        impl<$lt> $crate::declare::Term<$lt> for $($self_ty)* {
            fn visit<W: $crate::declare::Visitor<$lt>>(
                &mut self,
                name: &str,
                role: $crate::declare::Role,
                reads: $crate::declare::Reads,
                visitor: &mut W,
            ) {
                let reads = reads.within(role);
                visitor.enter(name, stringify!($name));
                $(
                    let role = $crate::declare::role!(reads, &self.$field, $ty $(, $tag)?);
                    $crate::declare::Term::visit(
                        &mut self.$field,
                        &$crate::declare::path(name, stringify!($field)),
                        role,
                        reads,
                        visitor,
                    );
                )*
                visitor.leave();
            }
        }
    };
}
pub(crate) use terms;

impl<'a> crate::EvalParams<'a> {
    /// Walks every term of these parameters, in their declared order.
    pub fn walk<W: Visitor<'a>>(&mut self, visitor: &mut W) {
        let reads = Reads::of(self);
        Term::visit(self, "", Role::Weight, reads, visitor);
    }
}
