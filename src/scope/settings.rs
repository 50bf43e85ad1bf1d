//! The page's settings: profile, colour, book, level, and for the modern profile a
//! strength (`UCI_LimitStrength`, `UCI_Elo`) and the number of lines it reports
//! (`MultiPV`). A message is checked whole before any of it is applied, so a bad value
//! changes nothing and gets an error the page shows.

use std::time::Instant;

use super::level::Level;
use super::messages::Settings;
use super::session::Session;
use crate::engine::{MAX_ELO, MIN_ELO, short};
use crate::search::{self, DEFAULT_PROFILE};

/// The most lines the page asks for (the engine allows more; five fit the panel).
pub const MAX_LINES: u32 = 5;

/// A settings message, checked: the level read, every value within its range.
struct Checked {
    level: Option<Level>,
    profile: Option<&'static str>,
}

/// Checks every field of `change`; the first wrong one is the error.
fn check(change: &Settings, profile_now: &str) -> Result<Checked, String> {
    let level = change.level.as_deref().map(Level::parse).transpose()?;
    let profile = match change.profile.as_deref() {
        None => None,
        Some(name) => Some(search::profile(name).map(|p| p.name).ok_or_else(|| {
            format!(
                "unknown profile '{}': choose {}",
                short(name),
                search::profile_names()
            )
        })?),
    };
    if let Some(elo) = change.elo
        && !(MIN_ELO..=MAX_ELO).contains(&elo)
    {
        return Err(format!("strength {elo} is outside {MIN_ELO}-{MAX_ELO}"));
    }
    if let Some(k) = change.multipv
        && !(1..=MAX_LINES).contains(&k)
    {
        return Err(format!("lines {k}: the page shows 1 to {MAX_LINES}"));
    }
    let profile_then = profile.unwrap_or(profile_now);
    if change.limit_strength == Some(true) && profile_then != DEFAULT_PROFILE {
        return Err(format!(
            "a strength level plays the {DEFAULT_PROFILE} profile, not {profile_then}: \
             choose {DEFAULT_PROFILE} first"
        ));
    }
    Ok(Checked { level, profile })
}

impl Session {
    /// Applies a settings message of the page, all of it or (when it is wrong) none.
    pub(super) fn settings(&mut self, change: Settings) -> Result<(), String> {
        let checked = check(&change, &self.engine.options().profile)?;
        if let (Some(level), Some(text)) = (checked.level, &change.level) {
            self.level = level;
            self.level_text = text.trim().to_string();
            self.clock = self.level.clock();
            self.turn_started = Instant::now();
        }
        let book = change.book.map(|b| if b { "true" } else { "false" });
        let limit = change
            .limit_strength
            .map(|b| if b { "true" } else { "false" });
        let elo = change.elo.map(|e| e.to_string());
        let multipv = change.multipv.map(|k| k.to_string());
        for (name, value) in [
            ("Profile", checked.profile),
            ("OwnBook", book),
            ("UCI_LimitStrength", limit),
            ("UCI_Elo", elo.as_deref()),
            ("MultiPV", multipv.as_deref()),
        ] {
            if let Some(value) = value {
                self.engine
                    .set_option(name, Some(value))
                    .map_err(|e| e.to_string())?;
            }
        }
        if let Some(h) = change.human {
            self.human = h.into();
        }
        if let Some(w) = change.watch {
            self.watch = w;
        }
        self.send_state();
        self.maybe_play()
    }

    /// The strength machack plays at, when limited (only the modern profile is).
    pub(super) fn strength(&self) -> Option<u32> {
        let o = self.engine.options();
        (o.limit_strength && o.profile == DEFAULT_PROFILE).then_some(o.elo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(json: &str) -> Settings {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn values_are_checked_before_any_is_applied() {
        let ok = check(
            &change(r#"{"profile":"modern","limit_strength":true,"elo":1800}"#),
            "1967",
        );
        assert!(ok.is_ok());
        for (json, said) in [
            (r#"{"elo":999}"#, "strength 999 is outside 1000-2500"),
            (r#"{"elo":2501}"#, "outside 1000-2500"),
            (r#"{"multipv":0}"#, "1 to 5"),
            (r#"{"multipv":6}"#, "1 to 5"),
            (r#"{"profile":"1968"}"#, "unknown profile '1968'"),
            (r#"{"limit_strength":true}"#, "plays the modern profile"),
            (r#"{"level":"blitz","elo":1500}"#, "level 'blitz'"),
        ] {
            let err = check(&change(json), "1967-tournament").err().unwrap();
            assert!(err.contains(said), "{json}: {err}");
        }
    }
}
