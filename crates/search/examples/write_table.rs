//! Builds the shipped table before the CLI can: `cargo run --release -p arbiter-search --example write_table`.
fn main() {
    let table = arbiter_search::knight_court::solve(&arbiter_search::retrograde::Quiet);
    std::fs::write(
        "crates/search/data/knight-court.table",
        arbiter_search::knight_court::write(&table),
    )
    .unwrap();
}
