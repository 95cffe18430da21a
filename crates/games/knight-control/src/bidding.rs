//! The sealed letter bids that hand out zones
//! (docs/rules/knight-control.md#bidding).

use arbiter_core::GameRng;

/// How many letters a bid names: five, or every claimable letter when a
/// layout has fewer.
pub fn bid_length(claimable: &[char]) -> usize {
    claimable.len().min(5)
}

/// Checks a bid: distinct claimable letters, exactly `bid_length` of them.
pub fn check_bid(letters: &[char], claimable: &[char]) -> Result<(), String> {
    let want = bid_length(claimable);
    if letters.len() != want {
        return Err(format!(
            "a bid names exactly {want} letters, this one names {}",
            letters.len()
        ));
    }
    for (i, l) in letters.iter().enumerate() {
        if !claimable.contains(l) {
            let all: String = claimable.iter().collect();
            return Err(format!("'{l}' cannot be bid for: the letters are {all}"));
        }
        if letters[..i].contains(l) {
            return Err(format!("'{l}' appears twice: the letters must be distinct"));
        }
    }
    Ok(())
}

/// Hands out zones. `bids[s]` is seat s's checked bid, if any. Returns
/// each seat's letter and whether it came from its bid.
///
/// Position by position, each seat still without a zone asks for its k-th
/// letter; a free letter asked for by exactly one seat goes to it, a letter
/// asked for by several stays free. Afterwards the seats still without a
/// zone, in seat order, each draw one of the free letters (in layout order)
/// uniformly with `rng.below`.
pub fn assign(
    bids: &[Option<Vec<char>>],
    claimable: &[char],
    rng: &mut GameRng,
) -> Vec<(char, bool)> {
    let mut result: Vec<Option<(char, bool)>> = vec![None; bids.len()];
    let mut taken: Vec<char> = Vec::new();
    for k in 0..bid_length(claimable) {
        let asks: Vec<(usize, char)> = bids
            .iter()
            .enumerate()
            .filter(|(s, _)| result[*s].is_none())
            .filter_map(|(s, b)| b.as_ref().map(|b| (s, b[k])))
            .collect();
        for &(s, letter) in &asks {
            let askers = asks.iter().filter(|(_, l)| *l == letter).count();
            if askers == 1 && !taken.contains(&letter) {
                result[s] = Some((letter, true));
                taken.push(letter);
            }
        }
    }
    for slot in result.iter_mut() {
        if slot.is_none() {
            let free: Vec<char> = claimable
                .iter()
                .copied()
                .filter(|l| !taken.contains(l))
                .collect();
            let letter = free[rng.below(free.len())];
            taken.push(letter);
            *slot = Some((letter, false));
        }
    }
    result
        .into_iter()
        .map(|r| r.expect("every seat has a zone"))
        .collect()
}
