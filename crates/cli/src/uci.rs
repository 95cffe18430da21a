//! `arbiter uci GAME`: Arbiter as a UCI engine on standard input and
//! output (the protocol is in `arbiter_search::uci`).

use arbiter_search::games::knight_court::KnightCourtDuel;
use arbiter_search::games::knight_moves::KnightMovesDuel;
use arbiter_search::games::progressive_chess::ProgressiveChessDuel;
use arbiter_search::uci::serve;

pub fn run(game: &str) -> Result<(), String> {
    let input = std::io::stdin().lock();
    let output = std::io::stdout();
    match game {
        arbiter_knight_court::ID => serve::<KnightCourtDuel, _, _>(game, input, output),
        arbiter_knight_moves::ID => serve::<KnightMovesDuel, _, _>(game, input, output),
        arbiter_progressive_chess::ID => serve::<ProgressiveChessDuel, _, _>(game, input, output),
        other => {
            return Err(format!(
                "uci plays knight-court, knight-moves or progressive-chess, not '{other}'"
            ))
        }
    }
    Ok(())
}
