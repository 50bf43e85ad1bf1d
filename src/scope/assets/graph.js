// The evaluation bar beside the board and the graph of the value over the game, both
// from White's side (White at the bottom of the bar, above the middle of the graph). The
// values are the searches' the server sent; nothing here computes chess.

import { el } from "./board.js";
import { isMate, whiteText } from "./panels.js";

// A value (pawn = 128) as White's share of the bar, -1 to 1: the winning-chances curve
// lichess draws its bar with, so that a pawn moves it a little and a rook a lot.
export function share(s) {
  if (isMate(s)) return s.mate > 0 ? 1 : -1;
  const cp = (s.value * 100) / 128;
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

// The bar: `s`, White's value, or none when no search has valued the position.
export function drawBar(bar, s) {
  const fill = bar.querySelector(".fill");
  const text = bar.querySelector(".text");
  if (!s) {
    fill.style.height = "50%";
    text.textContent = "?";
    bar.dataset.value = "";
    bar.title = "No search has valued this position yet";
    return;
  }
  fill.style.height = `${(50 * (1 + share(s))).toFixed(1)}%`;
  text.textContent = whiteText(s);
  bar.dataset.value = String(s.value);
  bar.title = `${whiteText(s)}, White's point of view`;
}

// The graph: `values` maps a ply to White's value there; `plies`, the game's length;
// `shown`, the ply on the board; onPick(ply) when a ply is clicked.
export function drawGraph(svg, values, plies, shown, onPick) {
  const width = Math.max(plies, 1);
  svg.setAttribute("viewBox", `0 -1 ${width} 2`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.replaceChildren();
  el("rect", { x: 0, y: 0, width, height: 1, class: "black-side" }, svg);
  el("line", { x1: 0, y1: 0, x2: width, y2: 0, class: "middle" }, svg);
  const points = [...values.entries()]
    .filter(([ply]) => ply <= plies)
    .sort((a, b) => a[0] - b[0])
    .map(([ply, s]) => `${ply},${(-share(s)).toFixed(3)}`);
  if (points.length) el("polyline", { points: points.join(" "), class: "values" }, svg);
  el("line", { x1: shown, y1: -1, x2: shown, y2: 1, class: "shown" }, svg);
  svg.dataset.points = String(points.length);
  // A column a ply, to click (the start and each move).
  for (let ply = 0; ply <= plies; ply++) {
    const x = Math.max(0, ply - 0.5);
    const r = el("rect", { x, y: -1, width: Math.min(width, ply + 0.5) - x, height: 2, class: "pick", "data-ply": ply }, svg);
    const s = values.get(ply);
    el("title", {}, r).textContent = `after ${ply} half-move${ply === 1 ? "" : "s"}` + (s ? `: ${whiteText(s)}` : "");
    r.addEventListener("click", () => onPick(ply));
  }
}
