//! The bots at the table: who acts next, how long each may think, and their
//! choices (docs/server.md#bots). Every bot call goes through
//! [`crate::adapter::Hosted::bot_action`], and every game's bot comes from
//! `arbiter-search` (docs/ai.md), so the host plays exactly the players
//! `arbiter match` measures.
//!
//! A host picks a level from 1 to [`MAX_LEVEL`] (the lobby's default is
//! 3); each game has its own ladder in the search crate (`Bots::LEVELS`,
//! docs/ai.md#levels): level 1 is the weakest player, `greedy` (the best
//! action one ply ahead by the game's evaluation) or, where the ladder
//! needs the room, `random`; then `greedy` or the game's search on growing
//! node, evaluation or iteration budgets (in Knight Court the alpha-beta
//! searcher); 5 its `max` (in Knight Court that search guided by the
//! solved table). Each level is measured by `arbiter match` against the
//! one below it.
//!
//! Whatever the level, a bot answers before its step's deadline or its
//! clock: its budget is cut to its share of the time left ([`think`]) and
//! every search is anytime.
//!
//! Bots draw a fresh seed for every choice: the chosen action is logged, so
//! replay never needs the seed.

use crate::adapter::LiveGame;
use crate::host::BotPool;
use arbiter_core::{Seat, Seed};
use arbiter_search::player::{Bots, ScoredLine, Spec, GREEDY};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The strongest level; higher requests are clamped to it.
pub const MAX_LEVEL: u8 = 5;

/// A host level as a request gives it (any whole number, so that 300 gets
/// this message rather than a parser's), checked to be 1 to [`MAX_LEVEL`].
pub fn checked_level(level: u64) -> Result<u8, crate::error::ApiError> {
    u8::try_from(level)
        .ok()
        .filter(|level| (1..=MAX_LEVEL).contains(level))
        .ok_or_else(|| {
            crate::error::ApiError::BadRequest(format!(
                "bot levels are 1 to {MAX_LEVEL}, not {level}"
            ))
        })
}

/// How a bot may think this time: its level, and the moment it must have
/// answered by (`None`: no deadline, the level's whole budget).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Think {
    pub level: u8,
    pub until: Option<Instant>,
}

impl Think {
    /// The level's whole budget.
    pub fn level(level: u8) -> Think {
        Think { level, until: None }
    }

    /// An answer at once, when there is no time to think: `greedy`, one
    /// ply ahead, whatever the seat's level (level 1 may be weaker still:
    /// in some games it plays at random).
    pub fn at_once() -> Think {
        Think::level(AT_ONCE)
    }
}

/// The level [`Think::at_once`] asks for: below the host's levels.
const AT_ONCE: u8 = 0;

/// The search crate's spec for a host level of game `G`: its ladder
/// (`Bots::LEVELS`, docs/ai.md#levels); levels above [`MAX_LEVEL`] are
/// clamped to it, and 0 is [`Think::at_once`]'s `greedy`.
pub fn spec<G: Bots>(level: u8) -> Spec {
    if level == AT_ONCE {
        return GREEDY;
    }
    G::LEVELS[usize::from(level.min(MAX_LEVEL)) - 1]
}

/// The bot of `think`'s level, its budget cut by `think`'s deadline.
fn thinking<G: Bots>(think: Think) -> Spec {
    let mut spec = spec::<G>(think.level);
    if let Some(at) = think.until {
        spec.budget = spec.budget.until(at);
    }
    spec
}

/// The action of `game`'s bot for `seat`, from that seat's view only
/// (`Observe::seen_by`); `None` if the seat has nothing to do.
pub fn bot_action<G: Bots>(game: &G, seat: Seat, think: Think) -> Option<G::Action> {
    bot_scored(game, seat, think).0
}

/// [`bot_action`] with the bot's own score of its choice for `seat`,
/// where its search gives one (the analysis board's evaluation).
pub fn bot_scored<G: Bots>(game: &G, seat: Seat, think: Think) -> (Option<G::Action>, Option<i32>) {
    let seen = game.seen_by(seat);
    G::bot(thinking::<G>(think)).choose_scored(&seen, seat, Seed::random())
}

/// The strongest bot's best `count` lines for `seat`, from that seat's
/// view only, as [`bot_scored`] thinks; none where its search does not
/// rank moves (the analysis board's lines).
pub fn bot_lines<G: Bots>(
    game: &G,
    seat: Seat,
    think: Think,
    count: usize,
) -> Vec<ScoredLine<G::Action>> {
    let seen = game.seen_by(seat);
    G::bot(thinking::<G>(think)).choose_lines(&seen, seat, Seed::random(), count)
}

/// The bot seat to act next among `actors` (server seats), in the fair
/// order of docs/server.md#bots: the one that has waited longest, that is
/// whose last action (`last_acted`, its log position) is oldest; seats
/// that have never acted come first, ties go to the lower seat. While a
/// claim holds (`holder`), only its holder may act, so a person's claim
/// beats every bot.
pub fn next_bot(
    actors: &[usize],
    bots: &[Option<u8>],
    holder: Option<usize>,
    last_acted: &[Option<i64>],
) -> Option<(usize, u8)> {
    actors
        .iter()
        .copied()
        .filter(|&k| holder.is_none_or(|h| h == k))
        .filter_map(|k| Some((k, bots.get(k).copied().flatten()?)))
        .min_by_key(|&(k, _)| (last_acted.get(k).copied().flatten(), k))
}

/// What a bot keeps back from its deadline for its answer to reach the
/// game and be checked and logged: a tenth of the time left, from 200 ms
/// to 2 s.
pub fn margin_ms(left_ms: i64) -> i64 {
    (left_ms / 10).clamp(200, 2_000)
}

/// Below this a search is not worth starting: the bot answers at once
/// ([`Think::at_once`]).
pub const MIN_THINK_MS: i64 = 30;

/// How long a bot may think, in ms, with `left_ms` before its step's
/// deadline or clock, `own_queue` bots of its game still to answer in this
/// step (itself included: a game's bots think one after another) and
/// `waiting` bot jobs of other games queued on a pool of `threads`. The
/// time left less the margin is shared equally among this game's bots
/// still to answer, and each `threads` jobs queued ahead count as one bot
/// more, since they hold the pool as long.
pub fn think_ms(left_ms: i64, own_queue: usize, waiting: usize, threads: usize) -> i64 {
    let usable = left_ms - margin_ms(left_ms);
    let shares = own_queue.max(1) + waiting.div_ceil(threads.max(1));
    usable / shares as i64
}

/// How a bot of `level` may think now, `left_ms` before its deadline
/// (`None`: there is none); see [`think_ms`].
pub fn think(
    level: u8,
    left_ms: Option<i64>,
    own_queue: usize,
    waiting: usize,
    threads: usize,
) -> Think {
    let Some(left) = left_ms else {
        return Think::level(level);
    };
    if level <= 1 {
        // Level 1 answers at once anyway.
        return Think::level(level);
    }
    let ms = think_ms(left, own_queue, waiting, threads);
    if ms < MIN_THINK_MS {
        return Think::at_once();
    }
    Think {
        level,
        until: Some(Instant::now() + Duration::from_millis(ms as u64)),
    }
}

/// The pause before a bot's move so people can follow the board: none in
/// a simultaneous step, where nothing shows until the step closes, and
/// never more than a tenth of the time left.
pub fn delay(delay: Duration, simultaneous: bool, left_ms: Option<i64>) -> Duration {
    if simultaneous {
        return Duration::ZERO;
    }
    match left_ms {
        Some(left) => delay.min(Duration::from_millis((left / 10).max(0) as u64)),
        None => delay,
    }
}

/// One bot job, as the actor hands it over.
pub struct Job {
    pub game: Box<dyn LiveGame>,
    pub seat: usize,
    pub level: u8,
    /// Played because the seat's turn deadline passed: answered at once.
    pub forced: bool,
    /// The step's deadline or the game's clock, unix ms on the pool's clock.
    pub answer_by: Option<i64>,
    /// This game's bots still to answer in this step, this one included.
    pub own_queue: usize,
    pub simultaneous: bool,
}

/// Runs `job` on the bounded pool: waits its delay and a thread, then
/// thinks within its share of the time left. The text of its action, or
/// `None` if it found none.
pub async fn answer(job: Job, pool: BotPool) -> Option<String> {
    let left = |pool: &BotPool| job.answer_by.map(|at| at - pool.clock.now_ms());
    tokio::time::sleep(delay(pool.delay, job.simultaneous, left(&pool))).await;
    pool.waiting.fetch_add(1, Ordering::Relaxed);
    let permit = pool.permits.clone().acquire_owned().await;
    pool.waiting.fetch_sub(1, Ordering::Relaxed);
    let permit = permit.ok()?;
    let think = if job.forced {
        Think::at_once()
    } else {
        let waiting = pool.waiting.load(Ordering::Relaxed);
        think(job.level, left(&pool), job.own_queue, waiting, pool.threads)
    };
    let (game, seat) = (job.game, job.seat);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        game.bot_action(seat, think)
    })
    .await
    .unwrap_or(None)
}

/// The at-once answer for a bot seat still pending when its step's
/// deadline has come (a bot's step is never lost to load). It answers
/// at once, so it runs beside the pool rather than queueing behind it.
pub async fn late_answer(game: Box<dyn LiveGame>, seat: usize) -> Option<String> {
    tokio::task::spawn_blocking(move || game.bot_action(seat, Think::at_once()))
        .await
        .unwrap_or(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_search::player::{Budget, Level};

    #[test]
    fn every_game_climbs_from_its_weakest_to_its_strongest_player_on_node_budgets() {
        fn ladder<G: Bots>() -> Vec<Spec> {
            (1..=MAX_LEVEL).map(spec::<G>).collect()
        }
        let ladders = [
            ladder::<arbiter_knight_court::KnightCourt>(),
            ladder::<arbiter_knight_moves::KnightMoves>(),
            ladder::<arbiter_progressive_chess::ProgressiveChess>(),
            ladder::<arbiter_tilechess::Tilechess>(),
            ladder::<arbiter_knight_control::KnightControl>(),
        ];
        for ladder in &ladders {
            assert!(matches!(ladder[0].level, Level::Greedy | Level::Random));
            assert_eq!(ladder[4].level, Level::Max);
            // Never time: a level plays alike on any machine.
            assert!(ladder.iter().all(|s| matches!(s.budget, Budget::Nodes(_))));
        }
        // Level 0 is the answer at once, greedy in every game; above the
        // top: clamped.
        assert_eq!(
            spec::<arbiter_progressive_chess::ProgressiveChess>(0),
            arbiter_search::player::GREEDY
        );
        assert_eq!(
            spec::<arbiter_tilechess::Tilechess>(9),
            spec::<arbiter_tilechess::Tilechess>(MAX_LEVEL)
        );
        // Knight Court's top is the table-guided search (its `max`),
        // below it plain alpha-beta (`search`); the searches grow level by
        // level.
        let court = &ladders[0];
        assert!(court[1..4].iter().all(|s| s.level == Level::Search));
        for ladder in &ladders {
            let nodes: Vec<u64> = ladder[1..4]
                .iter()
                .map(|s| match s.budget {
                    Budget::Nodes(n) => n,
                    _ => unreachable!(),
                })
                .collect();
            assert!(nodes.windows(2).all(|w| w[0] < w[1]), "{nodes:?}");
        }
    }

    #[test]
    fn the_bot_that_has_waited_longest_goes_first() {
        let bots = [Some(3), Some(3), Some(3), Some(3)];
        // Nobody has acted: the lowest seat.
        assert_eq!(
            next_bot(&[0, 1, 2, 3], &bots, None, &[None; 4]),
            Some((0, 3))
        );
        // Seat 0 joined: of the others, none has acted, so seat 1.
        let last = [Some(0), None, None, None];
        assert_eq!(next_bot(&[1, 2, 3], &bots, None, &last), Some((1, 3)));
        // Seats 0 and 1 have acted: seat 2 has waited since the start.
        let last = [Some(0), Some(1), None, None];
        assert_eq!(next_bot(&[0, 2, 3], &bots, None, &last), Some((2, 3)));
        // Everyone has acted: the oldest action goes first.
        let last = [Some(4), Some(1), Some(2), Some(3)];
        assert_eq!(next_bot(&[1, 2, 3], &bots, None, &last), Some((1, 3)));
    }

    #[test]
    fn people_and_claims_come_before_bots() {
        let bots = [None, Some(2), Some(1)];
        // Seat 0 is a person: never chosen, even having waited longest.
        assert_eq!(next_bot(&[0, 1, 2], &bots, None, &[None; 3]), Some((1, 2)));
        // A person's live claim: no bot acts.
        assert_eq!(next_bot(&[0, 1, 2], &bots, Some(0), &[None; 3]), None);
        // A bot's claim (a seat handed to a bot while it held one): only it.
        assert_eq!(
            next_bot(&[0, 1, 2], &bots, Some(2), &[None; 3]),
            Some((2, 1))
        );
    }

    #[test]
    fn a_bot_thinks_within_its_share_of_the_time_left() {
        // 5 s, 11 bots of one game, an idle pool: 5000 - 500 shared by 11.
        assert_eq!(think_ms(5_000, 11, 0, 2), 409);
        // The last bot of the step, 600 ms left: 600 - 200.
        assert_eq!(think_ms(600, 1, 0, 2), 400);
        // Three jobs queued on two threads count as two bots more.
        assert_eq!(think_ms(5_000, 1, 3, 2), 1_500);
        // Past the deadline: nothing to think with.
        assert!(think_ms(-10, 1, 0, 2) < 0);
        // The margin: 200 ms to 2 s.
        assert_eq!(margin_ms(1_000), 200);
        assert_eq!(margin_ms(60_000), 2_000);
        assert_eq!(margin_ms(5_000), 500);
    }

    #[test]
    fn short_time_means_level_one_and_no_deadline_means_the_whole_budget() {
        assert_eq!(think(3, None, 11, 9, 2), Think::level(3));
        assert_eq!(think(3, Some(200), 1, 0, 2), Think::at_once());
        assert_eq!(think(3, Some(5_000), 11, 400, 2), Think::at_once());
        // Level 1 thinks no longer than that anyway, and keeps its player.
        assert_eq!(think(1, Some(200), 1, 0, 2), Think::level(1));
        let before = Instant::now();
        let t = think(3, Some(5_000), 11, 0, 2);
        assert_eq!(t.level, 3);
        let until = t.until.unwrap();
        assert!(until >= before + Duration::from_millis(409));
        assert!(until <= Instant::now() + Duration::from_millis(409));
    }

    #[test]
    fn delays_give_way_to_deadlines() {
        let d = Duration::from_millis(400);
        assert_eq!(delay(d, true, None), Duration::ZERO);
        assert_eq!(delay(d, false, None), d);
        assert_eq!(delay(d, false, Some(1_000)), Duration::from_millis(100));
        assert_eq!(delay(d, false, Some(-5)), Duration::ZERO);
    }
}
