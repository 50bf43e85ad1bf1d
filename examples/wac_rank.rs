//! Quality benchmark of the plausible move generator (issue 5): on an EPD suite, the rank
//! of the solution move in the plausibility order, against a plain MVV-LVA + checks order.
//!
//! `cargo run --release --example wac_rank [FILE] [--misses]` (default `tests/data/wac.epd`).
//! Prints the share of positions whose solution is ranked first, in the top 6 (the normal
//! width) and in the top 15 (tournament width), for both orderings, and for the even and
//! odd halves of the suite. Which files and halves the weights are fitted on and which
//! check them is written in `scripts/fit_factors.py`, which reads this program's `--dump`
//! (with STS's `c8` points when the suite has them).
//!
//! Helpers: `--misses` lists the solutions ranked below 6 (and the captures/checks/quiet
//! split), `--near` also those ranked 2–3, `--ranks` every position (to diff two builds);
//! `--trace=WAC.024` prints the factors of the solution and of the three most plausible
//! moves; `--blame` sums each factor over the
//! solutions and over the moves ranked above them; `--set=knob=value` (repeatable) tries a
//! weight without rebuilding; `--tune` does coordinate descent on the even half; `--dump`
//! prints every move's factors, for fitting weights outside.

use std::time::Instant;

use machack::annotate::suite::{self, Case, Ordering};
use machack::attack::Analysis;
use machack::plausible::{self, Context, PlausibleList, Weights};
use shakmaty::Move;
use shakmaty::fen::Fen;
use shakmaty::san::San;

/// The suite's positions (`bm`, and STS's `c8`/`c9` points), or exit 2 with the reason.
fn read(path: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("wac_rank: cannot read {path}: {e}");
        std::process::exit(2);
    });
    suite::read(&text).unwrap_or_else(|e| {
        eprintln!("wac_rank: {path}: {e}");
        std::process::exit(2);
    })
}

/// The rank (from 1) of the solution in `order`; `usize::MAX` when it is missing.
fn rank_of(order: &[Move], best: &[Move]) -> usize {
    suite::rank_of(order, best).unwrap_or(usize::MAX)
}

fn report(name: &str, ranks: &[usize]) {
    let n = ranks.len() as f64;
    let share = |k: usize| 100.0 * ranks.iter().filter(|&&r| r <= k).count() as f64 / n;
    println!(
        "{name:<22} first {:5.1}%   top 6 {:5.1}%   top 15 {:5.1}%   ({} positions)",
        share(1),
        share(6),
        share(15),
        ranks.len()
    );
}

/// CPU time of this process so far, in seconds (Linux `/proc/self/stat`; 0 elsewhere), so
/// the speed figure does not depend on what else the machine is running.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|u| u.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

/// `--speed [--rounds=N]`: generations per CPU second over the suite's positions (search
/// level 3, no tracing), N rounds of the suite (default 100).
fn speed(cases: &[Case], rounds: usize) {
    let analyses: Vec<Analysis> = cases.iter().map(|c| Analysis::new(&c.pos)).collect();
    let ctx = Context {
        level: 3,
        ..Context::default()
    };
    let mut list = PlausibleList::new();
    let (cpu0, wall0) = (cpu_seconds(), Instant::now());
    let mut n = 0u64;
    for _ in 0..rounds {
        for (case, analysis) in cases.iter().zip(&analyses) {
            plausible::generate(&case.pos, analysis, &ctx, &mut list);
            n += 1;
        }
    }
    let cpu = cpu_seconds() - cpu0;
    println!(
        "{n} generations: {:.0} per CPU second ({:.2} us each), {:.0} per wall second",
        n as f64 / cpu,
        1e6 * cpu / n as f64,
        n as f64 / wall0.elapsed().as_secs_f64()
    );
}

/// The context of the root's moves (search level 1) under `weights`.
fn root_context(weights: &'static Weights) -> Context {
    Context {
        level: 1,
        weights: Some(weights),
        ..Context::default()
    }
}

/// Ranks of the solutions under `weights` over `cases`.
fn ranks(cases: &[&Case], weights: &'static Weights) -> Vec<usize> {
    let mut list = PlausibleList::new();
    cases
        .iter()
        .map(|case| {
            let analysis = Analysis::new(&case.pos);
            let ctx = root_context(weights);
            plausible::generate(&case.pos, &analysis, &ctx, &mut list);
            let order: Vec<Move> = list.iter().map(|pm| pm.mv).collect();
            rank_of(&order, &case.best)
        })
        .collect()
}

fn objective(r: &[usize]) -> f64 {
    let share = |k: usize| r.iter().filter(|&&x| x <= k).count() as f64 / r.len() as f64;
    share(1) + share(6) + share(15)
}

type Knob = (&'static str, fn(&mut Weights) -> &mut i32);

/// The weights `--tune` and `--set` may change.
fn knobs() -> Vec<Knob> {
    vec![
        ("losing_capture_pct", |w| &mut w.losing_capture_pct),
        ("checking_loss_pct", |w| &mut w.checking_loss_pct),
        ("capture_victim_div", |w| &mut w.capture_victim_div),
        ("move_into_attack_pct", |w| &mut w.move_into_attack_pct),
        ("rescue_pct", |w| &mut w.rescue_pct),
        ("defend_pct", |w| &mut w.defend_pct),
        ("interpose_pct", |w| &mut w.interpose_pct),
        ("unmask_enemy_pct", |w| &mut w.unmask_enemy_pct),
        ("remove_threat_pct", |w| &mut w.remove_threat_pct),
        ("attack_undefended_div", |w| &mut w.attack_undefended_div),
        ("attack_bigger_div", |w| &mut w.attack_bigger_div),
        ("attack_bigger_cap", |w| &mut w.attack_bigger_cap),
        ("safe_check", |w| &mut w.safe_check),
        ("unsafe_check", |w| &mut w.unsafe_check),
        ("discovered_check", |w| &mut w.discovered_check),
        ("threatens_mate", |w| &mut w.threatens_mate),
        ("threatens_mate_capture", |w| &mut w.threatens_mate_capture),
        ("threat_pct", |w| &mut w.threat_pct),
        ("forcing_check_1", |w| &mut w.forcing_check[0]),
        ("forcing_check_2", |w| &mut w.forcing_check[1]),
        ("forcing_check_3", |w| &mut w.forcing_check[2]),
        ("check_then_mate", |w| &mut w.check_then_mate),
        ("hollow_sacrifice_1", |w| &mut w.hollow_sacrifice[0]),
        ("hollow_sacrifice_2", |w| &mut w.hollow_sacrifice[1]),
        ("hollow_sacrifice_3", |w| &mut w.hollow_sacrifice[2]),
        ("hollow_sacrifice_4", |w| &mut w.hollow_sacrifice[3]),
        ("first_minor_move", |w| &mut w.first_minor_move),
        ("castle", |w| &mut w.castle),
        ("passed_pawn_push_x", |w| &mut w.passed_push_by_rank[5]),
        ("pin_sound_pawn", |w| &mut w.pin_sound_pawn),
        ("offer_trade", |w| &mut w.offer_trade),
        ("trade_when_ahead_div", |w| &mut w.trade_when_ahead_div),
        ("promotion", |w| &mut w.promotion),
        ("dev_scale", |w| &mut w.dev_scale),
        ("pile_on", |w| &mut w.pile_on),
        ("attack_weak_pawn", |w| &mut w.attack_weak_pawn),
        ("attack_pinned_piece", |w| &mut w.attack_pinned_piece),
        ("attack_sole_defender", |w| &mut w.attack_sole_defender),
        ("block_sole_defence", |w| &mut w.block_sole_defence),
        ("unparried_pct", |w| &mut w.unparried_pct),
        ("parries_mate", |w| &mut w.parries_mate),
        ("poisoned_pct", |w| &mut w.poisoned_pct),
        ("regain_pct", |w| &mut w.regain_pct),
        ("king_field_sacrifice", |w| &mut w.king_field_sacrifice),
        ("unstoppable_mate", |w| &mut w.unstoppable_mate),
        ("unparried_min", |w| &mut w.unparried_min),
        ("prepare_discovery", |w| &mut w.prepare_discovery),
        ("discovered_attack_div", |w| &mut w.discovered_attack_div),
        ("king_line", |w| &mut w.king_line),
        ("open_line_to_king", |w| &mut w.open_line_to_king),
        ("king_diagonal", |w| &mut w.king_diagonal),
        ("abandon_defence_div", |w| &mut w.abandon_defence_div),
        ("multiple_threats_2", |w| &mut w.multiple_threats[0]),
        ("multiple_threats_3", |w| &mut w.multiple_threats[1]),
        ("attack_trapped_div", |w| &mut w.attack_trapped_div),
    ]
}

/// `--tune`: coordinate descent on the even-numbered positions (the odd ones are held
/// out), printing the knobs that changed.
fn tune(cases: &[Case]) {
    let knobs = knobs();
    let train: Vec<&Case> = cases.iter().step_by(2).collect();
    let test: Vec<&Case> = cases.iter().skip(1).step_by(2).collect();
    let mut best = Weights::DEFAULT;
    let mut best_score = objective(&ranks(&train, Box::leak(Box::new(best))));
    for round in 0..3 {
        for (name, get) in &knobs {
            for factor in [0.0, 0.5, 0.75, 1.33, 2.0] {
                let mut w = best;
                let old = *get(&mut w);
                let new = if factor == 0.0 {
                    0
                } else {
                    ((old as f64) * factor).round() as i32
                };
                if new == old || (name.ends_with("_div") || *name == "dev_scale") && new <= 0 {
                    continue;
                }
                // Soundness floors: the generator must still see what a move puts en prise
                // and what it saves, or it would rank blunders first in real play.
                let floor = match *name {
                    "move_into_attack_pct" | "rescue_pct" | "unmask_enemy_pct" => 25,
                    "losing_capture_pct" | "defend_pct" | "interpose_pct" => 10,
                    _ => i32::MIN,
                };
                if new < floor {
                    continue;
                }
                *get(&mut w) = new;
                let score = objective(&ranks(&train, Box::leak(Box::new(w))));
                if score > best_score + 1e-9 {
                    println!("round {round}: {name} {old} -> {new}: {score:.3}");
                    best = w;
                    best_score = score;
                }
            }
        }
    }
    let leaked: &'static Weights = Box::leak(Box::new(best));
    report("tuned, train half", &ranks(&train, leaked));
    report("tuned, held-out half", &ranks(&test, leaked));
    let default: &'static Weights = &Weights::DEFAULT;
    report("default, held-out", &ranks(&test, default));
}

/// `--trace=ID`: the factors of the solution and of the three most plausible moves of
/// one position.
fn trace_case(cases: &[Case], id: &str, weights: &'static Weights) {
    let Some(case) = cases.iter().find(|c| c.id == id) else {
        eprintln!("wac_rank: no position {id}");
        std::process::exit(2);
    };
    let analysis = Analysis::new(&case.pos);
    let ctx = root_context(weights);
    let mut list = PlausibleList::new();
    plausible::generate(&case.pos, &analysis, &ctx, &mut list);
    println!(
        "{}",
        Fen::from_position(&case.pos, shakmaty::EnPassantMode::Legal)
    );
    let mut shown: Vec<Move> = case.best.clone();
    shown.extend(
        list.iter()
            .take(3)
            .map(|pm| pm.mv)
            .filter(|m| !case.best.contains(m)),
    );
    for m in shown {
        let r = list.iter().position(|pm| pm.mv == m).map_or(0, |i| i + 1);
        let pm = list.iter().find(|pm| pm.mv == m);
        println!(
            "{} rank {r} score {}{}",
            San::from_move(&case.pos, m),
            pm.map_or(0, |pm| pm.score),
            if case.best.contains(&m) {
                " (solution)"
            } else {
                ""
            }
        );
        for f in plausible::trace(&case.pos, &analysis, &ctx, m) {
            if f.name != "base_constant" {
                println!("    {:<28} {}", f.name, f.comment);
            }
        }
    }
}

/// `--blame`: per factor, how often it fires and its total value on the solutions and on
/// the moves ranked above them (where the ranking goes wrong).
fn blame(cases: &[Case], weights: &'static Weights) {
    use std::collections::BTreeMap;
    let mut table: BTreeMap<&'static str, [i64; 4]> = BTreeMap::new();
    let mut list = PlausibleList::new();
    for case in cases {
        let analysis = Analysis::new(&case.pos);
        let ctx = root_context(weights);
        plausible::generate(&case.pos, &analysis, &ctx, &mut list);
        let Some(r) = list.iter().position(|pm| case.best.contains(&pm.mv)) else {
            continue;
        };
        if r == 0 || r >= 40 {
            continue;
        }
        for f in plausible::trace(&case.pos, &analysis, &ctx, list[r].mv) {
            let e = table.entry(f.name).or_default();
            e[0] += 1;
            e[1] += i64::from(f.value);
        }
        for pm in list.iter().take(r.min(6)) {
            for f in plausible::trace(&case.pos, &analysis, &ctx, pm.mv) {
                let e = table.entry(f.name).or_default();
                e[2] += 1;
                e[3] += i64::from(f.value);
            }
        }
    }
    println!(
        "{:<30} {:>6} {:>8} {:>6} {:>8}",
        "factor", "sol n", "sol sum", "abv n", "abv sum"
    );
    for (name, e) in table {
        println!("{name:<30} {:>6} {:>8} {:>6} {:>8}", e[0], e[1], e[2], e[3]);
    }
}

/// `--dump`: every legal move of every position with its factors, one move a line
/// (`id, move, solution 0/1, points, name=value,...`), for fitting the weights outside.
/// The points are STS's `c8` for the move (0 if unscored) when the suite has them, else
/// 100 for a solution and 0 for any other move.
fn dump(cases: &[Case], weights: &'static Weights) {
    let mut list = PlausibleList::new();
    for case in cases {
        let analysis = Analysis::new(&case.pos);
        let ctx = root_context(weights);
        plausible::generate(&case.pos, &analysis, &ctx, &mut list);
        for pm in list.iter() {
            let factors: Vec<String> = plausible::trace(&case.pos, &analysis, &ctx, pm.mv)
                .iter()
                .map(|f| format!("{}={}", f.name, f.value))
                .collect();
            let best = case.best.contains(&pm.mv);
            let points = if case.points.is_empty() {
                100 * u32::from(best)
            } else {
                case.points
                    .iter()
                    .find(|(m, _)| *m == pm.mv)
                    .map_or(0, |&(_, p)| p)
            };
            println!(
                "{}\t{}\t{}\t{}\t{}",
                case.id,
                pm.mv.to_uci(shakmaty::CastlingMode::Standard),
                u8::from(best),
                points,
                factors.join(",")
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let misses = args.iter().any(|a| a == "--misses");
    let path = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .map_or("tests/data/wac.epd", String::as_str);
    let cases = read(path);
    // `--set=knob=value` (repeatable): try a weight without rebuilding.
    let mut weights = Weights::DEFAULT;
    for a in args.iter().filter_map(|a| a.strip_prefix("--set=")) {
        let (name, value) = a.split_once('=').unwrap_or((a, ""));
        let Some((_, get)) = knobs().into_iter().find(|(n, _)| *n == name) else {
            eprintln!("wac_rank: unknown knob {name}");
            std::process::exit(2);
        };
        *get(&mut weights) = value.parse().unwrap_or_else(|_| {
            eprintln!("wac_rank: bad value in --set={a}");
            std::process::exit(2);
        });
    }
    let weights: &'static Weights = Box::leak(Box::new(weights));
    if let Some(id) = args.iter().find_map(|a| a.strip_prefix("--trace=")) {
        trace_case(&cases, id, weights);
        return;
    }
    if args.iter().any(|a| a == "--blame") {
        blame(&cases, weights);
        return;
    }
    if args.iter().any(|a| a == "--dump") {
        dump(&cases, weights);
        return;
    }
    if args.iter().any(|a| a == "--tune") {
        tune(&cases);
        return;
    }
    if args.iter().any(|a| a == "--speed") {
        let rounds = args
            .iter()
            .find_map(|a| a.strip_prefix("--rounds="))
            .and_then(|n| n.parse().ok())
            .unwrap_or(100);
        speed(&cases, rounds);
        return;
    }
    let mut ours = Vec::new();
    let mut plain = Vec::new();
    let mut list = PlausibleList::new();
    let started = Instant::now();
    let mut kinds: [Vec<usize>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for case in &cases {
        let analysis = Analysis::new(&case.pos);
        let ctx = root_context(weights);
        plausible::generate(&case.pos, &analysis, &ctx, &mut list);
        let order: Vec<Move> = list.iter().map(|pm| pm.mv).collect();
        let r = rank_of(&order, &case.best);
        if misses && r > 6
            || args.iter().any(|a| a == "--near") && (2..=3).contains(&r)
            || args.iter().any(|a| a == "--ranks")
        {
            let bm = list.iter().find(|pm| case.best.contains(&pm.mv));
            println!(
                "{:<8} rank {:>3}  best {} {} [{}]  first {} {}",
                case.id,
                r,
                case.best
                    .iter()
                    .map(|m| San::from_move(&case.pos, *m).to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                bm.map_or(0, |pm| pm.score),
                bm.map_or(String::new(), |pm| pm
                    .flags
                    .names()
                    .collect::<Vec<_>>()
                    .join(" ")),
                San::from_move(&case.pos, order[0]),
                list[0].score
            );
        }
        if let Some(pm) = list.iter().find(|pm| case.best.contains(&pm.mv)) {
            let k = if pm.flags.contains(plausible::Flags::CAPTURE) {
                0
            } else if pm.flags.contains(plausible::Flags::CHECK) {
                1
            } else {
                2
            };
            kinds[k].push(r);
        }
        ours.push(r);
        plain.push(rank_of(
            &Ordering::MvvLvaChecks.order(&case.pos),
            &case.best,
        ));
    }
    let elapsed = started.elapsed();
    report("plausibility", &ours);
    let even: Vec<usize> = ours.iter().copied().step_by(2).collect();
    let odd: Vec<usize> = ours.iter().copied().skip(1).step_by(2).collect();
    report("  even half", &even);
    report("  odd half", &odd);
    report("MVV-LVA + checks", &plain);
    if misses {
        report("  ours, captures", &kinds[0]);
        report("  ours, checks", &kinds[1]);
        report("  ours, quiet", &kinds[2]);
    }
    println!("({:.1} s for both orderings)", elapsed.as_secs_f64());
}
