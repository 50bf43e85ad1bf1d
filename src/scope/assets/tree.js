// The tree of the last search as a browsable outline. The top level is the search's
// record (aid 5): every top-level move in plausibility order with its value, whether it
// was cut off or left outside the width, and its secondary search (the modern search:
// every root move of its last iteration, best first, with its place in the move
// ordering and the nodes spent under it), each with the terms at the end of its line by
// the evaluator of the search that made it. Opening a node asks the server for the
// plausible moves there; the moves of the recorded variation are marked with their place
// in it. Clicking a node's move shows its position (aids 3, 4).

import { h, moveText, lineText, scoreText, endTermsTable, halfMoves, boundText, povLabel } from "./panels.js";

export class Tree {
  // inspect(ply, path) asks the server for a node; replies come back through expand().
  constructor(box, inspect) {
    this.box = box;
    this.inspect = inspect;
    this.done = null;
    this.waiting = new Map();
  }

  key(ply, path) {
    return ply + ":" + path.join(" ");
  }

  // extra: what else the node shows under its line (the terms at the end of its variation).
  node(path, label, detail, variation, extra) {
    const children = h("ul", { hidden: true });
    const toggle = h("button", { class: "toggle", title: "open: the plausible moves here" }, "▸");
    const pick = h("button", { class: "label", "data-path": path.join(" ") }, label);
    const li = h("li", { class: "node" + (variation ? " variation" : "") }, toggle, pick, " ", detail, extra, children);
    toggle.addEventListener("click", () => {
      if (!children.hidden) {
        children.hidden = true;
        toggle.textContent = "▸";
        return;
      }
      toggle.textContent = "▾";
      children.hidden = false;
      if (!children.childElementCount) {
        this.waiting.set(this.key(this.done.ply, path), { ul: children, path, variation });
        this.inspect(this.done.ply, path);
      }
    });
    pick.addEventListener("click", () => this.inspect(this.done.ply, path));
    return li;
  }

  // Forgets the last search: the position it searched is gone.
  clear() {
    this.done = null;
    this.waiting.clear();
    this.box.replaceChildren(h("p", { class: "quiet" }, "No search of this game yet."));
  }

  // A finished search: its record becomes the top level.
  show(done) {
    this.done = done;
    this.waiting.clear();
    if (!done.record.length) {
      this.box.replaceChildren(h("p", { class: "quiet" },
        done.source === "book" ? "The move came from the book: no tree."
          : done.source === "search" ? "The search stopped before it finished an iteration: no record."
            : "No tree for this answer."));
      return;
    }
    const top = h("ul", { class: "outline" });
    for (const r of done.record) {
      const detail = h("span", { class: "detail" },
        r.order !== undefined ? `order ${r.order} · ${r.nodes.toLocaleString("en")} nodes` : `plausibility ${r.plausibility}`,
        r.depth > done.depth ? ` · depth ${r.depth}, an iteration cut short` : "",
        r.value ? ` · value ${boundText(r.bound, done.turn)}${scoreText(r.value, done.turn)}` : "",
        r.secondary ? ` · secondary search ${scoreText(r.secondary, done.turn)}` : "",
        ` · ${r.verdict}`,
        r.flags.length ? ` · ${r.flags.join(", ")}` : "",
        r.pv.length > 1 ? h("span", { class: "pv" }, ` · line ${lineText(r.pv)}`) : "");
      const terms = r.end_terms
        ? h("details", { class: "end-terms" }, h("summary", {}, "terms at the end of its line"), endTermsTable(r.end_terms))
        : null;
      const li = this.node([r.move.uci], moveText(r.move), detail, r.pv.map((m) => m.uci), terms);
      li.classList.add(r.verdict.split(":")[0].replace(/\s+/g, "-"));
      top.append(li);
    }
    const stats = h("table", { class: "stats" });
    for (const [k, v] of Object.entries(done.stats || {})) {
      stats.append(h("tr", {}, h("td", {}, k.replaceAll("_", " ")), h("td", {}, Number(v).toLocaleString("en"))));
    }
    const root = h("button", { class: "label" }, `Search after ${halfMoves(done.ply)}`);
    root.addEventListener("click", () => this.inspect(done.ply, []));
    this.box.replaceChildren(
      h("p", {}, root, ` value ${scoreText(done.score, done.turn)} (${povLabel()}), depth ${done.depth}, ${done.nodes.toLocaleString("en")} nodes`),
      top,
      h("details", {}, h("summary", {}, "Terms at the end of the main variation (aid 3)"),
        done.pv_end_terms ? endTermsTable(done.pv_end_terms) : ""),
      h("details", { class: "statistics" }, h("summary", {}, "Statistics (aid 6)"), stats));
  }

  // An inspect reply: if a node was waiting for it, its children are the moves there.
  expand(v) {
    const path = v.path.map((m) => m.uci);
    const k = this.key(v.ply, path);
    const w = this.waiting.get(k);
    if (!w) return;
    this.waiting.delete(k);
    const next = w.variation ? w.variation[path.length] : undefined;
    for (const m of v.moves) {
      const onLine = m.move.uci === next;
      const detail = h("span", { class: "detail" },
        `#${m.rank} plausibility ${m.plausibility}`,
        m.flags.length ? ` · ${m.flags.join(", ")}` : "",
        onLine ? " · the recorded variation" : "");
      const rest = onLine ? w.variation : null;
      w.ul.append(this.node([...path, m.move.uci], moveText(m.move), detail, rest));
    }
  }
}
