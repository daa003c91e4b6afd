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
    passed: [S(0, 0), S(1, 12), S(-5, 20), S(2, 36), S(27, 70), S(53, 64), S(60, 69), S(0, 0)],
    free_path: [S(0, 0), S(0, 6), S(-8, -2), S(-4, 17), S(8, 30), S(16, 48), S(10, 26), S(0, 0)],
    king_distance_theirs: S(-1, 10),
    king_distance_ours: S(1, -13),
    isolated: S(-3, -14),
    doubled: S(-14, -16),
    backward: S(-7, -2),
    connected: [S(0, 0), S(2, -4), S(11, 5), S(12, 7), S(22, 6), S(28, 14), S(40, 48), S(0, 0)],
    knight_mobility: [S(-18, -5), S(-10, -4), S(-5, -2), S(-2, 0), S(4, 2), S(7, 4), S(10, 6), S(10, 4), S(11, 2)],
    bishop_mobility: [S(-30, -26), S(-24, -21), S(-14, -17), S(-8, -11), S(-3, -4), S(0, 1), S(3, 4), S(3, 9), S(8, 10), S(11, 14), S(15, 14), S(19, 20), S(24, 24), S(27, 27)],
    rook_mobility: [S(-25, -30), S(-18, -24), S(-15, -21), S(-10, -16), S(-8, -11), S(-4, -6), S(-2, -3), S(0, 2), S(3, 6), S(6, 9), S(8, 13), S(11, 16), S(15, 20), S(17, 22), S(19, 22)],
    queen_mobility: [S(-12, 13), S(-12, 12), S(-12, 11), S(-11, 10), S(-11, 8), S(-10, 8), S(-8, 6), S(-6, 5), S(-4, 5), S(-3, 4), S(-3, 3), S(-1, 2), S(0, 2), S(1, 1), S(1, -1), S(3, -2), S(4, -2), S(4, -4), S(5, -5), S(7, -6), S(7, -7), S(8, -8), S(9, -9), S(10, -10), S(11, -11), S(12, -12), S(13, -13), S(14, -14)],
    bishop_pair: S(34, 60),
    rook_open_file: S(34, 3),
    rook_semi_open_file: S(12, 23),
    rook_on_seventh: S(-7, 4),
    knight_outpost: S(30, 13),
    bishop_outpost: S(17, 8),
    bishop_pawns: S(-4, -5),
    minor_behind_pawn: S(7, 4),
    shield_near: S(10, -6),
    shield_far: S(7, -4),
    open_file_near_king: S(-29, 1),
    semi_open_file_near_king: S(-21, 23),
    safe_check: [S(-10, -6), S(-3, -15), S(-10, -9), S(-17, -16)],
    king_attack: [S(0, 0), S(0, 0), S(-2, 0), S(-4, 0), S(-8, 0), S(-13, -1), S(-18, -1), S(-22, 1), S(-24, 0), S(-35, 0), S(-49, 0), S(-59, -1), S(-71, 0), S(-84, 0), S(-98, 0), S(-112, 0), S(-128, 0), S(-144, 0), S(-162, 0), S(-180, 0), S(-200, 0), S(-220, 0), S(-242, 0), S(-264, 0), S(-288, 0), S(-312, 0), S(-338, 0), S(-364, 0), S(-392, 0), S(-400, 0)],
    pawn_storm: [S(0, 0), S(1, 4), S(1, 7), S(-4, 3), S(-1, -1), S(8, -2), S(0, -2), S(0, 0)],
    weak_king_square: S(-8, 3),
    attacked_by_pawn: S(-38, -31),
    minor_attacked_by_minor: S(-12, -9),
    rook_attacked_by_minor: S(-32, -15),
    queen_attacked_by_lesser: S(-33, -19),
    hanging: S(-1, -21),
    pawn_push_threat: S(17, 8),
};

pub static PARAMS: Params = DEFAULT;

/// Appends each entry of the table `name` as `name[i]`, the form
/// `to_source` groups back into one array.
fn push_array<'a>(v: &mut Vec<(String, &'a mut S)>, name: &str, table: &'a mut [S]) {
    v.extend(table.iter_mut().enumerate().map(|(i, s)| (format!("{name}[{i}]"), s)));
}

impl Params {
    /// Every weight with a printable name, for the tuner to vary.
    pub fn fields_mut(&mut self) -> Vec<(String, &mut S)> {
        let mut v: Vec<(String, &mut S)> = Vec::new();
        push_array(&mut v, "passed", &mut self.passed);
        push_array(&mut v, "free_path", &mut self.free_path);
        v.push(("king_distance_theirs".into(), &mut self.king_distance_theirs));
        v.push(("king_distance_ours".into(), &mut self.king_distance_ours));
        v.push(("isolated".into(), &mut self.isolated));
        v.push(("doubled".into(), &mut self.doubled));
        v.push(("backward".into(), &mut self.backward));
        push_array(&mut v, "connected", &mut self.connected);
        push_array(&mut v, "knight_mobility", &mut self.knight_mobility);
        push_array(&mut v, "bishop_mobility", &mut self.bishop_mobility);
        push_array(&mut v, "rook_mobility", &mut self.rook_mobility);
        push_array(&mut v, "queen_mobility", &mut self.queen_mobility);
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
        push_array(&mut v, "safe_check", &mut self.safe_check);
        push_array(&mut v, "king_attack", &mut self.king_attack);
        push_array(&mut v, "pawn_storm", &mut self.pawn_storm);
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
