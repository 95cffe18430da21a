//! The search techniques that can be switched on and off, and the margins
//! the pruning ones use.

/// The search techniques that can be switched on and off, so that each can
/// be measured against the search without it (`arbiter uci` takes them as
/// UCI options). Each game starts from [`Duel::features`](super::Duel::features); these defaults
/// (late-move reductions only) are the games that were not measured again.
/// Progressive Chess keeps what won its matches in docs/ai.md
/// (`games/progressive_chess.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Principal-variation search (null windows after the first move) and
    /// aspiration windows at the root.
    pub pvs: bool,
    /// Null-move pruning, where the game offers a null move.
    pub null_move: bool,
    /// Late-move reductions of quiet moves.
    pub lmr: bool,
    /// Captures ordered by the victim's value, then the attacker's.
    pub capture_order: bool,
    /// Checks: a node in check is searched a ply deeper (check extension),
    /// quiescence answers a check with every evasion instead of standing
    /// pat, and mate-distance pruning.
    pub checks: bool,
    /// A timed player keeps its transposition table from one search to the
    /// next (node budgets always start afresh, so they repeat exactly).
    pub keep_table: bool,
    /// Deeper late-move reductions: about ln(depth)·ln(move number)/2
    /// plies instead of one or two.
    pub deep_lmr: bool,
    /// Futility pruning: at depth 1 and 2, out of check, quiet late moves
    /// are skipped when the static value is a margin below alpha.
    pub futility: bool,
    /// Quiet checks: the first ply of quiescence also tries the moves that
    /// give check ([`Duel::quiet_checks`](super::Duel::quiet_checks)), so a series of checks that
    /// mates just past the horizon is followed (with `checks`, each
    /// evasion is then answered in full).
    pub quiet_checks: bool,
    /// Selective pruning away from the principal variation (nodes searched
    /// with a null window, so it needs `pvs` to matter): reverse futility
    /// (a static value a margin above beta near the horizon is taken as a
    /// cutoff), late-move pruning (near the horizon, quiet moves past a
    /// count are skipped), and late-move reductions one ply deeper there
    /// than on the principal variation.
    pub prune: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            pvs: false,
            null_move: false,
            lmr: true,
            capture_order: false,
            checks: false,
            keep_table: false,
            deep_lmr: false,
            futility: false,
            quiet_checks: false,
            prune: false,
        }
    }
}

impl Features {
    /// The names `arbiter uci` offers as UCI options.
    pub const NAMES: [&'static str; 10] = [
        "PVS",
        "NullMove",
        "LMR",
        "CaptureOrder",
        "Checks",
        "KeepTable",
        "DeepLMR",
        "Futility",
        "QuietChecks",
        "Prune",
    ];

    /// Whether the feature named `name` is on (`false` for unknown names).
    pub fn get(&self, name: &str) -> bool {
        let mut copy = *self;
        // Setting a copy to false tells whether it was on.
        copy.set(name, false) && copy != *self
    }

    /// Sets the feature named `name` (as in [`Features::NAMES`]).
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let flag = match name {
            "PVS" => &mut self.pvs,
            "NullMove" => &mut self.null_move,
            "LMR" => &mut self.lmr,
            "CaptureOrder" => &mut self.capture_order,
            "Checks" => &mut self.checks,
            "KeepTable" => &mut self.keep_table,
            "DeepLMR" => &mut self.deep_lmr,
            "Futility" => &mut self.futility,
            "QuietChecks" => &mut self.quiet_checks,
            "Prune" => &mut self.prune,
            _ => return false,
        };
        *flag = on;
        true
    }
}

/// Futility margin per ply of depth left, in evaluation units.
pub(super) const FUTILITY: i32 = 200;

/// Reverse futility: the margin per ply of depth left by which a static
/// value must clear beta to be taken as a cutoff, and the deepest depth.
pub(super) const REVERSE_FUTILITY: i32 = 120;
pub(super) const REVERSE_FUTILITY_DEPTH: u32 = 3;

/// Late-move pruning: at depth `d` (at most this), quiet moves after the
/// first `3 + d * d` are skipped away from the principal variation.
pub(super) const LATE_MOVE_DEPTH: u32 = 3;

/// Half-width of the root's aspiration window, in evaluation units.
pub(super) const ASPIRATION: i32 = 60;
