//! The last line of `cargo test` in the workspace: which checks ran without
//! their data or client, and how to get them. Cargo runs the packages in
//! name order and each package's test binaries in name order, and neither
//! library has doc tests, so this one runs last; it has no test harness and
//! prints its line and nothing else.

#[path = "../../tests/common/test_data.rs"]
mod test_data;

fn main() {
    let mut skipped: Vec<String> = test_data::missing_suites().iter().map(|s| format!("{} ({}: {})", s.checks, s.path, s.source)).collect();
    if !test_data::python_chess() {
        skipped.push("the python-chess client checks (`pip install chess`)".to_string());
    }
    if skipped.is_empty() {
        println!("\nAll test data present: nothing skipped.");
    } else {
        println!(
            "\nSkipped, their data not in {} (INTRIGUE_TEST_DATA names another folder): {}.",
            test_data::data_dir().display(),
            skipped.join("; ")
        );
    }
}
