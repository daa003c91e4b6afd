//! Every tunable evaluation weight, in one place. The terms read them
//! through `Ctx::p`; `intrigue-tools tune` fits them to game results and prints
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
    // Added with winnability (fa536bd).
    /// Squares both sides attack that no enemy pawn guards, per square.
    pub restricted: S,
    /// Safe central squares of our half (twice behind our pawns), times
    /// (our pieces and pawns − 1)² / 64.
    pub space: S,
    /// Our king's distance to the nearest pawn, per square.
    pub king_pawn_distance: S,
    /// A rook of ours behind our passed pawn on its file.
    pub rook_behind_passer: S,
    /// An enemy piece on the passer's stop square.
    pub passer_blockaded: S,
    /// The stop square is empty and the enemy does not win it, by rank.
    pub passer_safe_advance: [S; 8],
    // Added with the joint king danger (0856dfd).
    /// Our king on a flank where neither side has a pawn.
    pub pawnless_flank: S,
    /// Per square between one of our knights (bishops) and our king.
    pub knight_protector: S,
    pub bishop_protector: S,
    /// Per safe square from which our knight (bishop or rook) could
    /// attack the enemy queen next move.
    pub knight_on_queen: S,
    pub slider_on_queen: S,
    /// Per man of ours (pawn or piece) pinned to our king.
    pub pinned: S,
    /// A bishop on a long diagonal that sees both of its central squares.
    pub long_diagonal_bishop: S,
    // Added with the nine classical terms of 6cbb5bc.
    /// A rook with at most three squares on our king's outer side.
    pub trapped_rook: S,
    /// A rook on a file with a queen of either colour.
    pub rook_on_queen_file: S,
    /// Per enemy pawn on one of our bishop's diagonals, seen through everything.
    pub bishop_xray_pawns: S,
    /// A knight that can reach an empty or enemy-held outpost square next move.
    pub reachable_outpost: S,
    /// A queen of ours with a man of ours pinned to her by an enemy bishop or rook.
    pub weak_queen: S,
    /// Per isolated or backward pawn of ours with no enemy pawn in front of it.
    pub weak_unopposed: S,
    /// A rook (bishop) of ours lined up on the enemy king zone without
    /// attacking it yet.
    pub rook_on_king_ring: S,
    pub bishop_on_king_ring: S,
    /// Per pawn of ours on the fifth or sixth rank with an enemy pawn in front.
    pub blocked_pawn: S,
    /// Per pawn of ours defending a pawn of ours.
    pub pawn_support: S,
    // Winnability (`winnable.rs`): the features of the endgame complexity.
    pub winnable_passers: S,
    pub winnable_pawns: S,
    pub winnable_outflanking: S,
    pub winnable_infiltration: S,
    pub winnable_both_flanks: S,
    pub winnable_pawn_ending: S,
    pub winnable_almost_drawn: S,
    pub winnable_base: S,
}

#[rustfmt::skip] // the tuner prints this block; `source_round_trips_the_defaults` keeps it verbatim
pub const DEFAULT: Params = Params {
    passed: [S(0, 0), S(-12, 5), S(-16, 15), S(-6, 34), S(18, 63), S(57, 63), S(56, 33), S(0, 0)],
    free_path: [S(0, 0), S(-2, 5), S(-10, -2), S(-15, 8), S(-5, 16), S(11, 41), S(12, 22), S(0, 0)],
    king_distance_theirs: S(1, 7),
    king_distance_ours: S(-2, -8),
    isolated: S(5, -6),
    doubled: S(-19, -18),
    backward: S(-2, 0),
    connected: [S(0, 0), S(2, -3), S(6, 6), S(8, 7), S(15, 14), S(32, 16), S(40, 49), S(0, 0)],
    knight_mobility: [S(-25, -11), S(-9, -5), S(0, 2), S(6, 8), S(10, 9), S(13, 10), S(15, 12), S(17, 7), S(3, 0)],
    bishop_mobility: [S(-24, -32), S(-18, -18), S(-7, -11), S(-1, -5), S(1, 5), S(5, 9), S(5, 13), S(5, 18), S(5, 16), S(5, 15), S(11, 12), S(8, 16), S(24, 24), S(19, 20)],
    rook_mobility: [S(-24, -36), S(-15, -23), S(-11, -16), S(-8, -13), S(-8, -7), S(-3, -2), S(-2, 1), S(-1, 5), S(0, 9), S(2, 13), S(2, 17), S(4, 19), S(10, 23), S(16, 13), S(13, 17)],
    queen_mobility: [S(-16, 13), S(-17, 12), S(-17, 11), S(-16, 5), S(-17, 6), S(-13, 4), S(-10, 4), S(-7, 3), S(-5, 5), S(-3, 4), S(-2, 3), S(-1, 2), S(1, 4), S(3, 3), S(4, 2), S(8, -1), S(7, 0), S(7, -2), S(7, -3), S(11, -6), S(9, -5), S(8, -8), S(9, -9), S(10, -10), S(11, -11), S(12, -12), S(13, -13), S(14, -14)],
    bishop_pair: S(28, 52),
    rook_open_file: S(29, 5),
    rook_semi_open_file: S(13, 16),
    rook_on_seventh: S(-19, 4),
    knight_outpost: S(24, 10),
    bishop_outpost: S(21, 7),
    bishop_pawns: S(-4, -5),
    minor_behind_pawn: S(8, 4),
    shield_near: S(15, -10),
    shield_far: S(8, -6),
    open_file_near_king: S(-22, 4),
    semi_open_file_near_king: S(-22, 14),
    safe_check: [S(-17, -6), S(-4, -21), S(-14, -14), S(-19, -42)],
    king_attack: [S(0, 0), S(0, 0), S(-2, -1), S(-4, -2), S(-7, 1), S(-9, 0), S(-15, 0), S(-15, -1), S(-15, -3), S(-15, -1), S(-27, 0), S(-37, 1), S(-52, 4), S(-69, 4), S(-92, 5), S(-107, 1), S(-128, 0), S(-144, 0), S(-162, 0), S(-180, 0), S(-200, 0), S(-220, 0), S(-242, 0), S(-264, 0), S(-288, 0), S(-312, 0), S(-338, 0), S(-364, 0), S(-392, 0), S(-400, 0)],
    pawn_storm: [S(0, 0), S(5, 23), S(0, 23), S(-3, 7), S(2, -2), S(11, -6), S(8, -3), S(0, 0)],
    weak_king_square: S(-1, -2),
    attacked_by_pawn: S(-37, -25),
    minor_attacked_by_minor: S(-11, -2),
    rook_attacked_by_minor: S(-30, -6),
    queen_attacked_by_lesser: S(-21, -16),
    hanging: S(1, -20),
    pawn_push_threat: S(15, 9),
    restricted: S(3, -1),
    space: S(1, 1),
    king_pawn_distance: S(-1, -6),
    rook_behind_passer: S(18, 17),
    passer_blockaded: S(-11, -7),
    passer_safe_advance: [S(0, 0), S(-4, 0), S(1, 6), S(3, 10), S(9, 13), S(10, 22), S(6, 17), S(0, 0)],
    pawnless_flank: S(-4, -33),
    knight_protector: S(-4, 1),
    bishop_protector: S(-3, 2),
    knight_on_queen: S(5, 1),
    slider_on_queen: S(6, 0),
    pinned: S(-14, -7),
    long_diagonal_bishop: S(16, 4),
    trapped_rook: S(-11, -5),
    rook_on_queen_file: S(9, 3),
    bishop_xray_pawns: S(-5, 0),
    reachable_outpost: S(19, 7),
    weak_queen: S(-15, -3),
    weak_unopposed: S(-14, -11),
    rook_on_king_ring: S(7, -2),
    bishop_on_king_ring: S(17, 5),
    blocked_pawn: S(-15, -9),
    pawn_support: S(5, 0),
    winnable_passers: S(0, 7),
    winnable_pawns: S(0, 8),
    winnable_outflanking: S(0, 5),
    winnable_infiltration: S(0, -14),
    winnable_both_flanks: S(0, 52),
    winnable_pawn_ending: S(0, 69),
    winnable_almost_drawn: S(0, -13),
    winnable_base: S(0, -100),
};

pub static PARAMS: Params = DEFAULT;

/// Appends each entry of the table `name` as `name[i]`, the form
/// `to_source` groups back into one array.
fn push_array<'a>(v: &mut Vec<(String, &'a mut S)>, name: &str, table: &'a mut [S]) {
    v.extend(table.iter_mut().enumerate().map(|(i, s)| (format!("{name}[{i}]"), s)));
}

/// How many entries of the knight, bishop and rook mobility tables keep
/// their order: up to a piece's usual count of squares. Past it few
/// positions speak, and a knight with all eight squares is often one
/// standing exposed in the middle of the board.
pub const ORDERED_MOBILITY: [usize; 3] = [6, 10, 11];

/// Makes the middlegame halves of `table` non-decreasing (`direction` 1)
/// or non-increasing (−1) by pooling adjacent violators into blocks that
/// share their mean: the nearest such sequence in squared distance.
fn pool_adjacent_violators(table: &mut [S], direction: i32) {
    // Blocks of (sum, length), each mean at least the previous one's.
    let mut blocks: Vec<(i32, i32)> = Vec::new();
    for s in table.iter() {
        blocks.push((s.mg() * direction, 1));
        while blocks.len() >= 2 {
            let (b, a) = (blocks[blocks.len() - 1], blocks[blocks.len() - 2]);
            if a.0 * b.1 <= b.0 * a.1 {
                break;
            }
            blocks.pop();
            *blocks.last_mut().unwrap() = (a.0 + b.0, a.1 + b.1);
        }
    }
    let mut i = 0;
    for (sum, len) in blocks {
        let mean = (sum as f64 / len as f64).round() as i32 * direction;
        for s in &mut table[i..i + len as usize] {
            *s = S(mean, s.eg());
        }
        i += len as usize;
    }
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
        v.push(("restricted".into(), &mut self.restricted));
        v.push(("space".into(), &mut self.space));
        v.push(("king_pawn_distance".into(), &mut self.king_pawn_distance));
        v.push(("rook_behind_passer".into(), &mut self.rook_behind_passer));
        v.push(("passer_blockaded".into(), &mut self.passer_blockaded));
        push_array(&mut v, "passer_safe_advance", &mut self.passer_safe_advance);
        v.push(("pawnless_flank".into(), &mut self.pawnless_flank));
        v.push(("knight_protector".into(), &mut self.knight_protector));
        v.push(("bishop_protector".into(), &mut self.bishop_protector));
        v.push(("knight_on_queen".into(), &mut self.knight_on_queen));
        v.push(("slider_on_queen".into(), &mut self.slider_on_queen));
        v.push(("pinned".into(), &mut self.pinned));
        v.push(("long_diagonal_bishop".into(), &mut self.long_diagonal_bishop));
        v.push(("trapped_rook".into(), &mut self.trapped_rook));
        v.push(("rook_on_queen_file".into(), &mut self.rook_on_queen_file));
        v.push(("bishop_xray_pawns".into(), &mut self.bishop_xray_pawns));
        v.push(("reachable_outpost".into(), &mut self.reachable_outpost));
        v.push(("weak_queen".into(), &mut self.weak_queen));
        v.push(("weak_unopposed".into(), &mut self.weak_unopposed));
        v.push(("rook_on_king_ring".into(), &mut self.rook_on_king_ring));
        v.push(("bishop_on_king_ring".into(), &mut self.bishop_on_king_ring));
        v.push(("blocked_pawn".into(), &mut self.blocked_pawn));
        v.push(("pawn_support".into(), &mut self.pawn_support));
        v.push(("winnable_passers".into(), &mut self.winnable_passers));
        v.push(("winnable_pawns".into(), &mut self.winnable_pawns));
        v.push(("winnable_outflanking".into(), &mut self.winnable_outflanking));
        v.push(("winnable_infiltration".into(), &mut self.winnable_infiltration));
        v.push(("winnable_both_flanks".into(), &mut self.winnable_both_flanks));
        v.push(("winnable_pawn_ending".into(), &mut self.winnable_pawn_ending));
        v.push(("winnable_almost_drawn".into(), &mut self.winnable_almost_drawn));
        v.push(("winnable_base".into(), &mut self.winnable_base));
        v
    }

    /// Where a fit breaks an order the tables must keep (a piece with more
    /// squares is never worth less; a heavier attack on the king never
    /// costs less), the offending neighbours are pooled to their mean.
    /// The fit breaks it by a few centipawns where two counts are about
    /// equally common and equally good, which is noise, not knowledge.
    /// Only the middlegame halves are held to it, which is where the fits
    /// broke it; the endgame halves are left as fitted.
    pub fn pool_monotone(&mut self) {
        let [knight, bishop, rook] = ORDERED_MOBILITY;
        pool_adjacent_violators(&mut self.knight_mobility[..knight], 1);
        pool_adjacent_violators(&mut self.bishop_mobility[..bishop], 1);
        pool_adjacent_violators(&mut self.rook_mobility[..rook], 1);
        pool_adjacent_violators(&mut self.king_attack, -1);
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
                    .map(|(_, s)| format!("S({}, {})", s.mg(), s.eg()))
                    .collect();
                out.push_str(&format!("    {base}: [{}],\n", items.join(", ")));
                i += items.len();
            } else {
                out.push_str(&format!("    {name}: S({}, {}),\n", fields[i].1.mg(), fields[i].1.eg()));
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
    fn pooling_restores_the_order_and_keeps_what_is_already_in_order() {
        let mut t = [S(-20, 1), S(-8, 2), S(-10, 3), S(5, 4), S(3, 5), S(4, 6)];
        pool_adjacent_violators(&mut t, 1);
        assert_eq!(t, [S(-20, 1), S(-9, 2), S(-9, 3), S(4, 4), S(4, 5), S(4, 6)]);
        let mut falling = [S(0, 0), S(-2, 0), S(-21, 0), S(-18, 0), S(-30, 0)];
        pool_adjacent_violators(&mut falling, -1);
        assert_eq!(falling, [S(0, 0), S(-2, 0), S(-20, 0), S(-20, 0), S(-30, 0)]);
        let mut defaults = DEFAULT.clone();
        defaults.pool_monotone();
        assert_eq!(defaults.to_source(), DEFAULT.to_source(), "the defaults are already in order");
    }

    #[test]
    fn source_round_trips_the_defaults() {
        // The tuner's output, pasted over `DEFAULT`, is this file's text:
        // printing the defaults gives them back verbatim.
        let src = DEFAULT.to_source();
        assert!(include_str!("params.rs").contains(&src), "{src}");
        assert_eq!(
            DEFAULT.clone().fields_mut().len(),
            8 + 8 + 5 + 8 + (9 + 14 + 15 + 28) + 8 + 4 + 4 + 30 + 8 + 1 + 6 + 5 + 8 + 7 + 6 + 4 + 8
        );
    }
}
