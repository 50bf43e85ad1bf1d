// "Review a game": machack's notes on every move of the game, one row a move, as the
// server makes them. A click on a row, or Previous/Next, shows the position before that
// move on the board and the note in full below the table.

import { h } from "./panels.js";

// The value difference as the server's `annotate` writes it: pawns, or the two scores
// when one of them is a mate.
function diffText(n) {
  if (n.diff === null) return `${n.machack_score} vs ${n.played_score}`;
  const d = (n.diff / 128).toFixed(2);
  return d === "0.00" || d === "-0.00" ? "0.00" : (n.diff > 0 ? "+" : "") + d;
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
    const head = h("tr", {}, ...["move", "played", "rank", "machack", "diff"].map((t) => h("th", {}, t)));
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
        `machack: ${n.line.join(" ") || n.machack} (${n.machack_score}; the move played ${n.played_score}). ${n.comment}`
      : "";
  }
}
