//! `arbiter uci GAME`: Arbiter as a UCI engine on standard input and
//! output, for every duel of the registry (`arbiter_registry::uci`).

pub fn run(game: &str) -> Result<(), String> {
    let kind = arbiter_registry::kind(game)?;
    let uci = kind
        .uci
        .ok_or_else(|| format!("uci plays {}, not '{game}'", crate::match_uci::duel_ids()))?;
    let input = Box::new(std::io::stdin().lock());
    uci.serve(kind.id, input, Box::new(std::io::stdout()));
    Ok(())
}
