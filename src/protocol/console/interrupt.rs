//! Ctrl-C at the console's terminal: during a think it makes machack move now, as Enter
//! does; a second Ctrl-C, or one while machack is not thinking, leaves machack.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::protocol::{Event, Input};

/// Whether machack is thinking and no Ctrl-C has stopped the thought yet.
static THINKING: AtomicBool = AtomicBool::new(false);

/// Says whether machack is thinking now.
pub fn thinking(on: bool) {
    THINKING.store(on, Ordering::SeqCst);
}

/// Installs the Ctrl-C handler: an empty line sent to the console's input stops a think
/// (the console waits for the search's answer on that input).
pub fn install(input: &Input) {
    let events = input.sender();
    let installed = ctrlc::set_handler(move || {
        if THINKING.swap(false, Ordering::SeqCst) {
            let _ = events.send(Event::Line(String::new()));
        } else {
            println!();
            std::process::exit(130);
        }
    });
    // A second console in the same process keeps the first handler; without one, Ctrl-C
    // simply ends machack as it does any program.
    drop(installed);
}
