//! Game records: the configuration, the seed and every submission, as JSON
//! (docs/rules/knight-control.md#game-records). Replaying a record is
//! deterministic; a record with a malformed or illegal entry is refused as
//! a whole, with the round, the player and the reason.

use crate::action::Action;
use crate::game::{KnightControl, Stage};
use crate::item::ItemPlacement;
use crate::layout::{Layout, LayoutFile};
use crate::place::{parse_player, player_name};
use crate::setup::{items_of, Setup};
use crate::state::Rules;
use crate::view::Board;
use arbiter_core::{Seat, Seed, SeedCommitment};
use serde::{Deserialize, Serialize};

/// A whole game as a host keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always "knight-control".
    pub game: String,
    pub players: usize,
    #[serde(default)]
    pub rules: Rules,
    /// The layout, without items.
    pub layout: LayoutFile,
    /// The items laid when the game was created.
    #[serde(default)]
    pub items: Vec<ItemPlacement>,
    /// Whether `items` were laid from the seed (replay checks they match).
    #[serde(default)]
    pub items_from_seed: bool,
    pub seed_commitment: SeedCommitment,
    /// The seed, once revealed; replay needs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<Seed>,
    /// A game already under way, instead of a fresh one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    #[serde(default)]
    pub entries: Vec<Entry>,
}

/// One line of a game's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Entry {
    /// A player's submission, trade or consent, in notation.
    Act { player: String, action: String },
    /// The host closed the current step at its deadline.
    Close,
    /// The host granted a communal garnet to two players.
    GrantCommunal { players: [String; 2] },
}

/// A game being played and recorded: every accepted action becomes an entry.
#[derive(Clone, Debug)]
pub struct Recorder {
    pub game: KnightControl,
    pub record: Record,
}

impl Record {
    /// A new record of a fresh game: items from the layout file or, when it
    /// has none, laid from the seed.
    pub fn new(
        players: usize,
        rules: Rules,
        layout: LayoutFile,
        seed: Seed,
    ) -> Result<Record, String> {
        let items_from_seed = layout.items.is_none();
        let game = KnightControl::new(players, rules, Layout::from_file(layout.clone())?, seed)?;
        let items = items_of(game.layout(), game.state());
        Ok(Record {
            game: crate::ID.into(),
            players,
            rules,
            layout: LayoutFile {
                items: None,
                ..layout
            },
            items,
            items_from_seed,
            seed_commitment: seed.commitment(),
            seed: Some(seed),
            setup: None,
            entries: Vec::new(),
        })
    }

    /// A new record continuing from a host's setup.
    pub fn from_setup(
        rules: Rules,
        layout: LayoutFile,
        seed: Seed,
        setup: Setup,
    ) -> Result<Record, String> {
        KnightControl::from_setup(rules, Layout::from_file(layout.clone())?, seed, &setup)?;
        Ok(Record {
            game: crate::ID.into(),
            players: setup.players.len(),
            rules,
            layout: LayoutFile {
                items: None,
                ..layout
            },
            items: Vec::new(),
            items_from_seed: false,
            seed_commitment: seed.commitment(),
            seed: Some(seed),
            setup: Some(setup),
            entries: Vec::new(),
        })
    }

    pub fn from_json(text: &str) -> Result<Record, String> {
        serde_json::from_str(text).map_err(|e| format!("malformed record: {e}"))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }

    /// The game at its start, before any entry.
    pub fn start(&self) -> Result<KnightControl, String> {
        if self.game != crate::ID {
            return Err(format!(
                "this is a record of '{}', not {}",
                self.game,
                crate::ID
            ));
        }
        let seed = self
            .seed
            .ok_or("the record holds only the seed's commitment; replay needs the revealed seed")?;
        if !self.seed_commitment.verify(&seed) {
            return Err("the seed does not match the record's seed commitment".into());
        }
        if self.layout.items.is_some() {
            return Err(
                "the record's layout carries items; a record lists its items in the top-level 'items'"
                    .into(),
            );
        }
        if let Some(setup) = &self.setup {
            // A setup names every item still on the board; top-level items
            // would be a second, conflicting list.
            if !self.items.is_empty() || self.items_from_seed {
                return Err("a record with a setup takes its items from the setup's 'items'; it must not also carry top-level 'items' or 'items_from_seed'".into());
            }
            if setup.players.len() != self.players {
                return Err(format!(
                    "the record says {} players but its setup has {}",
                    self.players,
                    setup.players.len()
                ));
            }
            let layout = Layout::from_file(LayoutFile {
                items: None,
                ..self.layout.clone()
            })?;
            return KnightControl::from_setup(self.rules, layout, seed, setup);
        }
        let items = (!self.items_from_seed).then(|| self.items.clone());
        let layout = Layout::from_file(LayoutFile {
            items,
            ..self.layout.clone()
        })?;
        let game = KnightControl::new(self.players, self.rules, layout, seed)?;
        // Items may be listed in any order; the board holds them by cell.
        let mut listed = self.items.clone();
        listed.sort_by_key(|p| game.layout().cell(p.cell).ok());
        if self.items_from_seed && items_of(game.layout(), game.state()) != listed {
            return Err("the record's items are not the ones its seed lays".into());
        }
        Ok(game)
    }

    /// Replays every entry. `each` sees the game after each entry.
    pub fn replay_with(
        &self,
        mut each: impl FnMut(&KnightControl),
    ) -> Result<KnightControl, String> {
        let mut game = self.start()?;
        for (i, entry) in self.entries.iter().enumerate() {
            apply(&mut game, entry).map_err(|reason| {
                let when = match game.stage() {
                    Stage::Bidding => "bidding".to_string(),
                    Stage::Orders | Stage::Items => format!("round {}", game.round()),
                    _ => "end of game".to_string(),
                };
                format!("entry {} ({when}): {reason}", i + 1)
            })?;
            each(&game);
        }
        Ok(game)
    }

    /// Replays every entry.
    pub fn replay(&self) -> Result<KnightControl, String> {
        self.replay_with(|_| {})
    }

    /// The public board after each publication (bidding, then each round).
    pub fn boards(&self) -> Result<Vec<Board>, String> {
        let start = self.start()?;
        let mut boards = vec![start.published.clone()];
        self.replay_with(|g| {
            if boards.last() != Some(&g.published) {
                boards.push(g.published.clone());
            }
        })?;
        Ok(boards)
    }
}

fn apply(game: &mut KnightControl, entry: &Entry) -> Result<(), String> {
    let players = game.players();
    match entry {
        Entry::Act { player, action } => {
            let seat = parse_player(player, players)?;
            let parsed =
                Action::parse(action, players).map_err(|e| format!("{player}: '{action}': {e}"))?;
            game.submit(seat, &parsed)
                .map_err(|e| format!("{player}: {e}"))
        }
        Entry::Close => game.close_step(),
        Entry::GrantCommunal { players: [a, b] } => game
            .grant_communal(parse_player(a, players)?, parse_player(b, players)?)
            .map(|_| ()),
    }
}

impl Recorder {
    pub fn new(record: Record) -> Result<Recorder, String> {
        let game = record.replay()?;
        Ok(Recorder { game, record })
    }

    /// Submits `text` for `seat`; on success it is recorded.
    pub fn act(&mut self, seat: Seat, text: &str) -> Result<(), String> {
        let entry = Entry::Act {
            player: player_name(seat),
            action: text.trim().to_string(),
        };
        apply(&mut self.game, &entry)?;
        self.record.entries.push(entry);
        Ok(())
    }

    /// Closes the current step at its deadline.
    pub fn close(&mut self) -> Result<(), String> {
        apply(&mut self.game, &Entry::Close)?;
        self.record.entries.push(Entry::Close);
        Ok(())
    }

    pub fn grant_communal(&mut self, a: Seat, b: Seat) -> Result<(), String> {
        let entry = Entry::GrantCommunal {
            players: [player_name(a), player_name(b)],
        };
        apply(&mut self.game, &entry)?;
        self.record.entries.push(entry);
        Ok(())
    }
}
