//! The network's weight file, as `trainer/model.py` exports it (all little-endian):
//!
//! ```text
//! b"WZN2"  u32 D  u32 H  u32 KEYS  u32 rules  f32 score scale  f32 QE
//! per rule: u32 rule code (Gomocup)
//!           i16 codebook[KEYS][D]   (QE per 1.0)
//!           i16 policy[D]           (QP = 512 per 1.0)
//!           f32 w1[D+2][H]  b1[H]  w2[H][H]  b2[H]  w3[H][3]  b3[3]
//! ```
//!
//! The head's D + 2 inputs: the pooled features, 1 when the mover is black, and the
//! classical evaluation / [`CLASSICAL_UNIT`] clamped to +-[`CLASSICAL_CAP`].
//!
//! The engine is built for D = H = 32 and QE = 2048; a file of another shape is refused.

use super::keys::KEYS;
use crate::types::Rule;
use anyhow::{bail, ensure, Context, Result};

/// Features per cell.
pub const D: usize = 32;
/// Width of the value head's hidden layers.
pub const H: usize = 32;
/// Codebook and activation quantisation: an activation of 1.0 is `QE`.
pub const QE: i16 = 2048;

/// The classical evaluation enters the head in units of this ...
pub const CLASSICAL_UNIT: f32 = 1000.0;
/// ... clamped to +- this.
pub const CLASSICAL_CAP: f32 = 8.0;
/// Inputs of the value head.
pub const INPUTS: usize = D + 2;

/// One codebook row: a cell's share from one line.
pub type Row = [i16; D];

/// The network of one rule.
#[derive(Debug)]
pub struct RuleNet {
    pub rule_code: u32,
    pub codebook: Vec<Row>,
    pub policy: Row,
    pub w1: Vec<[f32; H]>,
    pub b1: [f32; H],
    pub w2: Vec<[f32; H]>,
    pub b2: [f32; H],
    pub w3: Vec<[f32; 3]>,
    pub b3: [f32; 3],
}

/// A whole weight file: one network per rule it covers.
#[derive(Debug)]
pub struct Weights {
    /// The engine score of win chance p is `scale * ln(p / (1 - p))`.
    pub scale: f32,
    pub nets: Vec<RuleNet>,
}

/// A little-endian reader over the file's bytes.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let s = self
            .b
            .get(self.at..self.at + n)
            .with_context(|| format!("the file ends at byte {}", self.b.len()))?;
        self.at += n;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into()?))
    }
    fn f32(&mut self) -> Result<f32> {
        let v = f32::from_le_bytes(self.take(4)?.try_into()?);
        ensure!(v.is_finite(), "a weight is not finite");
        Ok(v)
    }
    fn row(&mut self) -> Result<Row> {
        let s = self.take(2 * D)?;
        Ok(std::array::from_fn(|k| {
            i16::from_le_bytes([s[2 * k], s[2 * k + 1]])
        }))
    }
    fn floats<const N: usize>(&mut self) -> Result<[f32; N]> {
        let mut out = [0.0; N];
        for v in &mut out {
            *v = self.f32()?;
        }
        Ok(out)
    }
}

impl Weights {
    /// Parses a weight file.
    pub fn parse(bytes: &[u8]) -> Result<Weights> {
        ensure!(
            bytes.get(..4) == Some(b"WZN2"),
            "not a Wuzi net of this version (no WZN2 header)"
        );
        let mut r = Reader { b: bytes, at: 4 };
        let (d, h, keys, rules) = (r.u32()?, r.u32()?, r.u32()?, r.u32()?);
        ensure!(
            (d as usize, h as usize, keys as usize) == (D, H, KEYS),
            "net of shape D={d} H={h} keys={keys}; this engine reads D={D} H={H} keys={KEYS}"
        );
        ensure!((1..=8).contains(&rules), "{rules} rules in the file");
        let scale = r.f32()?;
        let qe = r.f32()?;
        ensure!(qe == QE as f32, "codebook scale {qe}, expected {QE}");
        ensure!(scale > 0.0, "score scale {scale}");
        let mut nets = Vec::new();
        for _ in 0..rules {
            let rule_code = r.u32()?;
            let codebook = (0..KEYS).map(|_| r.row()).collect::<Result<Vec<_>>>()?;
            // A cell sums four rows in i16: each must stay within a quarter of its range.
            if codebook.iter().flatten().any(|&v| v.unsigned_abs() > 8191) {
                bail!("a codebook entry of rule {rule_code} is out of range");
            }
            let policy = r.row()?;
            let w1 = (0..INPUTS)
                .map(|_| r.floats())
                .collect::<Result<Vec<_>>>()?;
            let b1 = r.floats()?;
            let w2 = (0..H).map(|_| r.floats()).collect::<Result<Vec<_>>>()?;
            let b2 = r.floats()?;
            let w3 = (0..H).map(|_| r.floats()).collect::<Result<Vec<_>>>()?;
            let b3 = r.floats()?;
            nets.push(RuleNet {
                rule_code,
                codebook,
                policy,
                w1,
                b1,
                w2,
                b2,
                w3,
                b3,
            });
        }
        ensure!(
            r.at == bytes.len(),
            "{} bytes after the last net",
            bytes.len() - r.at
        );
        Ok(Weights { scale, nets })
    }

    /// Reads and parses a weight file.
    pub fn load(path: &std::path::Path) -> Result<Weights> {
        let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        Weights::parse(&bytes).with_context(|| path.display().to_string())
    }

    /// The index of the net for `rule`, if the file has one.
    pub fn net_for(&self, rule: Rule) -> Option<usize> {
        self.nets.iter().position(|n| n.rule_code == rule.code())
    }
}
