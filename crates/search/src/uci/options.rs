//! The engine's UCI options: what `uci` lists and what `setoption` sets.

use crate::alphabeta::{Duel, Features, Table};

/// The UCI option that switches a [`Referee`](super::Referee) on and off.
const REFEREE_OPTION: &str = "Proofs";
/// The UCI option for the number of best lines reported, and its most.
const MULTI_PV: &str = "MultiPV";
const MOST_LINES: usize = 256;
/// The UCI option for the table's size in MiB, and its most (64 GiB: far
/// beyond any machine Arbiter runs on, so the limit is memory's).
const HASH: &str = "Hash";
const MOST_MEGABYTES: usize = 65_536;
/// The UCI button that empties the table.
const CLEAR_HASH: &str = "Clear Hash";
/// The UCI option for the search's threads. The search runs on one, and
/// says so: GUIs and match runners set `Threads` only when the engine
/// lists it, and one listed from 1 to 1 tells them not to ask for more.
const THREADS: &str = "Threads";

/// The session's options.
pub(super) struct Options {
    /// The search features (`PVS`, `NullMove`, …; see [`Features::NAMES`]).
    pub(super) features: Features,
    /// How many best lines to report (`MultiPV`).
    pub(super) lines: usize,
    /// Whether the game's referee is on (`Proofs`); `None`: the game has
    /// none.
    pub(super) refereed: Option<bool>,
    /// The table's size in MiB (`Hash`); `None`: the usual table.
    pub(super) megabytes: Option<usize>,
    /// Whether a table of so many MiB can be had ([`Table::fits`]).
    fits: fn(usize) -> bool,
}

/// What a `setoption` changed beside the options themselves.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Effect {
    /// Nothing else.
    None,
    /// The table's entries must go (`Clear Hash`).
    ClearTable,
    /// The table must be made anew at its new size (`Hash`).
    Resize,
}

/// The refusal of a `Hash` size whose memory cannot be had.
pub(super) fn cannot_have(megabytes: usize) -> String {
    format!("error: option {HASH}: {megabytes} MiB cannot be had; the table keeps its size")
}

impl Options {
    /// The defaults for the duel `D`; `refereed` when the game has a
    /// referee.
    pub(super) fn new<D: Duel>(refereed: bool) -> Options {
        Options {
            features: D::features(),
            lines: 1,
            refereed: refereed.then_some(true),
            megabytes: None,
            fits: Table::<D>::fits,
        }
    }

    /// The `option …` lines that `uci` lists.
    pub(super) fn listing<D: Duel>(&self) -> Vec<String> {
        let defaults = D::features();
        let mut listed: Vec<String> = Features::NAMES
            .iter()
            .map(|f| format!("option name {f} type check default {}", defaults.get(f)))
            .collect();
        if self.refereed.is_some() {
            listed.push(format!(
                "option name {REFEREE_OPTION} type check default true"
            ));
        }
        // GUIs send `go ponder` only to engines that list this.
        listed.push("option name Ponder type check default false".into());
        listed.push(format!(
            "option name {MULTI_PV} type spin default 1 min 1 max {MOST_LINES}"
        ));
        listed.push(format!(
            "option name {HASH} type spin default {} min 1 max {MOST_MEGABYTES}",
            Table::<D>::usual_megabytes()
        ));
        listed.push(format!("option name {CLEAR_HASH} type button"));
        listed.push(format!(
            "option name {THREADS} type spin default 1 min 1 max 1"
        ));
        listed
    }

    /// `name N [value V]`. The features and the referee take `true` or
    /// `false`, `MultiPV` and `Hash` a whole number in their range,
    /// `Threads` only 1, and `Clear Hash` nothing; other options (a GUI's
    /// own) are accepted and ignored. A refused value changes nothing.
    pub(super) fn set(&mut self, words: &[&str]) -> Result<Effect, String> {
        // `name` comes first; a line without it (`setoption value x`, say)
        // is refused rather than read from where the name should be.
        let Some((&"name", rest)) = words.split_first() else {
            return Err("error: setoption takes name N [value V]".into());
        };
        let (name, value) = match rest.iter().position(|&w| w == "value") {
            Some(at) => (rest[..at].join(" "), rest[at + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        match name.as_str() {
            MULTI_PV => {
                self.lines = whole_number(MULTI_PV, &value, MOST_LINES)?;
                Ok(Effect::None)
            }
            HASH => {
                let mb = whole_number(HASH, &value, MOST_MEGABYTES)?;
                if !(self.fits)(mb) {
                    return Err(cannot_have(mb));
                }
                self.megabytes = Some(mb);
                Ok(Effect::Resize)
            }
            CLEAR_HASH => Ok(Effect::ClearTable),
            THREADS => match value.as_str() {
                "1" => Ok(Effect::None),
                other => Err(format!(
                    "error: option {THREADS}: the search runs on one thread, so only 1, not '{other}'"
                )),
            },
            REFEREE_OPTION if self.refereed.is_some() => {
                self.refereed = Some(switch(&name, &value)?);
                Ok(Effect::None)
            }
            feature if Features::NAMES.contains(&feature) => {
                let on = switch(&name, &value)?;
                self.features.set(feature, on);
                Ok(Effect::None)
            }
            _ => Ok(Effect::None),
        }
    }
}

/// A spin option's value: a whole number from 1 to `most`.
fn whole_number(name: &str, value: &str, most: usize) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(n) if (1..=most).contains(&n) => Ok(n),
        _ => Err(format!(
            "error: option {name} takes a whole number from 1 to {most}, not '{value}'"
        )),
    }
}

/// A check option's value.
fn switch(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(format!(
            "error: option {name} takes true or false, not '{other}'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::knight_court::KnightCourtDuel;

    fn set(options: &mut Options, line: &str) -> Result<Effect, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        options.set(&words)
    }

    #[test]
    fn hash_sizes_the_table_and_a_bad_value_changes_nothing() {
        let mut options = Options::new::<KnightCourtDuel>(true);
        assert_eq!(set(&mut options, "name Hash value 64"), Ok(Effect::Resize));
        assert_eq!(options.megabytes, Some(64));
        for bad in ["0", "65537", "-1", "lots", ""] {
            let refused = set(&mut options, &format!("name Hash value {bad}")).unwrap_err();
            assert!(refused.contains("from 1 to 65536"), "{refused}");
            assert_eq!(options.megabytes, Some(64));
        }
        assert_eq!(set(&mut options, "name Clear Hash"), Ok(Effect::ClearTable));
        assert_eq!(options.megabytes, Some(64));
    }

    #[test]
    fn a_size_that_cannot_be_had_is_refused_and_changes_nothing() {
        let mut options = Options::new::<KnightCourtDuel>(true);
        set(&mut options, "name Hash value 8").unwrap();
        // As if the machine had 100 MiB to spare.
        options.fits = |mb| mb <= 100;
        let refused = set(&mut options, "name Hash value 40000").unwrap_err();
        assert_eq!(
            refused,
            "error: option Hash: 40000 MiB cannot be had; the table keeps its size"
        );
        assert_eq!(options.megabytes, Some(8));
        assert_eq!(set(&mut options, "name Hash value 100"), Ok(Effect::Resize));
        assert_eq!(options.megabytes, Some(100));
    }

    #[test]
    fn the_table_is_the_largest_power_of_two_that_fits() {
        let slot = Table::<KnightCourtDuel>::slot_bytes();
        for mb in [1, 3, 16, 100, 1000] {
            let slots = Table::<KnightCourtDuel>::slots_in(mb);
            assert!(slots.is_power_of_two());
            assert!(slots * slot <= mb << 20, "{mb} MiB: {slots} slots too many");
            assert!(
                2 * slots * slot > mb << 20,
                "{mb} MiB: {slots} slots too few"
            );
        }
        let usual = Table::<KnightCourtDuel>::usual_megabytes();
        assert_eq!(
            Table::<KnightCourtDuel>::slots_in(usual),
            crate::alphabeta::TT_SLOTS
        );
    }

    #[test]
    fn threads_is_listed_as_one_and_more_is_refused() {
        let mut options = Options::new::<KnightCourtDuel>(true);
        assert!(options
            .listing::<KnightCourtDuel>()
            .contains(&"option name Threads type spin default 1 min 1 max 1".to_string()));
        assert_eq!(set(&mut options, "name Threads value 1"), Ok(Effect::None));
        for bad in ["2", "0", "many", ""] {
            let refused = set(&mut options, &format!("name Threads value {bad}")).unwrap_err();
            assert_eq!(
                refused,
                format!(
                    "error: option Threads: the search runs on one thread, so only 1, not '{bad}'"
                )
            );
        }
    }

    #[test]
    fn the_referee_option_exists_only_with_a_referee() {
        let mut bare = Options::new::<KnightCourtDuel>(false);
        assert_eq!(set(&mut bare, "name Proofs value maybe"), Ok(Effect::None));
        assert!(!bare
            .listing::<KnightCourtDuel>()
            .iter()
            .any(|l| l.contains("Proofs")));
        let mut refereed = Options::new::<KnightCourtDuel>(true);
        assert!(set(&mut refereed, "name Proofs value maybe").is_err());
        set(&mut refereed, "name Proofs value false").unwrap();
        assert_eq!(refereed.refereed, Some(false));
    }
}
