//! Every game an attack may face, played out on a small graph: the
//! defender tries every move the ban leaves it, the attacker follows the
//! attack, and every game must end with the defender mated. This shares
//! nothing with the formula or the check, so it catches what both could
//! get wrong together.
use crate::attack::Attack;
use crate::graph::Graph;

/// Plays every game from `root` (the attacker to move, the positions in
/// `seen` on the board): an error names a game the attack does not win.
pub fn play_out(g: &Graph, root: usize, seen: &[usize], attack: &Attack) -> Result<(), String> {
    let mut board = vec![false; g.size()];
    for &s in seen {
        board[s] = true;
    }
    let mut line = vec![root];
    attacker_moves(g, attack, &mut board, &mut line)
}

fn attacker_moves(
    g: &Graph,
    attack: &Attack,
    board: &mut [bool],
    line: &mut Vec<usize>,
) -> Result<(), String> {
    let a = *line.last().expect("a line");
    let was_on_board = board[a];
    board[a] = true;
    let result = (|| {
        let Some(&d) = attack.reserve.get(&a).or(attack.way.get(&a)) else {
            return Err(format!("the attack has no move at {a}, by {line:?}"));
        };
        if board[d] {
            return Err(format!(
                "the attack's move to {d} is made already, by {line:?}"
            ));
        }
        board[d] = true;
        line.push(d);
        let replies: Vec<usize> = (g.children[d].iter())
            .map(|&c| c as usize)
            .filter(|&c| !board[c])
            .collect();
        let mut result = match (replies.is_empty(), g.in_check[d]) {
            (true, true) => Ok(()),
            (true, false) => Err(format!("the defender is stalemated by {line:?}")),
            (false, _) => Ok(()),
        };
        for c in replies {
            if result.is_err() {
                break;
            }
            line.push(c);
            result = attacker_moves(g, attack, board, line);
            line.pop();
        }
        line.pop();
        board[d] = false;
        result
    })();
    board[a] = was_on_board;
    result
}
