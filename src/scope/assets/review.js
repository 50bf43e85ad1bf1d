// "Review a game": machack's notes on every move of the game, one row a move, as the
// server makes them. A click on a row, or Previous/Next, shows the position before that
// move on the board and the note in full below the table.

import { h, povLabel, scoreText, turns } from "./panels.js";

// The mover of a note's position, whose side its values are given from.
const mover = (n) => (n.white ? "white" : "black");

// The value difference, machack's move's value minus the played move's, from the point of
// view chosen (from White's, a better move for Black makes it negative): pawns, or the two
// values when one of them is a mate.
function diffText(n) {
  if (n.diff === null) return `${scoreText(n.machack_value, mover(n))} vs ${scoreText(n.played_value, mover(n))}`;
  const diff = turns(mover(n)) ? -n.diff : n.diff;
  const d = (diff / 128).toFixed(2);
  return d === "0.00" || d === "-0.00" ? "0.00" : (diff > 0 ? "+" : "") + d;
}

export class Review {
  constructor(table, summary, detail, onShow) {
    this.table = table;
    this.summary = summary;
    this.detail = detail;
    this.onShow = onShow;
    this.notes = [];
    this.at = null;
  }

  // Forgets the notes: they were of another game.
  clear() {
    this.notes = [];
    this.at = null;
    this.active = false;
    this.summary.textContent = "";
    this.table.replaceChildren();
    delete this.table.dataset.done;
    this.detail.textContent = "";
  }

  start(m) {
    this.active = true;
    this.notes = [];
    this.at = null;
    this.table.dataset.done = "false";
    this.summary.textContent = `machack (${m.profile}, depth ${m.depth}) is reviewing ${m.moves} moves…`;
    this.draw();
  }

  add(note) {
    if (!this.active) return;
    this.notes.push(note);
    this.draw();
  }

  done(m) {
    if (!this.active) return;
    this.active = false;
    this.summary.textContent = m.summary + (m.stopped ? " (stopped before the end)" : "");
    this.table.dataset.done = "true";
  }

  // Draws the notes again after a change of how values are told.
  refresh() {
    if (this.notes.length) this.draw();
  }

  step(by) {
    if (!this.notes.length) return;
    const i = this.at === null ? 0 : Math.min(this.notes.length - 1, Math.max(0, this.at + by));
    this.show(i);
  }

  show(i) {
    this.at = i;
    this.onShow(this.notes[i].ply);
    this.draw();
  }

  draw() {
    const head = h("tr", {}, ...["move", "played", "rank", "machack"].map((t) => h("th", {}, t)),
      h("th", { title: `machack's move's value minus the played move's, ${povLabel()}` }, "machack − played"));
    const rows = this.notes.map((n, i) =>
      h("tr", {
        class: (n.matches ? "match" : "differs") + (i === this.at ? " current" : ""),
        "data-ply": n.ply,
        onclick: () => this.show(i),
      },
      h("td", {}, `${n.number}${n.white ? "." : "..."}`),
      h("td", {}, n.played),
      h("td", {}, `${n.rank}/${n.legal}`),
      h("td", {}, n.machack),
      h("td", {}, diffText(n))));
    this.table.replaceChildren(h("table", {}, h("thead", {}, head), h("tbody", {}, ...rows)));
    const n = this.at === null ? null : this.notes[this.at];
    this.detail.textContent = n
      ? `${n.number}${n.white ? "." : "..."} ${n.played}: ranked ${n.rank} of ${n.legal} by plausibility. ` +
        `machack: ${n.line.join(" ") || n.machack} (${scoreText(n.machack_value, mover(n))}; ` +
        `the move played ${scoreText(n.played_value, mover(n))}; ${povLabel()}). ${n.comment}`
      : "";
  }
}
