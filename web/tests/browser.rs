//! The page in headless Chromium (web/page/tests/browser.mjs): a whole game against the
//! engine in each variant through clicks and drags, analysis lines, bad FEN and PGN.
//! Skipped, and listed by `make test`, where Chromium, Node.js or the page's npm
//! packages are missing (`make test-clients` installs them).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use ekumen_tests::skip::skipped;

fn works(program: &str, arg: &str) -> bool {
    Command::new(program).arg(arg).output().is_ok_and(|o| o.status.success())
}

#[test]
fn the_page_plays_every_variant_in_chromium() {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let page = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("page");
    if !Path::new(&chromium).is_file() {
        skipped("no Chromium (make test-clients installs chromium and chromium-driver)");
        return;
    }
    if !works("node", "--version") {
        skipped("no Node.js (make test-clients needs it to install the page's packages)");
        return;
    }
    if !page.join("node_modules/playwright-core").is_dir() {
        skipped("the page's npm packages are missing (make test-clients runs npm ci in web/page)");
        return;
    }
    let built = Command::new("node").arg("build.mjs").current_dir(&page).status().unwrap();
    assert!(built.success(), "building the page failed");

    let addr = common::start(common::engine_binary(), 2);
    let shots = std::env::var_os("EKUMEN_WEB_SHOTS").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/web-screenshots")
    });
    let output = Command::new("node")
        .arg("tests/browser.mjs")
        .arg(format!("http://127.0.0.1:{}/", addr.port()))
        .arg(&shots)
        .env("CHROMIUM", &chromium)
        // The test kills the engines that this process's server started.
        .env("ENGINE_PARENT", std::process::id().to_string())
        .current_dir(&page)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(output.status.success(), "the browser test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("browser test passed"), "{stdout}");
}
