//! A middlegame/endgame score pair, blended by game phase at the end.
//!
//! The pair is packed into one 64-bit integer, the middlegame half in the
//! upper 32 bits and the endgame half below it (`mg · 2³² + eg`), so that
//! adding, subtracting, negating or scaling a pair is one integer
//! operation instead of two. The evaluation sums a few hundred pairs per
//! position. Both halves come back exactly as long as each stays within
//! an `i32`, which centipawn scores do by many orders of magnitude.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct S {
    packed: i64,
}

/// The pair of a middlegame and an endgame score.
#[allow(non_snake_case)]
#[inline(always)]
pub const fn S(mg: i32, eg: i32) -> S {
    S { packed: ((mg as i64) << 32) + eg as i64 }
}

impl S {
    pub const ZERO: S = S(0, 0);

    /// The upper half: the packed value less the endgame half, whose
    /// sign may have borrowed from it.
    #[inline(always)]
    pub const fn mg(self) -> i32 {
        ((self.packed + (1 << 31)) >> 32) as i32
    }

    /// The lower 32 bits, read as signed.
    #[inline(always)]
    pub const fn eg(self) -> i32 {
        self.packed as i32
    }
}

impl fmt::Debug for S {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S({}, {})", self.mg(), self.eg())
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S { packed: self.packed.wrapping_add(o.packed) }
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S { packed: self.packed.wrapping_sub(o.packed) }
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S { packed: self.packed.wrapping_neg() }
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S { packed: self.packed.wrapping_mul(k as i64) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation gives the pair the two halves computed apart
    /// would, whatever their signs, wherever neither half overflows an
    /// `i32`: the endgame half's borrow from the middlegame half never
    /// shows.
    #[test]
    fn packed_pairs_compute_as_two_separate_halves() {
        let values = [0, 1, -1, 7, -7, 255, -256, 32_767, -32_768, 100_000, -100_000, 1 << 30, -(1 << 30)];
        for &(a, b) in &[(3, -5), (-1, 1), (-100_000, 100_000), (0, -(1 << 30))] {
            for &mg in &values {
                for &eg in &values {
                    let s = S(mg, eg);
                    assert_eq!((s.mg(), s.eg()), (mg, eg));
                    assert_eq!(-s, S(-mg, -eg));
                    let t = S(a, b);
                    if let (Some(m), Some(e)) = (mg.checked_add(a), eg.checked_add(b)) {
                        assert_eq!(s + t, S(m, e));
                    }
                    if let (Some(m), Some(e)) = (mg.checked_sub(a), eg.checked_sub(b)) {
                        assert_eq!(s - t, S(m, e));
                    }
                    if mg.checked_mul(a).is_some() && eg.checked_mul(a).is_some() {
                        assert_eq!(s * a, S(mg * a, eg * a), "{mg} {eg} × {a}");
                    }
                }
            }
        }
    }
}
