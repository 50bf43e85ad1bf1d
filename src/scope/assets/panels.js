// The page's panels: the move list, the live search lines, the tree and the debugging
// aids. Each draws what the server sent; nothing here computes chess. Text goes in with
// textContent only, never as markup.

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("data-")) e.dataset[k.slice(5)] = v;
    else e[k] = v;
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// How moves are written, and whose side values are told from: White's (positive is good
// for White, as the console and the command line print them) or the side to move's.
export const view = { notation: "san", pov: "white" };

// The words a label uses for the point of view.
export function povLabel() {
  return view.pov === "white" ? "White's point of view" : "the side to move's point of view";
}

export function moveText(m) {
  return view.notation === "san" ? m.san : m.descriptive;
}

// A line of moves with move numbers: "12... Nc6 13. d4".
export function lineText(moves) {
  return moves
    .map((m, i) => (m.white ? `${m.number}. ` : i === 0 ? `${m.number}... ` : "") + moveText(m))
    .join(" ");
}

// Whether a value for the side `turn` (the search's mover) turns round to be told from
// the point of view chosen.
export const turns = (turn) => view.pov === "white" && turn === "black";

// A value told from the other side.
export const negated = (s) => ({ value: -s.value, mate: s.mate === null || s.mate === undefined ? s.mate : -s.mate });

// A value the server sent for the mover `turn`, as the chosen point of view tells it.
function povScore(s, turn) {
  if (!s || !turns(turn)) return s;
  return negated(s);
}

export const isMate = (s) => s.mate !== null && s.mate !== undefined;

// White's value as text: "+0.35", "White mates in 2".
export function whiteText(s) {
  if (isMate(s)) return `${s.mate > 0 ? "White" : "Black"} mates in ${Math.abs(s.mate)}`;
  return pawns(s.value);
}

export function scoreText(s, turn) {
  if (!s) return "";
  const told = povScore(s, turn);
  if (view.pov === "white" || !isMate(told)) return whiteText(told);
  return told.mate > 0 ? `mate in ${told.mate}` : `mated in ${-told.mate}`;
}

const pawns = (v) => (v >= 0 ? "+" : "") + (v / 128).toFixed(2);
const count = (n) => Number(n).toLocaleString("en");

// The move list; clicking a move asks for the position after it.
export function drawMoves(list, moves, shownPly, onPick) {
  list.replaceChildren();
  let li = null;
  moves.forEach((m, i) => {
    if (m.white || li === null) {
      li = h("li", { value: m.number }, h("span", { class: "number" }, `${m.number}.`));
      if (!m.white) li.append(h("span", { class: "move none" }, "…"));
      list.append(li);
    }
    const b = h("button", { class: "move" + (i + 1 === shownPly ? " shown" : ""), "data-ply": i + 1 }, moveText(m));
    b.addEventListener("click", () => onPick(i + 1));
    li.append(b);
  });
  list.scrollTop = list.scrollHeight;
}

function searchLine(s) {
  return h("div", { class: "numbers" },
    h("span", {}, `depth ${s.depth}` + (s.seldepth ? `/${s.seldepth}` : "")),
    h("span", {}, `nodes ${count(s.nodes)}`),
    h("span", {}, `nps ${count(s.nps)}`),
    h("span", { class: "time" }, `time ${(s.time_ms / 1000).toFixed(1)} s`),
    s.score ? h("span", { class: "score", title: povLabel() }, `value ${scoreText(s.score, s.turn)}`) : null);
}

// The best line, or with MultiPV each of the best lines on its own row, best first.
function linesOf(pv, lines, turn) {
  if (!lines || lines.length < 2) return h("p", { class: "pv" }, "line: ", lineText(pv));
  const list = h("ol", { class: "lines" });
  for (const l of lines) {
    list.append(h("li", { "data-multipv": l.multipv, value: l.multipv },
      h("span", { class: "score" }, scoreText(l.score, turn)), ` depth ${l.depth}: `, lineText(l.pv)));
  }
  return list;
}

// Live progress: numbers, the line(s), and the top level in plausibility order.
// `modern`: the modern search, which orders its moves itself (the 1967 plausibility is
// no part of it, so the table leaves it out).
export function drawInfo(box, info, modern) {
  const table = h("table", { class: "root" },
    h("tr", {}, h("th", {}, "#"), h("th", {}, "move"), h("th", {}, modern ? "" : "plausibility"), h("th", {}, "value when best")));
  info.root.forEach((r, i) => {
    table.append(h("tr", { class: r.best ? "best" : "" },
      h("td", {}, i + 1), h("td", {}, moveText(r.move)), h("td", {}, modern ? "" : r.plausibility),
      h("td", {}, scoreText(r.value, info.turn))));
  });
  box.replaceChildren(
    h("p", { class: "live" }, info.replay
      ? `Watching the 1967 search: top-level move ${info.replay.step} of ${info.replay.of}, ${moveText(info.replay.move)}`
      : "machack is thinking…"),
    searchLine(info),
    h("p", { class: "quiet pov" }, `Values: ${povLabel()}.`),
    linesOf(info.pv, info.lines, info.turn),
    table);
}

export function halfMoves(n) {
  return `${n} half-move${n === 1 ? "" : "s"}`;
}

// A finished search: its numbers, its line, what it chose, and the top level as the
// search left it (aid 5; the tree below has the same moves to open); `lines`, the last
// report of each line when there were several.
export function drawDone(box, done, lines) {
  const what = done.best
    ? (done.played ? "machack plays " : "best: ") + moveText(done.best) + (done.source === "book" ? " (from the book)" : "")
      + (done.book ? ` · book: ${moveText(done.book)}` : "")
    : "no move: the game is over";
  // The modern search's rows carry their place in the move ordering and their nodes
  // instead of a plausibility.
  const modern = done.record.some((r) => r.order !== undefined);
  // The 1967 search's secondary search may change a move's value and so the order: its
  // column shows where it ran.
  const secondary = done.record.some((r) => r.secondary);
  const table = h("table", { class: "root" },
    h("tr", {}, h("th", {}, "#"), h("th", {}, "move"), h("th", {}, modern ? "order" : "plausibility"),
      h("th", {}, "value"), secondary ? h("th", { title: "the secondary search's value, which decided this move's place" }, "secondary") : "",
      modern ? h("th", {}, "nodes") : "", h("th", {}, "")));
  done.record.forEach((r, i) => {
    table.append(h("tr", { class: r.verdict === "the best move" ? "best" : "" },
      h("td", {}, i + 1), h("td", {}, moveText(r.move)), h("td", {}, modern ? r.order : r.plausibility),
      h("td", {}, boundText(r.bound, done.turn) + scoreText(r.value, done.turn)),
      secondary ? h("td", { class: "secondary" }, scoreText(r.secondary, done.turn)) : "",
      modern ? h("td", {}, r.nodes.toLocaleString("en")) : "", h("td", {}, r.verdict.split(":")[0])));
  });
  box.replaceChildren(
    h("p", { class: "answer" }, what + (done.stopped ? " (stopped early)" : "")),
    searchLine(done),
    h("p", { class: "quiet pov" }, `Values: ${povLabel()}.`),
    linesOf(done.pv, lines, done.turn),
    done.record.length ? table : "");
}

// The sign of a recorded value's bound: at most (upper) or at least (lower) what it says.
// A bound for the mover `turn` turns round with its value.
export function boundText(bound, turn) {
  if (turns(turn)) bound = bound === "upper" ? "lower" : bound === "lower" ? "upper" : bound;
  return bound === "upper" ? "≤ " : bound === "lower" ? "≥ " : "";
}

const TERMS = [
  ["b", "B material"], ["r", "R piece-ratio change"], ["p", "P pawn structure"],
  ["k", "K king safety"], ["c", "C centre control"], ["s", "S = B + R + P + K + C"],
];

export function termsTable(t) {
  const table = h("table", { class: "terms" });
  for (const [k, name] of TERMS) {
    table.append(h("tr", { class: k === "s" ? "sum" : "" },
      h("td", {}, name), h("td", {}, t[k]), h("td", {}, pawns(t[k]))));
  }
  return table;
}

// The evaluation at the end of a line (aid 3), by the evaluator of the search that made
// the line: the 1967 terms, or the modern evaluator's, one row a field of its weight
// table (centipawns: the middlegame and endgame sums, and the value once blended).
export function endTermsTable(t) {
  if (t.evaluator !== "modern") return termsTable(t);
  const table = h("table", { class: "terms" },
    h("tr", {}, h("th", {}, `phase ${t.phase} of ${t.max_phase}, endgame scale ${t.scale} of ${t.full_scale}`),
      h("th", {}, "mg"), h("th", {}, "eg"), h("th", {}, "value")));
  for (const x of t.terms) {
    table.append(h("tr", {}, h("td", {}, x.name.replaceAll("_", " ")),
      h("td", {}, x.mg), h("td", {}, x.eg), h("td", {}, x.value.toFixed(1))));
  }
  table.append(h("tr", { class: "sum" }, h("td", {}, "= the evaluation, centipawns"),
    h("td", {}), h("td", {}), h("td", {}, t.eval)));
  return table;
}

// Aids 3 and 4 for one position: the terms, then every move with its factors.
export function drawEval(box, v, onDeeper) {
  const where = v.path.length ? `, then ${lineText(v.path)}` : "";
  const moves = h("ol", { class: "plausible" });
  for (const m of v.moves) {
    const factors = h("ul", { class: "factors" });
    for (const f of m.factors) factors.append(h("li", {}, h("code", {}, f.name), " ", f.comment));
    if (!m.factors.length) factors.append(h("li", {}, "no factor applies"));
    const deeper = h("button", { class: "deeper", title: "look inside the position after this move" }, "inside ▸");
    deeper.addEventListener("click", (e) => {
      e.preventDefault();
      onDeeper(v, m.move.uci);
    });
    moves.append(h("li", {}, h("details", {},
      h("summary", {}, h("b", {}, moveText(m.move)), ` plausibility ${m.plausibility}`,
        m.flags.length ? ` [${m.flags.join(", ")}]` : "", ` → S ${pawns(m.after)} `, deeper),
      factors)));
  }
  box.replaceChildren(
    h("p", {}, `The game after ${halfMoves(v.ply)}${where}: `, h("code", {}, v.fen)),
    h("p", { class: "quiet" }, v.status.text),
    h("h3", {}, "Static evaluation (aid 3), White's point of view, pawn = 128"),
    termsTable(v.terms),
    h("h3", {}, "Every move by plausibility (aid 4), with the factors' comments"),
    moves);
}
