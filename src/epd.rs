//! EPD records: a position's four FEN fields followed by operations `opcode operand ...;`,
//! whose operands may be quoted strings. The test suites (`bm` best move, `am` avoid move,
//! `id`) are read with it by `machack epd`.

use thiserror::Error;

/// One EPD record: the position and its operations, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpdRecord {
    /// The position's four fields as they appear.
    pub fen: String,
    /// Operations: opcode and operands (quotes removed).
    pub ops: Vec<(String, Vec<String>)>,
}

/// Why an EPD line could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum EpdError {
    #[error("fewer than four position fields")]
    TooFewFields,
    #[error("unterminated string")]
    UnterminatedString,
}

impl EpdRecord {
    /// The operands of the first operation `opcode`, if present.
    pub fn op(&self, opcode: &str) -> Option<&[String]> {
        self.ops
            .iter()
            .find(|(o, _)| o == opcode)
            .map(|(_, v)| v.as_slice())
    }
}

/// Reads one EPD line; `None` for a blank line or a comment (`#`).
pub fn parse_epd_line(line: &str) -> Result<Option<EpdRecord>, EpdError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut rest = line;
    let mut fields = Vec::with_capacity(4);
    for _ in 0..4 {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            return Err(EpdError::TooFewFields);
        }
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    Ok(Some(EpdRecord {
        fen: fields.join(" "),
        ops: operations(rest)?,
    }))
}

/// The operations after the position: words and quoted strings, each operation ended by
/// `;` (the last one may lack it).
fn operations(text: &str) -> Result<Vec<(String, Vec<String>)>, EpdError> {
    let mut ops = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = text.chars();
    let mut word = String::new();
    let end_op = |tokens: &mut Vec<String>, ops: &mut Vec<(String, Vec<String>)>| {
        if !tokens.is_empty() {
            let opcode = tokens.remove(0);
            ops.push((opcode, std::mem::take(tokens)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => s.push(c),
                        None => return Err(EpdError::UnterminatedString),
                    }
                }
                tokens.push(s);
            }
            ';' => {
                if !word.is_empty() {
                    tokens.push(std::mem::take(&mut word));
                }
                end_op(&mut tokens, &mut ops);
            }
            c if c.is_whitespace() => {
                if !word.is_empty() {
                    tokens.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        tokens.push(word);
    }
    end_op(&mut tokens, &mut ops);
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_operations_with_quoted_operands() {
        let r = parse_epd_line(
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6 Qh4; id \"WAC 001\";",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            r.fen,
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
        );
        assert_eq!(r.op("bm").unwrap(), ["Qg6", "Qh4"]);
        assert_eq!(r.op("id").unwrap(), ["WAC 001"]);
        assert!(r.op("am").is_none());
        let last = parse_epd_line("8/8/8/8/8/8/8/8 w - - id x")
            .unwrap()
            .unwrap();
        assert_eq!(
            last.op("id").unwrap(),
            ["x"],
            "the last operation may lack its ';'"
        );
    }

    #[test]
    fn blank_comment_and_bad_lines() {
        assert_eq!(parse_epd_line("   "), Ok(None));
        assert_eq!(parse_epd_line("# comment"), Ok(None));
        assert_eq!(parse_epd_line("8/8/8 w"), Err(EpdError::TooFewFields));
        assert_eq!(
            parse_epd_line("8/8/8/8/8/8/8/8 w - - id \"open"),
            Err(EpdError::UnterminatedString)
        );
    }
}
