//! The scope's searches in a real browser (issue 63): Analyse in a book position shows the
//! search and the book's move; with `watch` ticked the Thinking panel shows the 1967
//! search one top-level move at a time, then the answer and its tree. Skipped, with a
//! message, where Chromium or chromedriver is missing.

#[path = "scope_common/browser.rs"]
mod browser;

use browser::{ANSWERED, click, opened, text, until};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyse_names_the_book_move_and_watch_shows_the_1967_search_at_work() {
    let Some((_scope, _driver, c, _)) = opened().await else {
        return;
    };
    // The start position, the book on: the analysis searches and names the book's move.
    click(&c, "#analyse").await;
    until(
        &c,
        "the analysis",
        "return !!document.querySelector('#thinking .answer') \
         && !!document.querySelector('#tree .outline')",
    )
    .await;
    let answer = text(&c, "thinking").await;
    assert!(
        answer.contains("best: ") && answer.contains("· book: "),
        "{answer}"
    );
    assert!(!answer.contains("from the book"), "{answer}");

    // Watch: each top-level move in turn, then the answer.
    click(&c, "#profile option[value='1967']").await;
    click(&c, "#watch").await;
    until(
        &c,
        "the watch setting",
        "return document.getElementById('watch').checked",
    )
    .await;
    click(&c, "#analyse").await;
    let step = |k: u32| {
        format!(
            "return document.getElementById('thinking').textContent\
             .includes('Watching the 1967 search: top-level move {k} of')"
        )
    };
    until(&c, "the first step", &step(1)).await;
    until(&c, "the second step", &step(2)).await;
    let shown = text(&c, "thinking").await;
    assert!(shown.contains("value when best"), "{shown}");
    until(&c, "the answer after the show", ANSWERED).await;
    // The box ticks back after a reload: the setting is the server's and the page keeps it.
    c.refresh().await.unwrap();
    until(
        &c,
        "the watch setting kept",
        "return document.getElementById('watch').checked",
    )
    .await;
    c.close().await.unwrap();
}
