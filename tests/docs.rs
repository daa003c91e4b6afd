//! The option reference is generated from the option table, so the docs
//! cannot drift from what the engine declares.

use intrigue::uci::options::{markdown, reference, Audience};

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn docs_options_is_what_intrigue_options_prints() {
    assert!(read("docs/options.md") == reference(), "docs/options.md is stale: run `target/release/intrigue options > docs/options.md`");
}

#[test]
fn the_readme_lists_the_players_options_as_the_table_declares_them() {
    let table = markdown(Audience::Player);
    assert!(read("README.md").contains(&table), "README.md's option table differs from the option table:\n{table}");
}

#[test]
fn the_readme_stays_a_short_guide() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 200, "README.md has {lines} lines");
    let readme = read("README.md");
    assert!(readme.starts_with("# Intrigue\n\n```sh\ncargo run --release"), "the README opens with the two commands");
    assert!(readme.contains("cargo test --release"));
}

/// A user has a clone, not the developers' `../shared` folder beside it:
/// every command the guide and the reference docs give must run from the
/// clone (files it ships, or a download the text names). The changelog's
/// history keeps its commands as they were run.
#[test]
fn the_users_docs_name_no_file_outside_the_clone() {
    for doc in ["README.md", "docs/design.md", "docs/results.md", "docs/tools.md", "docs/options.md", "docs/lab.md", "book/README.md"] {
        let text = read(doc);
        let outside: Vec<&str> = text.lines().filter(|l| l.contains("../shared")).collect();
        assert!(outside.is_empty(), "{doc} points outside the clone:\n{}", outside.join("\n"));
    }
}
