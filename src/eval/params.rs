//! Every tunable evaluation weight, in one place. The terms read them
//! through `Ctx::p`; `intrigue tune` fits them to game results and prints
//! a new `DEFAULT` to paste here.

use super::score::S;

#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    // Pawn structure.
    pub passed: [S; 8],
    pub free_path: [S; 8],
    /// Per square of the enemy king's distance to a passer's stop square,
    /// times (rank - 2).
    pub king_distance_theirs: S,
    /// Same for our own king (a penalty: far from our passer is bad).
    pub king_distance_ours: S,
    pub isolated: S,
    pub doubled: S,
    pub backward: S,
    pub connected: [S; 8],
    // Piece activity.
    /// Per reachable square beyond the normal count: knight, bishop, rook, queen.
    pub knight_mobility: [S; 9],
    pub bishop_mobility: [S; 14],
    pub rook_mobility: [S; 15],
    pub queen_mobility: [S; 28],
    pub bishop_pair: S,
    pub rook_open_file: S,
    pub rook_semi_open_file: S,
    pub rook_on_seventh: S,
    pub knight_outpost: S,
    pub bishop_outpost: S,
    /// Per own pawn on the colour of a bishop's square, per bishop.
    pub bishop_pawns: S,
    pub minor_behind_pawn: S,
    // King safety.
    pub shield_near: S,
    pub shield_far: S,
    pub open_file_near_king: S,
    pub semi_open_file_near_king: S,
    /// An enemy knight, bishop, rook or queen has a safe checking square.
    pub safe_check: [S; 4],
    /// The king-attack penalty by attack units (see `king::king_attackers`);
    /// the last entry stands for every larger count.
    pub king_attack: [S; 30],
    /// An enemy pawn storming a file around our king, by its rank counted
    /// from our side: the nearer it comes, the more it pries the shield open.
    pub pawn_storm: [S; 8],
    /// Per king-zone square the enemy attacks and only the king defends.
    pub weak_king_square: S,
    // Threats.
    pub attacked_by_pawn: S,
    pub minor_attacked_by_minor: S,
    pub rook_attacked_by_minor: S,
    pub queen_attacked_by_lesser: S,
    pub hanging: S,
    pub pawn_push_threat: S,
}

pub const DEFAULT: Params = Params {
    passed: [S(0, 0), S(3, 15), S(-2, 23), S(4, 38), S(28, 72), S(52, 64), S(62, 78), S(0, 0)],
    free_path: [S(0, 0), S(1, 8), S(-7, -1), S(-2, 18), S(9, 32), S(15, 45), S(10, 28), S(0, 0)],
    king_distance_theirs: S(-2, 11),
    king_distance_ours: S(1, -13),
    isolated: S(-5, -12),
    doubled: S(-14, -15),
    backward: S(-3, -3),
    connected: [S(0, 0), S(-2, -3), S(7, 6), S(9, 8), S(14, 4), S(27, 15), S(40, 48), S(0, 0)],
    knight_mobility: [S(-12, -4), S(-9, -3), S(-6, -2), S(-3, -1), S(0, 0), S(3, 1), S(6, 2), S(9, 3), S(12, 4)],
    bishop_mobility: [S(-24, -24), S(-20, -20), S(-16, -16), S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(16, 16), S(20, 20), S(24, 24), S(28, 28)],
    rook_mobility: [S(-21, -28), S(-18, -24), S(-15, -20), S(-12, -16), S(-9, -12), S(-6, -8), S(-3, -4), S(0, 0), S(3, 4), S(6, 8), S(9, 12), S(12, 16), S(15, 20), S(18, 24), S(21, 28)],
    queen_mobility: [S(-13, 13), S(-12, 12), S(-11, 11), S(-10, 10), S(-9, 9), S(-8, 8), S(-7, 7), S(-6, 6), S(-5, 5), S(-4, 4), S(-3, 3), S(-2, 2), S(-1, 1), S(0, 0), S(1, -1), S(2, -2), S(3, -3), S(4, -4), S(5, -5), S(6, -6), S(7, -7), S(8, -8), S(9, -9), S(10, -10), S(11, -11), S(12, -12), S(13, -13), S(14, -14)],
    bishop_pair: S(34, 60),
    rook_open_file: S(33, 6),
    rook_semi_open_file: S(11, 25),
    rook_on_seventh: S(-6, 3),
    knight_outpost: S(32, 13),
    bishop_outpost: S(15, 7),
    bishop_pawns: S(-4, -4),
    minor_behind_pawn: S(5, 3),
    shield_near: S(10, -5),
    shield_far: S(4, -3),
    open_file_near_king: S(-31, 1),
    semi_open_file_near_king: S(-18, 19),
    safe_check: [S(-7, -4), S(-3, -12), S(-8, -12), S(-13, -10)],
    king_attack: [S(0, 0), S(0, 0), S(-2, 0), S(-4, 0), S(-8, 0), S(-12, 0), S(-18, 0), S(-24, 0), S(-32, 0), S(-40, 0), S(-50, 0), S(-60, 0), S(-72, 0), S(-84, 0), S(-98, 0), S(-112, 0), S(-128, 0), S(-144, 0), S(-162, 0), S(-180, 0), S(-200, 0), S(-220, 0), S(-242, 0), S(-264, 0), S(-288, 0), S(-312, 0), S(-338, 0), S(-364, 0), S(-392, 0), S(-400, 0)],
    pawn_storm: [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
    weak_king_square: S(-6, 2),
    attacked_by_pawn: S(-39, -33),
    minor_attacked_by_minor: S(-12, -10),
    rook_attacked_by_minor: S(-33, -17),
    queen_attacked_by_lesser: S(-36, -20),
    hanging: S(-5, -22),
    pawn_push_threat: S(16, 8),
};

pub static PARAMS: Params = DEFAULT;

impl Params {
    /// Every weight with a printable name, for the tuner to vary.
    pub fn fields_mut(&mut self) -> Vec<(String, &mut S)> {
        let mut v: Vec<(String, &mut S)> = Vec::new();
        for (i, s) in self.passed.iter_mut().enumerate() {
            v.push((format!("passed[{i}]"), s));
        }
        for (i, s) in self.free_path.iter_mut().enumerate() {
            v.push((format!("free_path[{i}]"), s));
        }
        v.push(("king_distance_theirs".into(), &mut self.king_distance_theirs));
        v.push(("king_distance_ours".into(), &mut self.king_distance_ours));
        v.push(("isolated".into(), &mut self.isolated));
        v.push(("doubled".into(), &mut self.doubled));
        v.push(("backward".into(), &mut self.backward));
        for (i, s) in self.connected.iter_mut().enumerate() {
            v.push((format!("connected[{i}]"), s));
        }
        for (i, s) in self.knight_mobility.iter_mut().enumerate() {
            v.push((format!("knight_mobility[{i}]"), s));
        }
        for (i, s) in self.bishop_mobility.iter_mut().enumerate() {
            v.push((format!("bishop_mobility[{i}]"), s));
        }
        for (i, s) in self.rook_mobility.iter_mut().enumerate() {
            v.push((format!("rook_mobility[{i}]"), s));
        }
        for (i, s) in self.queen_mobility.iter_mut().enumerate() {
            v.push((format!("queen_mobility[{i}]"), s));
        }
        v.push(("bishop_pair".into(), &mut self.bishop_pair));
        v.push(("rook_open_file".into(), &mut self.rook_open_file));
        v.push(("rook_semi_open_file".into(), &mut self.rook_semi_open_file));
        v.push(("rook_on_seventh".into(), &mut self.rook_on_seventh));
        v.push(("knight_outpost".into(), &mut self.knight_outpost));
        v.push(("bishop_outpost".into(), &mut self.bishop_outpost));
        v.push(("bishop_pawns".into(), &mut self.bishop_pawns));
        v.push(("minor_behind_pawn".into(), &mut self.minor_behind_pawn));
        v.push(("shield_near".into(), &mut self.shield_near));
        v.push(("shield_far".into(), &mut self.shield_far));
        v.push(("open_file_near_king".into(), &mut self.open_file_near_king));
        v.push(("semi_open_file_near_king".into(), &mut self.semi_open_file_near_king));
        for (i, s) in self.safe_check.iter_mut().enumerate() {
            v.push((format!("safe_check[{i}]"), s));
        }
        for (i, s) in self.king_attack.iter_mut().enumerate() {
            v.push((format!("king_attack[{i}]"), s));
        }
        for (i, s) in self.pawn_storm.iter_mut().enumerate() {
            v.push((format!("pawn_storm[{i}]"), s));
        }
        v.push(("weak_king_square".into(), &mut self.weak_king_square));
        v.push(("attacked_by_pawn".into(), &mut self.attacked_by_pawn));
        v.push(("minor_attacked_by_minor".into(), &mut self.minor_attacked_by_minor));
        v.push(("rook_attacked_by_minor".into(), &mut self.rook_attacked_by_minor));
        v.push(("queen_attacked_by_lesser".into(), &mut self.queen_attacked_by_lesser));
        v.push(("hanging".into(), &mut self.hanging));
        v.push(("pawn_push_threat".into(), &mut self.pawn_push_threat));
        v
    }

    /// The parameters as Rust source for `DEFAULT`.
    pub fn to_source(&self) -> String {
        let mut copy = self.clone();
        let fields = copy.fields_mut();
        let mut out = String::from("pub const DEFAULT: Params = Params {\n");
        let mut i = 0;
        while i < fields.len() {
            let (name, _) = &fields[i];
            if let Some(base) = name.strip_suffix("[0]") {
                let items: Vec<String> = fields[i..]
                    .iter()
                    .take_while(|(n, _)| n.starts_with(&format!("{base}[")))
                    .map(|(_, s)| format!("S({}, {})", s.0, s.1))
                    .collect();
                out.push_str(&format!("    {base}: [{}],\n", items.join(", ")));
                i += items.len();
            } else {
                out.push_str(&format!("    {name}: S({}, {}),\n", fields[i].1 .0, fields[i].1 .1));
                i += 1;
            }
        }
        out.push_str("};\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_round_trips_the_defaults() {
        // The tuner's output, pasted over `DEFAULT`, is this file's text:
        // printing the defaults gives them back verbatim.
        let src = DEFAULT.to_source();
        assert!(include_str!("params.rs").contains(&src), "{src}");
        assert_eq!(DEFAULT.clone().fields_mut().len(), 8 + 8 + 5 + 8 + (9 + 14 + 15 + 28) + 8 + 4 + 4 + 30 + 8 + 1 + 6);
    }
}
