//! Everything a player submits, and its notation
//! (docs/rules/knight-control.md#notation).
//!
//! Parsing checks form only; whether an action is allowed is decided
//! against the game by [`crate::KnightControl`].

use crate::place::{parse_player, player_name, Movement, Place};
use arbiter_core::Seat;
use std::fmt;

/// A new knight on a zone cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spawn {
    pub cell: Place,
    pub movement: Movement,
}

/// One knight's move: where it stands at the start of the round (or its
/// spawn cell), then its 1 to 3 landings.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub knight: Place,
    pub landings: Vec<Place>,
}

/// A round's secret orders (step 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Orders {
    /// Garnets the player asks to exchange explicitly.
    pub exchange: u32,
    pub spawn: Option<Spawn>,
    pub moves: Vec<Move>,
}

/// A round's secret item choices (step 5). Knights are named by the cell
/// they stand on after step 4.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemChoices {
    pub exchange: u32,
    /// Extra Spawn: one knight per item used.
    pub spawns: Vec<Spawn>,
    /// Extra Move: (knight, landing).
    pub extra_moves: Vec<(Place, Place)>,
    /// Portal: (knight on a portal, the portal it goes to).
    pub teleport: Option<(Place, Place)>,
    /// Modify: (knight, new movement).
    pub modifies: Vec<(Place, Movement)>,
}

/// What to do with one ToL a player may not keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GiftChoice {
    Gift(Seat),
    Nullify,
}

/// One submission of one player.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Letters in order of preference, or `None` for no bid.
    Bid(Option<Vec<char>>),
    Orders(Orders),
    Items(ItemChoices),
    /// Offers chips to another player; they move when accepted.
    Offer {
        to: Seat,
        chips: u32,
    },
    /// Accepts the standing offer from `from`.
    Accept {
        from: Seat,
    },
    /// Consents to spending communal garnet number k (1-based).
    Communal(u32),
    /// Exchanges garnets for chips at once: between rounds (the orders step)
    /// and in the end-of-game step after the last round.
    Exchange(u32),
    /// The end-of-game step after the last round: the player has nothing
    /// more to exchange, trade or consent to (`done`, or an empty
    /// submission).
    Done,
    /// End-game step 1 or 2: one choice per ToL the player may not keep;
    /// missing choices nullify.
    Gifts(Vec<GiftChoice>),
    /// End-game step 3: a vote for a tied candidate, or `None` to abstain.
    Vote(Option<Seat>),
}

impl Action {
    /// Reads an action in notation. Player names are checked against
    /// `players`; everything else is checked when the action is played.
    pub fn parse(text: &str, players: usize) -> Result<Action, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(Action::Done);
        }
        let (head, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let number = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| format!("'{w}' is not a number"))
        };
        match head {
            // Any letters are a bid; whether they are a valid one is decided
            // when bidding closes (an invalid bid counts as no bid).
            "bid" => match words.as_slice() {
                ["pass"] => Ok(Action::Bid(None)),
                _ => Ok(Action::Bid(Some(rest.chars().filter(|c| !c.is_whitespace()).collect()))),
            },
            "orders" => parse_orders(rest).map(Action::Orders),
            "items" => parse_items(rest).map(Action::Items),
            "offer" => match words.as_slice() {
                [to, chips] => Ok(Action::Offer { to: parse_player(to, players)?, chips: number(chips)? }),
                _ => Err("an offer is 'offer P2 3'".into()),
            },
            "accept" => match words.as_slice() {
                [from] => Ok(Action::Accept { from: parse_player(from, players)? }),
                _ => Err("an acceptance is 'accept P1'".into()),
            },
            "communal" => match words.as_slice() {
                [k] => Ok(Action::Communal(number(k)?)),
                _ => Err("consent to a communal garnet is 'communal 1'".into()),
            },
            "exchange" => match words.as_slice() {
                [n] => Ok(Action::Exchange(number(n)?)),
                _ => Err("an exchange is 'exchange 2'".into()),
            },
            "done" => match words.as_slice() {
                [] => Ok(Action::Done),
                _ => Err("'done' takes nothing after it".into()),
            },
            "gifts" => words
                .iter()
                .map(|w| match *w {
                    "nullify" => Ok(GiftChoice::Nullify),
                    _ => parse_player(w, players).map(GiftChoice::Gift),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Action::Gifts),
            "vote" => match words.as_slice() {
                ["abstain"] => Ok(Action::Vote(None)),
                [p] => Ok(Action::Vote(Some(parse_player(p, players)?))),
                _ => Err("a vote is 'vote P3' or 'vote abstain'".into()),
            },
            _ => Err(format!(
                "'{head}' is not an action: use bid, orders, items, offer, accept, communal, exchange, done, gifts or vote"
            )),
        }
    }
}

fn clauses(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.split(';')
        .map(|c| c.split_whitespace().collect::<Vec<_>>())
        .filter(|w| !w.is_empty())
}

fn place(word: &str) -> Result<Place, String> {
    word.parse()
}

/// Reads `pass` or `;`-separated clauses into a `T`: `exchange N` (once)
/// sets the garnets `exchange` points at, and every other clause goes to
/// `clause`, which says `Ok(false)` when it is none of its own; `usage`
/// names what a clause may be.
fn parse_clauses<T: Default>(
    text: &str,
    exchange: fn(&mut T) -> &mut u32,
    mut clause: impl FnMut(&mut T, &[&str]) -> Result<bool, String>,
    usage: &str,
) -> Result<T, String> {
    let mut read = T::default();
    if text == "pass" {
        return Ok(read);
    }
    let mut exchanged = false;
    for words in clauses(text) {
        match words.as_slice() {
            ["exchange", n] if !exchanged => {
                *exchange(&mut read) = n
                    .parse()
                    .map_err(|_| format!("'{n}' is not a number of garnets"))?;
                exchanged = true;
            }
            words => {
                if !clause(&mut read, words)? {
                    return Err(format!("'{}' is not {usage}", words.join(" ")));
                }
            }
        }
    }
    Ok(read)
}

fn parse_orders(text: &str) -> Result<Orders, String> {
    let order = |orders: &mut Orders, words: &[&str]| -> Result<bool, String> {
        match words {
            ["spawn", cell, movement] => {
                if orders.spawn.is_some() {
                    return Err("at most one spawn a round".into());
                }
                orders.spawn = Some(Spawn {
                    cell: place(cell)?,
                    movement: movement.parse()?,
                });
            }
            ["move", knight, landings @ ..] if !landings.is_empty() => {
                let landings = landings
                    .iter()
                    .map(|w| place(w))
                    .collect::<Result<Vec<_>, _>>()?;
                orders.moves.push(Move {
                    knight: place(knight)?,
                    landings,
                });
            }
            _ => return Ok(false),
        }
        Ok(true)
    };
    let usage = "an order: use 'exchange N' (once), 'spawn A3 1x2' or 'move c3 d5 [e7 [f9]]'";
    parse_clauses(text, |o| &mut o.exchange, order, usage)
}

fn parse_items(text: &str) -> Result<ItemChoices, String> {
    let choice = |choices: &mut ItemChoices, words: &[&str]| -> Result<bool, String> {
        match words {
            ["spawn", cell, movement] => choices.spawns.push(Spawn {
                cell: place(cell)?,
                movement: movement.parse()?,
            }),
            ["extra", knight, to] => choices.extra_moves.push((place(knight)?, place(to)?)),
            ["portal", knight, to] => {
                if choices.teleport.is_some() {
                    return Err("a player uses at most one portal a round".into());
                }
                choices.teleport = Some((place(knight)?, place(to)?));
            }
            ["modify", knight, movement] => {
                choices.modifies.push((place(knight)?, movement.parse()?))
            }
            _ => return Ok(false),
        }
        Ok(true)
    };
    let usage = "an item choice: use 'exchange N', 'spawn A3 1x2', 'extra c3 d5', 'portal c3 h8' or 'modify c3 2x3'";
    parse_clauses(text, |c| &mut c.exchange, choice, usage)
}

fn join_clauses(f: &mut fmt::Formatter<'_>, head: &str, clauses: Vec<String>) -> fmt::Result {
    if clauses.is_empty() {
        write!(f, "{head} pass")
    } else {
        write!(f, "{head} {}", clauses.join("; "))
    }
}

impl fmt::Display for Orders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut clauses = Vec::new();
        if self.exchange > 0 {
            clauses.push(format!("exchange {}", self.exchange));
        }
        if let Some(s) = self.spawn {
            clauses.push(format!("spawn {} {}", s.cell, s.movement));
        }
        for m in &self.moves {
            let landings: Vec<String> = m.landings.iter().map(Place::to_string).collect();
            clauses.push(format!("move {} {}", m.knight, landings.join(" ")));
        }
        join_clauses(f, "orders", clauses)
    }
}

impl fmt::Display for ItemChoices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut clauses = Vec::new();
        if self.exchange > 0 {
            clauses.push(format!("exchange {}", self.exchange));
        }
        clauses.extend(
            self.spawns
                .iter()
                .map(|s| format!("spawn {} {}", s.cell, s.movement)),
        );
        clauses.extend(
            self.extra_moves
                .iter()
                .map(|(k, to)| format!("extra {k} {to}")),
        );
        clauses.extend(
            self.teleport
                .iter()
                .map(|(k, to)| format!("portal {k} {to}")),
        );
        clauses.extend(
            self.modifies
                .iter()
                .map(|(k, mv)| format!("modify {k} {mv}")),
        );
        join_clauses(f, "items", clauses)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(None) => f.write_str("bid pass"),
            Action::Bid(Some(letters)) => write!(f, "bid {}", letters.iter().collect::<String>()),
            Action::Orders(o) => o.fmt(f),
            Action::Items(c) => c.fmt(f),
            Action::Offer { to, chips } => write!(f, "offer {} {chips}", player_name(*to)),
            Action::Accept { from } => write!(f, "accept {}", player_name(*from)),
            Action::Communal(k) => write!(f, "communal {k}"),
            Action::Exchange(n) => write!(f, "exchange {n}"),
            Action::Done => f.write_str("done"),
            Action::Gifts(choices) => {
                f.write_str("gifts")?;
                for c in choices {
                    match c {
                        GiftChoice::Gift(s) => write!(f, " {}", player_name(*s))?,
                        GiftChoice::Nullify => f.write_str(" nullify")?,
                    }
                }
                Ok(())
            }
            Action::Vote(None) => f.write_str("vote abstain"),
            Action::Vote(Some(s)) => write!(f, "vote {}", player_name(*s)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "bid ABCDE",
            "bid pass",
            "orders pass",
            "orders exchange 1; spawn A3 1x2; move A3 c14; move h8 g10 f12 e14",
            "items pass",
            "items exchange 2; spawn A1 2x2; extra c3 d5; portal h8 b2; modify e5 1x3",
            "offer P2 3",
            "accept P11",
            "communal 1",
            "exchange 4",
            "done",
            "gifts P3 nullify",
            "gifts",
            "vote P4",
            "vote abstain",
        ] {
            let action = Action::parse(text, 11).unwrap();
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn an_empty_submission_is_done() {
        assert_eq!(Action::parse("", 3), Ok(Action::Done));
        assert_eq!(Action::parse("  \n", 3), Ok(Action::Done));
        assert!(Action::parse("done now", 3).is_err());
    }

    #[test]
    fn malformed_actions_say_why() {
        let refused = [
            ("orders spawn A1 1x2; spawn A2 1x2", "one spawn"),
            ("orders move c3", "not an order"),
            ("offer P4 1", "P1 to P3"),
            ("dance", "not an action"),
            ("items portal a1 b2; portal c3 d4", "one portal"),
        ];
        arbiter_core::testing::notation::refusals(|t| Action::parse(t, 3), &refused);
    }
}
