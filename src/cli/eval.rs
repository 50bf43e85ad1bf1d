//! `machack eval [--json]`: the 1967 static board evaluation of the position after
//! `--moves`, with the `--fen` position as the root for the piece-ratio term; plus what the
//! attack analysis and the pawn-structure verdicts found, and the feedover condition.

use clap::Args;
use serde::Serialize;
use shakmaty::{Bitboard, ByColor, Chess, Color, Position, Role, Square};

use super::{CliError, PositionArgs};
use crate::aids::{Evaluation, PawnVerdict};

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// Print JSON: {"B","R","P","K","C","S", ...}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    position: PositionArgs,
}

/// Everything `eval` reports (the JSON form).
#[derive(Debug, Serialize)]
struct Report {
    #[serde(rename = "B")]
    b: i32,
    #[serde(rename = "R")]
    r: i32,
    #[serde(rename = "P")]
    p: i32,
    #[serde(rename = "K")]
    k: i32,
    #[serde(rename = "C")]
    c: i32,
    #[serde(rename = "S")]
    s: i32,
    /// "white" or "black".
    turn: &'static str,
    pawns: Vec<PawnReport>,
    en_prise: Sides,
    pinned: Sides,
    trapped: Sides,
    /// The feedover case's name, or null.
    feedover: Option<&'static str>,
    /// The feedover case's number in the paper (1, 2, 3), or null.
    feedover_case: Option<u8>,
    /// The feedover case in words, or null.
    feedover_reason: Option<&'static str>,
}

#[derive(Debug, Serialize)]
struct PawnReport {
    square: String,
    color: &'static str,
    isolated: bool,
    backward: bool,
    passed: bool,
    doubled: bool,
    tripled: bool,
    blockaded: bool,
}

/// Squares (with piece letters, e.g. "Nf3") per side.
#[derive(Debug, Serialize)]
struct Sides {
    white: Vec<String>,
    black: Vec<String>,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn pieces(pos: &Chess, set: &ByColor<Bitboard>) -> Sides {
    let names = |squares: Bitboard| {
        squares
            .into_iter()
            .map(|sq: Square| {
                let role = pos.board().role_at(sq).unwrap_or(Role::Pawn);
                let letter = role.upper_char();
                if role == Role::Pawn {
                    format!("P{sq}")
                } else {
                    format!("{letter}{sq}")
                }
            })
            .collect()
    };
    Sides {
        white: names(set.white),
        black: names(set.black),
    }
}

fn report(root: &Chess, pos: &Chess) -> Report {
    let e = Evaluation::of(pos, root);
    let pawns = e
        .pawns
        .iter()
        .map(|v: &PawnVerdict| PawnReport {
            square: v.square.to_string(),
            color: color_name(v.color),
            isolated: v.isolated,
            backward: v.backward,
            passed: v.passed,
            doubled: v.doubled,
            tripled: v.tripled,
            blockaded: v.blockaded,
        })
        .collect();
    let fo = e.feedover;
    Report {
        b: e.terms.b,
        r: e.terms.r,
        p: e.terms.p,
        k: e.terms.k,
        c: e.terms.c,
        s: e.terms.s,
        turn: color_name(pos.turn()),
        pawns,
        en_prise: pieces(pos, &e.en_prise),
        pinned: pieces(pos, &e.pinned),
        trapped: pieces(pos, &e.trapped),
        feedover: fo.map(|f| f.name()),
        feedover_case: fo.map(|f| f.case()),
        feedover_reason: fo.map(|f| f.describe()),
    }
}

pub fn run(args: &EvalArgs) -> Result<(), CliError> {
    let game = args.position.game()?;
    let r = report(game.start(), game.position());
    if args.json {
        let text = serde_json::to_string(&r).map_err(|e| CliError::Input(e.to_string()))?;
        println!("{text}");
        return Ok(());
    }
    let list = |v: &[String]| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(" ")
        }
    };
    println!("to move     {}", r.turn);
    println!("pawns (isolated / backward / passed / doubled / tripled / blockaded):");
    for p in &r.pawns {
        let mut verdicts = Vec::new();
        for (on, name) in [
            (p.isolated, "isolated"),
            (p.backward, "backward"),
            (p.passed, "passed"),
            (p.doubled, "doubled"),
            (p.tripled, "tripled"),
            (p.blockaded, "blockaded"),
        ] {
            if on {
                verdicts.push(name);
            }
        }
        let verdicts = if verdicts.is_empty() {
            "-".to_string()
        } else {
            verdicts.join(", ")
        };
        println!("  {} {:<5} {verdicts}", p.square, p.color);
    }
    // The paper's "trapped" is "no safe move": it holds for every piece still shut in on
    // its home square, so the plain word would mislead here (the JSON keeps the name).
    for (name, sides) in [
        ("en prise", &r.en_prise),
        ("pinned", &r.pinned),
        ("no safe move", &r.trapped),
    ] {
        println!(
            "{name:<12}    white: {}   black: {}",
            list(&sides.white),
            list(&sides.black)
        );
    }
    match (r.feedover_case, r.feedover_reason) {
        (Some(case), Some(why)) => println!("feedover    yes, case {case}: {why}"),
        _ => println!("feedover    no"),
    }
    println!("B {}  material", r.b);
    println!("R {}  piece-ratio change", r.r);
    println!("P {}  pawn structure", r.p);
    println!("K {}  king safety", r.k);
    println!("C {}  centre control", r.c);
    println!("S {}", r.s);
    Ok(())
}
