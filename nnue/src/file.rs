//! The net file: what the trainer writes and the engine loads.
//!
//! Everything is little-endian, in this order:
//!
//! | field | type |
//! | --- | --- |
//! | magic `EKNN` | 4 bytes |
//! | format version ([`VERSION`]) | u16 |
//! | variant name, e.g. `chess` | u8 length, then UTF-8 |
//! | net name, e.g. `chess-g1-256` | u8 length, then UTF-8 |
//! | inputs (must equal the variant's [`crate::features::Inputs::INPUTS`]) | u32 |
//! | input layout: [`crate::features::layout_hash`] (from version 2 on) | u64 |
//! | hidden width `N` of each perspective's accumulator | u32 |
//! | output buckets `B` ([`crate::features::Inputs::output_bucket`]) | u32 |
//! | activation ([`Activation`]) | u8 |
//! | `QA`, `QB`, `SCALE` | u16 each |
//! | accumulator weights, input by input, `N` each | `inputs * N` i16 |
//! | accumulator biases | `N` i16 |
//! | output weights, bucket by bucket: `N` for the side to move's accumulator, then `N` for the other's | `B * 2N` i16 |
//! | output biases | `B` i32 |
//! | FNV-1a hash of every byte before it | u64 |
//!
//! The net computes, for the side to move `us` and bucket `b`:
//! `acc[p] = bias + Σ weights[i]` over the inputs `i` that perspective `p` sees lit,
//! `y = Σ act(acc[us][j]) · out[b][j] + Σ act(acc[them][j]) · out[b][N + j]`, and the
//! score in centipawns for the side to move is `(y + out_bias[b]) · SCALE / (QA · QB)`
//! with the clipped ReLU `act(x) = clamp(x, 0, QA)`, or `(y / QA + out_bias[b]) · SCALE /
//! (QA · QB)` with the squared clipped ReLU `act(x) = clamp(x, 0, QA)²`. Accumulator values
//! are scaled by `QA`, output weights by `QB`, output biases by `QA · QB`.

use std::fmt;

/// The first four bytes of every net file.
pub const MAGIC: [u8; 4] = *b"EKNN";
/// The format this code writes. It also reads version 1, which had no input layout field:
/// such a net is taken to have the layout of [`VERSION_1_LAYOUTS`].
pub const VERSION: u16 = 2;

/// The input layout hash of each variant's version-1 nets: the layouts the inputs had when
/// version 2 added the field (the shipped nets are version-1 files). Should the layout
/// change, these nets are refused like any other of another layout.
pub const VERSION_1_LAYOUTS: [(&str, u64); 5] = [
    ("chess", 0x5b3f_3275_1f8a_848d),
    ("gothic", 0xcf09_9f5f_484d_f2ad),
    ("shinobi", 0x84b2_7cd8_aefc_8d4d),
    ("gethenian", 0xcee2_d59d_2474_45d9),
    ("coherent", 0xa2f0_39b5_df2b_d55d),
];

/// The widest accumulator a file may declare (a guard against corrupt sizes).
pub const MAX_HIDDEN: u32 = 4096;
/// The most output buckets a file may declare.
pub const MAX_BUCKETS: u32 = 64;

/// The accumulator's activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, QA)`.
    ClippedRelu = 0,
    /// `clamp(x, 0, QA)²`.
    SquaredClippedRelu = 1,
}

/// The sizes of a net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub inputs: u32,
    pub hidden: u32,
    pub buckets: u32,
    pub activation: Activation,
}

/// The fixed-point scales of a net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quantization {
    pub qa: u16,
    pub qb: u16,
    pub scale: u16,
}

impl Quantization {
    /// The scales the trainer uses unless told otherwise.
    pub const DEFAULT: Quantization = Quantization { qa: 255, qb: 64, scale: 400 };
}

/// A whole net file, decoded.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFile {
    pub variant: String,
    pub name: String,
    pub shape: Shape,
    /// The input layout it was trained with ([`crate::features::layout_hash`]).
    pub input_layout: u64,
    pub quantization: Quantization,
    /// `inputs * hidden`, input by input.
    pub accumulator_weights: Vec<i16>,
    /// `hidden`.
    pub accumulator_biases: Vec<i16>,
    /// `buckets * 2 * hidden`, bucket by bucket, the side to move's half first.
    pub output_weights: Vec<i16>,
    /// `buckets`.
    pub output_biases: Vec<i32>,
}

/// Why a net file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// It ends before the field named.
    Truncated(&'static str),
    /// It does not start with [`MAGIC`]: not a net file of ours.
    NotANet,
    UnsupportedVersion(u16),
    /// It is a net for another variant.
    WrongVariant {
        expected: String,
        found: String,
    },
    /// Its input count does not fit the variant's inputs.
    WrongInputs {
        expected: u32,
        found: u32,
    },
    /// It was trained with another input layout ([`crate::features::layout_hash`]).
    WrongLayout {
        expected: u64,
        found: u64,
    },
    /// A size out of range (hidden width, buckets) or an unknown activation.
    BadShape(String),
    /// Its contents do not match its hash: the file is corrupt.
    HashMismatch,
    /// Bytes follow the hash.
    TrailingBytes(usize),
    /// A name that is not UTF-8.
    BadName,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Truncated(field) => write!(f, "truncated (it ends before its {field})"),
            NetError::NotANet => write!(f, "not an Ekumen net (bad magic)"),
            NetError::UnsupportedVersion(v) => {
                write!(f, "format version {v}, this build reads versions 1 to {VERSION}")
            }
            NetError::WrongVariant { expected, found } => {
                write!(f, "a net for {found}, not for {expected}")
            }
            NetError::WrongInputs { expected, found } => {
                write!(f, "{found} inputs where the variant has {expected}")
            }
            NetError::WrongLayout { expected, found } => write!(
                f,
                "trained with another input layout ({found:016x}, this build's is \
                 {expected:016x}): its weights would be misread"
            ),
            NetError::BadShape(why) => write!(f, "bad shape: {why}"),
            NetError::HashMismatch => write!(f, "corrupt (its hash does not match its contents)"),
            NetError::TrailingBytes(n) => write!(f, "{n} bytes after its end"),
            NetError::BadName => write!(f, "a name that is not UTF-8"),
        }
    }
}

impl std::error::Error for NetError {}

/// 64-bit FNV-1a.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

impl NetFile {
    /// The file's bytes, hash included.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for text in [&self.variant, &self.name] {
            let bytes = &text.as_bytes()[..text.len().min(255)];
            out.push(bytes.len() as u8);
            out.extend_from_slice(bytes);
        }
        out.extend_from_slice(&self.shape.inputs.to_le_bytes());
        out.extend_from_slice(&self.input_layout.to_le_bytes());
        for n in [self.shape.hidden, self.shape.buckets] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.push(self.shape.activation as u8);
        for n in [self.quantization.qa, self.quantization.qb, self.quantization.scale] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for w in self
            .accumulator_weights
            .iter()
            .chain(&self.accumulator_biases)
            .chain(&self.output_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_biases {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// Reads a net for `variant` with `inputs` inputs laid out as `layout` says
    /// ([`crate::features::layout_hash`]).
    pub fn from_bytes(
        bytes: &[u8],
        variant: &str,
        inputs: usize,
        layout: u64,
    ) -> Result<NetFile, NetError> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(4, "magic")? != MAGIC {
            return Err(NetError::NotANet);
        }
        let version = reader.u16("version")?;
        if version == 0 || version > VERSION {
            return Err(NetError::UnsupportedVersion(version));
        }
        let found_variant = reader.text("variant name")?;
        if found_variant != variant {
            return Err(NetError::WrongVariant {
                expected: variant.to_string(),
                found: found_variant,
            });
        }
        let name = reader.text("net name")?;
        let shape_inputs = reader.u32("input count")?;
        if shape_inputs as usize != inputs {
            return Err(NetError::WrongInputs { expected: inputs as u32, found: shape_inputs });
        }
        let input_layout = if version == 1 {
            let known = VERSION_1_LAYOUTS.iter().find(|(name, _)| *name == found_variant);
            known.map_or(0, |&(_, hash)| hash)
        } else {
            reader.u64("input layout")?
        };
        if input_layout != layout {
            return Err(NetError::WrongLayout { expected: layout, found: input_layout });
        }
        let hidden = reader.u32("hidden width")?;
        let buckets = reader.u32("bucket count")?;
        if hidden == 0 || hidden > MAX_HIDDEN || hidden % 16 != 0 {
            return Err(NetError::BadShape(format!(
                "hidden width {hidden} (a multiple of 16 up to {MAX_HIDDEN})"
            )));
        }
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(NetError::BadShape(format!(
                "{buckets} output buckets (1 to {MAX_BUCKETS})"
            )));
        }
        let activation = match reader.take(1, "activation")?[0] {
            0 => Activation::ClippedRelu,
            1 => Activation::SquaredClippedRelu,
            other => return Err(NetError::BadShape(format!("unknown activation {other}"))),
        };
        let quantization = Quantization {
            qa: reader.u16("QA")?,
            qb: reader.u16("QB")?,
            scale: reader.u16("SCALE")?,
        };
        if quantization.qa == 0 || quantization.qb == 0 {
            return Err(NetError::BadShape("a zero quantization scale".to_string()));
        }
        let (hidden_n, buckets_n) = (hidden as usize, buckets as usize);
        let accumulator_weights = reader.i16s(inputs * hidden_n, "accumulator weights")?;
        let accumulator_biases = reader.i16s(hidden_n, "accumulator biases")?;
        let output_weights = reader.i16s(buckets_n * 2 * hidden_n, "output weights")?;
        let output_biases = (0..buckets_n)
            .map(|_| reader.u32("output biases").map(|b| b as i32))
            .collect::<Result<Vec<_>, _>>()?;
        let hashed = reader.at;
        let hash = reader.u64("hash")?;
        if reader.at != bytes.len() {
            return Err(NetError::TrailingBytes(bytes.len() - reader.at));
        }
        if fnv1a(&bytes[..hashed]) != hash {
            return Err(NetError::HashMismatch);
        }
        Ok(NetFile {
            variant: found_variant,
            name,
            shape: Shape { inputs: shape_inputs, hidden, buckets, activation },
            input_layout,
            quantization,
            accumulator_weights,
            accumulator_biases,
            output_weights,
            output_biases,
        })
    }

    /// The hash the file ends with (written as the current version), as its short
    /// identity.
    pub fn hash(&self) -> u64 {
        let bytes = self.to_bytes();
        u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().expect("eight bytes"))
    }
}

/// Reads fields in order, naming the one it lacks.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, field: &'static str) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).filter(|&end| end <= self.bytes.len());
        let end = end.ok_or(NetError::Truncated(field))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }
    fn u16(&mut self, field: &'static str) -> Result<u16, NetError> {
        Ok(u16::from_le_bytes(self.take(2, field)?.try_into().expect("two bytes")))
    }
    fn u32(&mut self, field: &'static str) -> Result<u32, NetError> {
        Ok(u32::from_le_bytes(self.take(4, field)?.try_into().expect("four bytes")))
    }
    fn u64(&mut self, field: &'static str) -> Result<u64, NetError> {
        Ok(u64::from_le_bytes(self.take(8, field)?.try_into().expect("eight bytes")))
    }
    fn text(&mut self, field: &'static str) -> Result<String, NetError> {
        let len = self.take(1, field)?[0] as usize;
        let bytes = self.take(len, field)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| NetError::BadName)
    }
    fn i16s(&mut self, n: usize, field: &'static str) -> Result<Vec<i16>, NetError> {
        let bytes = self.take(n.checked_mul(2).ok_or(NetError::Truncated(field))?, field)?;
        Ok(bytes.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect())
    }
}
