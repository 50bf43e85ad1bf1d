// The board: an SVG of 8 × 8 squares, each carrying data-square="e4", the pieces drawn
// from pieces.svg, legal-target hints, the last move, and the principal variation as
// arrows. It knows no chess: the legal moves come from the server with every state.

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefgh";

// An SVG element `name` with `attrs`, appended to `parent` if given.
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  // svg: the <svg id="board">; onMove(uci) is called with a chosen legal move.
  constructor(svg, promotionBox, onMove) {
    this.svg = svg;
    this.promotionBox = promotionBox;
    this.onMove = onMove;
    this.flipped = false;
    this.pieces = [];
    this.legal = [];
    this.lastMove = null;
    this.check = null;
    this.arrows = [];
    this.selected = null;
    this.interactive = true;
    this.pressed = null;
    svg.addEventListener("pointerdown", (e) => this.press(e));
    svg.addEventListener("pointerup", (e) => this.release(e));
  }

  // Sets what to draw: pieces [{square, piece}], legal moves [{from, to, uci, promotion}].
  show({ pieces, legal, lastMove, check, interactive }) {
    this.pieces = pieces;
    this.legal = legal || [];
    this.lastMove = lastMove || null;
    this.check = check || null;
    this.interactive = interactive;
    if (!this.interactive) this.selected = null;
    this.draw();
  }

  setArrows(moves) {
    this.arrows = moves;
    this.draw();
  }

  flip() {
    this.flipped = !this.flipped;
    this.draw();
  }

  // Board coordinates of a square name.
  xy(square) {
    const f = FILES.indexOf(square[0]);
    const r = Number(square[1]) - 1;
    return this.flipped ? [7 - f, r] : [f, 7 - r];
  }

  // The square under the pointer (a touch keeps its first target, so ask the document).
  squareAt(event) {
    const under = document.elementFromPoint(event.clientX, event.clientY) || event.target;
    const target = under.closest("[data-square]");
    return target ? target.dataset.square : null;
  }

  press(event) {
    if (!this.interactive) return;
    const sq = this.squareAt(event);
    this.pressed = sq;
    if (!sq) return;
    if (this.selected && this.selected !== sq && this.targets(this.selected).includes(sq)) {
      this.choose(this.selected, sq);
      this.pressed = null;
      return;
    }
    this.selected = this.legal.some((m) => m.from === sq) ? sq : null;
    this.draw();
  }

  // A drag: pressed on a piece, released on one of its targets.
  release(event) {
    const sq = this.squareAt(event);
    const from = this.pressed;
    this.pressed = null;
    if (!this.interactive || !sq || !from || sq === from) return;
    if (this.selected === from && this.targets(from).includes(sq)) this.choose(from, sq);
  }

  targets(from) {
    return this.legal.filter((m) => m.from === from).map((m) => m.to);
  }

  choose(from, to) {
    const moves = this.legal.filter((m) => m.from === from && m.to === to);
    this.selected = null;
    if (moves.length === 1) {
      this.onMove(moves[0].uci);
      this.draw();
      return;
    }
    this.askPromotion(moves);
  }

  askPromotion(moves) {
    const box = this.promotionBox;
    box.replaceChildren();
    const colour = this.pieces.find((p) => p.square === moves[0].from).piece[0];
    for (const role of ["q", "r", "b", "n"]) {
      const m = moves.find((x) => x.promotion === role);
      if (!m) continue;
      const button = document.createElement("button");
      button.dataset.promotion = role;
      button.title = { q: "queen", r: "rook", b: "bishop", n: "knight" }[role];
      const svg = el("svg", { viewBox: "0 0 1 1" }, button);
      el("use", { href: "#" + role.toUpperCase(), width: 1, height: 1, class: "p" + colour }, svg);
      button.addEventListener("click", () => {
        box.hidden = true;
        this.onMove(m.uci);
      });
      box.appendChild(button);
    }
    const cancel = document.createElement("button");
    cancel.textContent = "×";
    cancel.title = "cancel";
    cancel.addEventListener("click", () => (box.hidden = true));
    box.appendChild(cancel);
    box.hidden = false;
    this.draw();
  }

  draw() {
    const svg = this.svg;
    svg.replaceChildren();
    el("defs", {}, svg).innerHTML =
      '<marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" ' +
      'markerHeight="3" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z"/></marker>' +
      '<marker id="arrowhead-best" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="2.5" ' +
      'markerHeight="2.5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z"/></marker>';
    const hints = this.selected ? this.targets(this.selected) : [];
    for (let r = 0; r < 8; r++) {
      for (let f = 0; f < 8; f++) {
        const square = FILES[f] + (r + 1);
        const [x, y] = this.xy(square);
        const classes = ["sq", (f + r) % 2 ? "light" : "dark"];
        if (this.lastMove && this.lastMove.includes(square)) classes.push("last");
        if (square === this.selected) classes.push("selected");
        if (square === this.check) classes.push("check");
        el("rect", { x, y, width: 1, height: 1, class: classes.join(" "), "data-square": square }, svg);
        if ((this.flipped ? 7 - r : r) === 0) {
          el("text", { x: x + 0.94, y: y + 0.95, class: "coord file" }, svg).textContent = FILES[f];
        }
        if ((this.flipped ? 7 - f : f) === 0) {
          el("text", { x: x + 0.05, y: y + 0.22, class: "coord rank" }, svg).textContent = r + 1;
        }
      }
    }
    for (const p of this.pieces) {
      const [x, y] = this.xy(p.square);
      el("use", { href: "#" + p.piece[1], x, y, width: 1, height: 1, class: "piece p" + p.piece[0] }, svg);
    }
    for (const sq of hints) {
      const [x, y] = this.xy(sq);
      const occupied = this.pieces.some((p) => p.square === sq);
      el("circle", { cx: x + 0.5, cy: y + 0.5, r: occupied ? 0.45 : 0.15, class: occupied ? "hint capture" : "hint" }, svg);
    }
    // The best move last, over the rest, in a colour of its own; each arrow on a halo of
    // the opposite shade so it reads over light squares and dark pieces alike.
    const arrows = this.arrows.slice(0, 4).map((uci, i) => [uci, i]).reverse();
    for (const [uci, i] of arrows) {
      const [x1, y1] = this.xy(uci.slice(0, 2));
      const [x2, y2] = this.xy(uci.slice(2, 4));
      const at = { x1: x1 + 0.5, y1: y1 + 0.5, x2: x2 + 0.5, y2: y2 + 0.5 };
      el("line", { ...at, class: "arrow halo arrow" + i }, svg);
      el("line", {
        ...at, class: "arrow arrow" + i,
        "marker-end": i === 0 ? "url(#arrowhead-best)" : "url(#arrowhead)",
      }, svg);
    }
  }
}
