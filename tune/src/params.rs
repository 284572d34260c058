//! An editable copy of a variant's [`EvalParams`]: every number the tuner may move, named,
//! reachable one at a time ([`Editable::for_each_value`]), written and read as a fit file
//! ([`Editable::to_text`], [`Editable::read_text`]) and printable as the Rust the
//! variant's file in `eval/src` is written in ([`Editable::to_rust`]).
//!
//! Nothing here names a term: the copy is made, lent out and written by walking the
//! declared terms ([`EvalParams::walk`]), so a term declared in `eval/src/params.rs` is
//! tuned, saved and printed without an edit here.
//!
//! The evaluation's own tables are `&'static` consts; this copy holds each field's numbers
//! in the walk's order ([`Entry`]) and lends them out as an [`EvalParams`] for the length of
//! one call ([`Editable::with_params`]).
//!
//! # Fit files
//! A fit is plain text, one line per number or pair: the term's name, then its value
//! (`king.safe_check 12`) or its middle-game and endgame values (`knight.mobility 3 6`);
//! a table has one line per entry (`pawns.passed[4] 30 45`), a table of rows one per
//! square (`knight.squares[2][3] -6 4`). `#` starts a comment. A file names every term,
//! so that it reads on its own; reading one, the terms it leaves out keep the variant's
//! values, and a name the variant does not have is an error.
//!
//! The variants' shipped terms stay Rust consts (`eval/src/<variant>.rs`, written from
//! [`Editable::to_rust`]) rather than becoming such files read at start-up: as consts they
//! are known to the compiler where [`ekumen_eval::evaluate`] is inlined, which then drops
//! every term a variant leaves at zero and folds the others' weights into the code.

use std::collections::BTreeMap;
use std::fmt::Write;

use ekumen_eval::{EvalParams, PieceTerms, Reads, Role, Term, Visitor, S};
use ekumen_movegen::{Geometry, PieceType, Variant};

/// One field's numbers.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i32),
    Pair(S),
    Table(Vec<S>),
    /// Rows, as [`PieceTerms::squares`].
    Grid(Vec<Vec<S>>),
}

/// One field of the walk: its name, what the tuner may do with it, and its numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: String,
    pub role: Role,
    pub value: Value,
}

/// A variant's terms, owned.
#[derive(Clone, Debug)]
pub struct Editable {
    /// The variant's parameters, whose shape the lent-out copies take.
    template: EvalParams<'static>,
    /// The piece types' names, in the variant's order.
    piece_names: Vec<String>,
    entries: Vec<Entry>,
}

/// Copies every field's numbers into entries.
struct Collect<'n> {
    piece_names: &'n [String],
    held: &'n [bool],
    entries: Vec<Entry>,
}

impl<'a> Visitor<'a> for Collect<'_> {
    fn int(&mut self, name: &str, value: &mut i32, role: Role) {
        self.push(name, role, Value::Int(*value));
    }
    fn pair(&mut self, name: &str, value: &mut S, role: Role) {
        self.push(name, role, Value::Pair(*value));
    }
    fn table(&mut self, name: &str, values: &mut &'a [S], role: Role) {
        self.push(name, role, Value::Table(values.to_vec()));
    }
    fn grid(&mut self, name: &str, rows: &mut &'a [&'a [S]], role: Role) {
        self.push(name, role, Value::Grid(rows.iter().map(|row| row.to_vec()).collect()));
    }
    fn pieces(&mut self, _: &str, pieces: &mut &'a [PieceTerms<'a>], reads: Reads) {
        for (i, piece) in pieces.iter().enumerate() {
            let reads = Reads { held: self.held[i], ..reads };
            Term::visit(&mut piece.clone(), &self.piece_names[i], Role::Weight, reads, self);
        }
    }
}

impl Collect<'_> {
    fn push(&mut self, name: &str, role: Role, value: Value) {
        self.entries.push(Entry { name: name.to_string(), role, value });
    }
}

/// Points every field of a walk at the entries' numbers, in the walk's order.
struct Lend<'e> {
    entries: std::slice::Iter<'e, Entry>,
    /// Each grid's rows as slices, in the walk's order.
    grids: std::slice::Iter<'e, Vec<&'e [S]>>,
}

impl<'e> Lend<'e> {
    fn next(&mut self) -> &'e Value {
        &self.entries.next().expect("one entry per field").value
    }
}

impl<'e> Visitor<'e> for Lend<'e> {
    fn int(&mut self, _: &str, value: &mut i32, _: Role) {
        let Value::Int(v) = self.next() else { panic!("a number where the walk has one") };
        *value = *v;
    }
    fn pair(&mut self, _: &str, value: &mut S, _: Role) {
        let Value::Pair(v) = self.next() else { panic!("a pair where the walk has one") };
        *value = *v;
    }
    fn table(&mut self, _: &str, values: &mut &'e [S], _: Role) {
        let Value::Table(v) = self.next() else { panic!("a table where the walk has one") };
        *values = v;
    }
    fn grid(&mut self, _: &str, rows: &mut &'e [&'e [S]], _: Role) {
        let Value::Grid(_) = self.next() else { panic!("a grid where the walk has one") };
        *rows = self.grids.next().expect("one set of rows per grid");
    }
    /// The pieces are lent before the walk (see [`Editable::with_params`]).
    fn pieces(&mut self, _: &str, _: &mut &'e [PieceTerms<'e>], _: Reads) {}
}

/// The piece types' names as terms are named by them: one word each ("wooden horse" is
/// `wooden_horse`), and a promoted type named as an unpromoted one is `promoted_captain`.
fn piece_names<V: Variant>() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, def) in V::PIECES.iter().enumerate() {
        let mut name = def.name.replace(' ', "_");
        if names.contains(&name) {
            name = if def.promoted { format!("promoted_{name}") } else { format!("{name}_{i}") };
        }
        names.push(name);
    }
    names
}

/// Calls `f` with the name and a mutable reference of every number of `entries` whose
/// role is [`Role::Weight`], in order: `name`, `name.mg`/`name.eg`, `name[i].mg`,
/// `name[rank][file].mg`.
fn for_each_weight(entries: &mut [Entry], mut f: impl FnMut(&dyn Fn() -> String, &mut i32)) {
    fn pair(
        f: &mut impl FnMut(&dyn Fn() -> String, &mut i32),
        label: &dyn Fn() -> String,
        v: &mut S,
    ) {
        f(&|| format!("{}.mg", label()), &mut v.mg);
        f(&|| format!("{}.eg", label()), &mut v.eg);
    }
    for entry in entries.iter_mut().filter(|e| e.role == Role::Weight) {
        let name = &entry.name;
        match &mut entry.value {
            Value::Int(v) => f(&|| name.clone(), v),
            Value::Pair(v) => pair(&mut f, &|| name.clone(), v),
            Value::Table(values) => {
                for (i, v) in values.iter_mut().enumerate() {
                    pair(&mut f, &|| format!("{name}[{i}]"), v);
                }
            }
            Value::Grid(rows) => {
                for (r, row) in rows.iter_mut().enumerate() {
                    for (c, v) in row.iter_mut().enumerate() {
                        pair(&mut f, &|| format!("{name}[{r}][{c}]"), v);
                    }
                }
            }
        }
    }
}

impl Editable {
    /// A copy of `params`, a set of `V`'s parameters.
    pub fn of<V: Variant>(params: &EvalParams<'static>) -> Editable {
        let piece_names = piece_names::<V>();
        let held: Vec<bool> = (0..V::PIECES.len())
            .map(|i| V::DROPS && V::HAND_ORDER.contains(&PieceType(i as u8)))
            .collect();
        let mut collect = Collect { piece_names: &piece_names, held: &held, entries: Vec::new() };
        params.clone().walk(&mut collect);
        let entries = collect.entries;
        Editable { template: *params, piece_names, entries }
    }

    /// The piece types' names as the terms are named by them.
    pub fn piece_names(&self) -> &[String] {
        &self.piece_names
    }

    /// Every field's numbers, in the walk's order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Gives every piece type without a piece-square table (`PieceTerms::squares`) one of
    /// zeros, for the tuner to fill in.
    pub fn add_square_tables<V: Variant>(&mut self) {
        let row = vec![S::ZERO; (V::Geo::FILES as usize).div_ceil(2)];
        let piece_grids = self.entries.iter_mut().filter(|e| e.name.ends_with(".squares"));
        for entry in piece_grids {
            if let Value::Grid(rows) = &mut entry.value {
                if rows.is_empty() {
                    *rows = vec![row.clone(); V::Geo::RANKS as usize];
                }
            }
        }
    }

    /// Calls `f` with these parameters as the evaluation takes them.
    pub fn with_params<R>(&self, f: impl FnOnce(&EvalParams) -> R) -> R {
        let grids: Vec<Vec<&[S]>> = self
            .entries
            .iter()
            .filter_map(|e| match &e.value {
                Value::Grid(rows) => Some(rows.iter().map(Vec::as_slice).collect()),
                _ => None,
            })
            .collect();
        let mut lend = Lend { entries: self.entries.iter(), grids: grids.iter() };
        // The pieces come first in the walk; lent first, the rest of the walk skips them.
        let mut pieces: Vec<PieceTerms> = self.template.pieces.to_vec();
        for piece in &mut pieces {
            Term::visit(piece, "", Role::Weight, Reads::of(&self.template), &mut lend);
        }
        let mut params: EvalParams = self.template;
        params.walk(&mut lend);
        params.pieces = &pieces;
        f(&params)
    }

    /// Every tunable number with its name, in a fixed order. The game-phase weights, the
    /// king-danger curve's gate, divisor and cap and the drawish margin are left alone: they
    /// shape the evaluation rather than weigh one feature; so are the terms the variant
    /// does not read.
    pub fn for_each_value(&mut self, mut f: impl FnMut(&str, &mut i32)) {
        for_each_weight(&mut self.entries, |name, v| f(&name(), v));
    }

    /// The numbers alone, in [`Self::for_each_value`]'s order.
    pub fn values(&mut self) -> Vec<i32> {
        let mut out = Vec::new();
        for_each_weight(&mut self.entries, |_, v| out.push(*v));
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
        for_each_weight(&mut self.entries, |_, v| {
            if i == index {
                *v = value;
            }
            i += 1;
        });
    }

    /// The fit file of these parameters (see the module's documentation): every term,
    /// tuned or not.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let pair = |v: &S| format!("{} {}", v.mg, v.eg);
        for Entry { name, value, .. } in &self.entries {
            let _ = match value {
                Value::Int(v) => writeln!(out, "{name} {v}"),
                Value::Pair(v) => writeln!(out, "{name} {}", pair(v)),
                Value::Table(values) => values
                    .iter()
                    .enumerate()
                    .try_for_each(|(i, v)| writeln!(out, "{name}[{i}] {}", pair(v))),
                Value::Grid(rows) => rows.iter().enumerate().try_for_each(|(r, row)| {
                    row.iter()
                        .enumerate()
                        .try_for_each(|(c, v)| writeln!(out, "{name}[{r}][{c}] {}", pair(v)))
                }),
            };
        }
        out
    }

    /// Sets the numbers a fit file names (see the module's documentation); the others
    /// keep their values. A table the file names takes the file's length.
    pub fn read_text(&mut self, text: &str) -> Result<(), String> {
        let mut lines: BTreeMap<&str, (usize, Vec<i32>)> = BTreeMap::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            let Some(name) = words.next() else { continue };
            let numbers: Result<Vec<i32>, _> = words.map(str::parse).collect();
            let numbers = numbers.map_err(|e| format!("line {}: {e}", number + 1))?;
            if lines.insert(name, (number + 1, numbers)).is_some() {
                return Err(format!("line {}: {name} a second time", number + 1));
            }
        }
        type Lines<'t> = BTreeMap<&'t str, (usize, Vec<i32>)>;
        fn take(lines: &mut Lines, name: &str, count: usize) -> Result<Option<Vec<i32>>, String> {
            match lines.remove(name) {
                Some((_, numbers)) if numbers.len() == count => Ok(Some(numbers)),
                Some((line, _)) => Err(format!("line {line}: {name} takes {count} numbers")),
                None => Ok(None),
            }
        }
        fn take_pair(lines: &mut Lines, name: &str) -> Result<Option<S>, String> {
            Ok(take(lines, name, 2)?.map(|n| S { mg: n[0], eg: n[1] }))
        }
        let lines = &mut lines;
        for entry in &mut self.entries {
            let name = entry.name.as_str();
            match &mut entry.value {
                Value::Int(v) => {
                    if let Some(n) = take(lines, name, 1)? {
                        *v = n[0];
                    }
                }
                Value::Pair(v) => {
                    if let Some(pair) = take_pair(lines, name)? {
                        *v = pair;
                    }
                }
                Value::Table(values) => {
                    let mut read = Vec::new();
                    while let Some(pair) = take_pair(lines, &format!("{name}[{}]", read.len()))? {
                        read.push(pair);
                    }
                    if !read.is_empty() {
                        *values = read;
                    }
                }
                Value::Grid(rows) => {
                    let mut read: Vec<Vec<S>> = Vec::new();
                    loop {
                        let mut row = Vec::new();
                        let r = read.len();
                        while let Some(pair) =
                            take_pair(lines, &format!("{name}[{r}][{}]", row.len()))?
                        {
                            row.push(pair);
                        }
                        if row.is_empty() {
                            break;
                        }
                        read.push(row);
                    }
                    if !read.is_empty() {
                        *rows = read;
                    }
                }
            }
        }
        match lines.iter().min_by_key(|(_, (line, _))| *line) {
            Some((name, (line, _))) => Err(format!("line {line}: no term {name} here")),
            None => Ok(()),
        }
    }

    /// The body of the variant's `const PARAMS: EvalParams` in `eval/src/<variant>.rs`.
    pub fn to_rust(&self) -> String {
        let mut writer = RustWriter { out: String::new(), depth: 0, names: &self.piece_names };
        self.with_params(|params| params.clone().walk(&mut writer));
        writer.out
    }
}

/// Writes the parameters as a Rust expression, every field named.
struct RustWriter<'n> {
    out: String,
    depth: usize,
    /// The piece types' names, for a comment above each.
    names: &'n [String],
}

impl RustWriter<'_> {
    fn field(&mut self, name: &str, value: &str) {
        let field = name.rsplit('.').next().unwrap_or(name);
        let indent = "    ".repeat(self.depth);
        let _ = writeln!(self.out, "{indent}{field}: {value},");
    }
}

/// A pair as the evaluation's files write it.
fn rust_pair(v: &S) -> String {
    format!("s({}, {})", v.mg, v.eg)
}

fn rust_table(values: &[S]) -> String {
    let items: Vec<String> = values.iter().map(rust_pair).collect();
    format!("&[{}]", items.join(", "))
}

impl<'a> Visitor<'a> for RustWriter<'_> {
    fn int(&mut self, name: &str, value: &mut i32, _: Role) {
        self.field(name, &value.to_string());
    }
    fn pair(&mut self, name: &str, value: &mut S, _: Role) {
        self.field(name, &rust_pair(value));
    }
    fn table(&mut self, name: &str, values: &mut &'a [S], _: Role) {
        self.field(name, &rust_table(values));
    }
    fn grid(&mut self, name: &str, rows: &mut &'a [&'a [S]], _: Role) {
        let indent = "    ".repeat(self.depth + 1);
        let rows: Vec<String> =
            rows.iter().map(|row| format!("{indent}{},\n", rust_table(row))).collect();
        let closing = "    ".repeat(self.depth);
        self.field(name, &format!("&[\n{}{closing}]", rows.concat()));
    }
    fn pieces(&mut self, name: &str, pieces: &mut &'a [PieceTerms<'a>], reads: Reads) {
        let indent = "    ".repeat(self.depth);
        let _ = writeln!(self.out, "{indent}{name}: &[");
        self.depth += 1;
        for (i, piece) in pieces.iter().enumerate() {
            let indent = "    ".repeat(self.depth);
            let label = self.names.get(i).map_or("", String::as_str);
            let _ = writeln!(self.out, "{indent}// {label}");
            Term::visit(&mut piece.clone(), "", Role::Weight, reads, self);
        }
        self.depth -= 1;
        let _ = writeln!(self.out, "{indent}],");
    }
    fn enter(&mut self, name: &str, type_name: &'static str) {
        let indent = "    ".repeat(self.depth);
        let field = name.rsplit('.').next().unwrap_or(name);
        let _ = if field.is_empty() {
            writeln!(self.out, "{indent}{type_name} {{")
        } else {
            writeln!(self.out, "{indent}{field}: {type_name} {{")
        };
        self.depth += 1;
    }
    fn leave(&mut self) {
        self.depth -= 1;
        let indent = "    ".repeat(self.depth);
        let end = if self.depth == 0 { "}" } else { "}," };
        let _ = writeln!(self.out, "{indent}{end}");
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
    use ekumen_eval::Evaluate;
    use ekumen_movegen::variants::{Gothic, Shinobi};

    #[test]
    fn groups_drop_index_and_phase() {
        assert_eq!(group_of("knight.squares[3][2].mg"), "knight.squares");
        assert_eq!(group_of("king.safe_check"), "king.safe_check");
        assert_eq!(group_of("pawns.passed[4].eg"), "pawns.passed");
    }

    #[test]
    fn every_number_is_in_one_group() {
        let mut editable = Editable::of::<Gothic>(&Gothic::PARAMS);
        let count = editable.names().len();
        let mut members: Vec<usize> =
            editable.groups().into_iter().flat_map(|(_, members)| members).collect();
        members.sort_unstable();
        assert_eq!(members, (0..count).collect::<Vec<_>>());
    }

    #[test]
    fn a_zeroed_group_gets_its_values_back() {
        let mut editable = Editable::of::<Gothic>(&Gothic::PARAMS);
        let before = editable.values();
        let (_, members) = editable.groups().into_iter().find(|(g, _)| g == "tempo").unwrap();
        assert!(members.iter().any(|&i| before[i] != 0));
        let seen = editable.with_zeroed(&members, |e| e.clone().values());
        assert!(members.iter().all(|&i| seen[i] == 0));
        assert_eq!(editable.values(), before);
    }

    #[test]
    fn a_fit_file_reads_back_as_it_was_written() {
        let mut editable = Editable::of::<Shinobi>(&Shinobi::PARAMS);
        editable.add_square_tables::<Shinobi>();
        let index = editable.names().iter().position(|n| n == "king.safe_check").unwrap();
        editable.set(index, 123);
        let text = editable.to_text();
        let mut read = Editable::of::<Shinobi>(&Shinobi::PARAMS);
        read.read_text(&text).unwrap();
        assert_eq!(read.entries(), editable.entries());
        assert!(read.read_text("king.safe_check 1 2").is_err(), "a pair for a number");
        assert!(read.read_text("king.no_such_term 1").is_err(), "an unknown name");
    }

    #[test]
    fn the_kept_fits_read_as_the_variant_they_fit() {
        let mut fit = Editable::of::<Gothic>(&Gothic::PARAMS);
        fit.read_text(include_str!("../fits/gothic-deep-s75.txt")).unwrap();
        assert_ne!(fit.entries(), Editable::of::<Gothic>(&Gothic::PARAMS).entries());
    }
}
