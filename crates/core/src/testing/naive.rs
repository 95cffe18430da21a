//! Pieces of the deliberately naive second implementations the games'
//! tests cross-check their engines against: written the slow, obvious way
//! and shared, so each naive game states only its rules.

/// The number of paths `depth` plies long from `node`, each ply going to
/// one of `children(node)` (the last ply's children are built, then
/// counted).
pub fn perft<N>(node: &N, depth: u32, children: &impl Fn(&N) -> Vec<N>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let kids = children(node);
    if depth == 1 {
        return kids.len() as u64;
    }
    kids.iter().map(|kid| perft(kid, depth - 1, children)).sum()
}

/// A board written the FEN way from its rows of cells, the top rank first
/// and `'.'` for an empty cell: ranks joined by `/`, each run of empty cells
/// as its count.
pub fn placement<'a>(rows: impl IntoIterator<Item = &'a [char]>) -> String {
    let mut ranks = Vec::new();
    for row in rows {
        let mut rank = String::new();
        let mut empty = 0;
        for &cell in row {
            if cell == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
                empty = 0;
            }
            rank.push(cell);
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    ranks.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_placements() {
        // A binary tree: 2^depth paths.
        assert_eq!(perft(&0u32, 5, &|n| vec![n + 1, n + 2]), 32);
        assert_eq!(perft(&0u32, 0, &|_| Vec::new()), 1);
        let rows = [['n', '.', '.'], ['.', '.', '.'], ['.', 'B', 'R']];
        assert_eq!(placement(rows.iter().map(|r| &r[..])), "n2/3/1BR");
    }
}
