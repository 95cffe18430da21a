//! Chips between players: trades by offer and acceptance, communal
//! garnets, and garnet exchanges between rounds
//! (docs/rules/knight-control.md#economy).

use crate::event::Event;
use crate::game::{KnightControl, Stage};
use crate::place::{player_name, Player};
use arbiter_core::Seat;

/// A standing offer of chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub from: Seat,
    pub to: Seat,
    pub chips: u32,
}

/// A completed trade (private to the two traders).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trade {
    pub round: u8,
    pub from: Seat,
    pub to: Seat,
    pub chips: u32,
    /// Both purses' chips after the trade, revealed to the two.
    pub after: [u32; 2],
}

/// A communal garnet granted by the host to two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Communal {
    pub players: [Seat; 2],
    pub consent: [bool; 2],
    pub spent: bool,
}

impl KnightControl {
    pub(crate) fn exchange_now(&mut self, seat: Seat, n: u32) -> Result<(), String> {
        self.state.purses[seat.index()].exchange(n, self.rules.garnet_rate)
    }

    fn trading_open(&self) -> Result<(), String> {
        match self.stage {
            Stage::Bidding | Stage::Orders | Stage::FinalExchange => Ok(()),
            Stage::Items => {
                Err("trades and communal garnets wait until the round is published".into())
            }
            _ => Err("trading has closed: the awards have begun".into()),
        }
    }

    pub(crate) fn offer(&mut self, from: Seat, to: Seat, chips: u32) -> Result<(), String> {
        self.trading_open()?;
        if to == from || to.index() >= self.players {
            return Err("offers go to another player".into());
        }
        let held = self.state.purses[from.index()].chips;
        if chips == 0 || chips > held {
            return Err(format!(
                "the player holds {held} chips; an offer is 1 to {held}"
            ));
        }
        self.offers.retain(|o| !(o.from == from && o.to == to));
        self.offers.push(Offer { from, to, chips });
        Ok(())
    }

    pub(crate) fn accept(&mut self, to: Seat, from: Seat) -> Result<(), String> {
        self.trading_open()?;
        let i = self
            .offers
            .iter()
            .position(|o| o.from == from && o.to == to)
            .ok_or_else(|| {
                format!(
                    "{} has no standing offer to {}",
                    player_name(from),
                    player_name(to)
                )
            })?;
        let chips = self.offers[i].chips;
        let held = self.state.purses[from.index()].chips;
        if held < chips {
            self.offers.remove(i);
            return Err(format!(
                "{} no longer holds the {chips} chips offered; the offer is withdrawn",
                player_name(from)
            ));
        }
        let received = crate::state::add(
            &format!("{}'s chips", player_name(to)),
            self.state.purses[to.index()].chips,
            chips,
        )?;
        self.offers.remove(i);
        self.state.purses[from.index()].chips -= chips;
        self.state.purses[to.index()].chips = received;
        let after = [
            self.state.purses[from.index()].chips,
            self.state.purses[to.index()].chips,
        ];
        self.trades.push(Trade {
            round: self.state.round,
            from,
            to,
            chips,
            after,
        });
        Ok(())
    }

    pub(crate) fn consent(&mut self, seat: Seat, k: u32) -> Result<(), String> {
        self.trading_open()?;
        let c = k
            .checked_sub(1)
            .and_then(|i| self.communal.get_mut(i as usize))
            .ok_or_else(|| format!("there is no communal garnet {k}"))?;
        let side = c
            .players
            .iter()
            .position(|&p| p == seat)
            .ok_or_else(|| format!("communal garnet {k} is not this player's"))?;
        if c.spent {
            return Err(format!("communal garnet {k} is already spent"));
        }
        if c.consent[1 - side] {
            // Both purses must take the 2 chips before either does.
            let mut purses = c.players.map(|p| self.state.purses[p.index()]);
            for purse in &mut purses {
                purse.gain(2)?;
            }
            for (p, purse) in c.players.into_iter().zip(purses) {
                self.state.purses[p.index()] = purse;
            }
            c.spent = true;
        }
        c.consent[side] = true;
        Ok(())
    }

    /// The host grants a communal garnet to two players; returns its number.
    pub fn grant_communal(&mut self, a: Seat, b: Seat) -> Result<u32, String> {
        self.trading_open()?;
        if a == b || a.index() >= self.players || b.index() >= self.players {
            return Err("a communal garnet goes to two different players".into());
        }
        self.communal.push(Communal {
            players: [a, b],
            consent: [false; 2],
            spent: false,
        });
        let number = self.communal.len() as u32;
        self.current.push(Event::CommunalGranted {
            number,
            players: [Player(a), Player(b)],
        });
        Ok(number)
    }
}
