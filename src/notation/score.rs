//! Game scores: splitting the text of a game into its moves.
//!
//! A score may hold move numbers (`12.`, `12...`, `1.e4`), results (`1-0`, `0-1`,
//! `1/2-1/2`, `*`), `{comments}`, `;` comments to the end of the line, `(variations)`,
//! PGN tag lines (`[Event "..."]`) and `$n` glyphs; all are skipped. A word that is only an
//! annotation (`ch`, `mate`, `e.p.`, `+`) or only a promotion piece (`=Q`, `(Q)`) belongs
//! to the move before it, as on a scoresheet that writes `P-K4 ch` or `PxP e.p.`.
//!
//! This only splits text; reading each move in its position is `notation::read_move`.

use super::descriptive::is_annotation;

/// The moves of a game score, in order, each with its annotations attached.
pub fn moves(text: &str) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for word in words(text) {
        let word = strip_move_number(&word);
        if word.is_empty() || is_result(word) || word.starts_with('$') {
            continue;
        }
        if let Some(last) = moves.last_mut() {
            if let Some(promotion) = promotion_word(word) {
                last.push_str(&promotion);
                continue;
            }
            if is_annotation(word) {
                last.push(' ');
                last.push_str(word);
                continue;
            }
        }
        moves.push(word.to_string());
    }
    moves
}

/// The words of a score with comments, variations and tag lines taken out. A `(` that
/// opens a word starts a variation unless it holds only a promotion piece (`(Q)`).
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut chars = text.chars().peekable();
    let flush = |word: &mut String, words: &mut Vec<String>| {
        if !word.is_empty() {
            words.push(std::mem::take(word));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut words);
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut word, &mut words);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '[' if word.is_empty() => {
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                }
            }
            '(' if word.is_empty() => {
                let mut inside = String::new();
                let mut depth = 1;
                for c in chars.by_ref() {
                    match c {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    inside.push(c);
                }
                if promotion_word(&format!("({inside})")).is_some() {
                    words.push(format!("({inside})"));
                }
            }
            c if c.is_whitespace() => flush(&mut word, &mut words),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut words);
    words
}

/// `=Q`, `(Q)` or `(Kt)` standing alone: the promotion piece of the move before.
fn promotion_word(word: &str) -> Option<String> {
    let piece = word
        .strip_prefix('=')
        .or_else(|| word.strip_prefix('(').and_then(|w| w.strip_suffix(')')))?;
    matches!(
        piece.to_ascii_uppercase().as_str(),
        "Q" | "R" | "B" | "N" | "KT"
    )
    .then(|| format!("={piece}"))
}

/// `12.P-K4` → `P-K4`, `12...` → ``, `1.e4` → `e4`; other words unchanged.
fn strip_move_number(word: &str) -> &str {
    let digits = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    if digits == 0 {
        return word;
    }
    let rest = &word[digits..];
    if rest.is_empty() {
        return ""; // a bare number
    }
    let dots = rest
        .find(|c: char| c != '.' && c != '…')
        .unwrap_or(rest.len());
    if dots == 0 { word } else { &rest[dots..] }
}

/// A result, or dots standing alone (`12 ...`).
fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
        || word.chars().all(|c| c == '.' || c == '…')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_results_and_comments_are_skipped() {
        let text = "[Event \"x\"]\n1. P-K4 P-K4 {the usual} 2.N-KB3 ; a comment\n\
                    2... N-QB3 (2... P-Q3 3. P-Q4) 3. B-N5 $1 1/2-1/2";
        assert_eq!(moves(text), ["P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5"]);
    }

    #[test]
    fn annotations_belong_to_the_move_before() {
        assert_eq!(
            moves("1.e4 d5 2. PxP e.p. 3. B-N5 ch 4. Q-R5 mate P-K8 (Q) P-R8 =N"),
            [
                "e4",
                "d5",
                "PxP e.p.",
                "B-N5 ch",
                "Q-R5 mate",
                "P-K8=Q",
                "P-R8=N"
            ]
        );
    }

    #[test]
    fn loose_numbers_and_dots_are_skipped() {
        assert_eq!(
            moves("1 . e4 1 ... e5 2 Nf3 … Nc6"),
            ["e4", "e5", "Nf3", "Nc6"]
        );
    }

    #[test]
    fn castling_with_zeros_is_not_a_move_number() {
        assert_eq!(moves("10. 0-0 0-0-0 0-1"), ["0-0", "0-0-0"]);
    }
}
