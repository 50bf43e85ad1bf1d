// The scope's page: one WebSocket to /ws, the server's replies drawn, the user's clicks
// sent as requests. Every chess fact (legal moves, notation, status, values) comes from
// the server; this file only routes messages and keeps what is on screen.

import { Board } from "./board.js";
import { view, h, drawMoves, drawInfo, drawDone, drawEval, lineText, halfMoves, negated } from "./panels.js";
import { Tree } from "./tree.js";
import { Review } from "./review.js";
import { drawBar, drawGraph } from "./graph.js";

const $ = (id) => document.getElementById(id);

let socket = null;
let state = null; // the last game view
let info = null; // the last live search line
let done = null; // the last finished search
let doneLines = null; // the lines of the last finished search, when it reported several
let reviewing = null; // the inspect view shown instead of the game, if any
let inspected = null; // the last inspect view (the aids panel)
let clockAt = 0; // when the clocks of `state` were read
let infos = 0; // live search lines received (shown as data-infos on #thinking)
let thinkingSince = 0; // when the current search started (the page counts its time)
let thinkingPly = 0; // the game ply the current search started from
let values = new Map(); // White's value at each ply of the game, as the searches found it
let undoing = false; // an undo was asked: the values of the moves kept still hold
let orient = true; // turn the board to the player's side with the next game

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

const board = new Board($("board"), $("promotion"), (uci) => send({ type: "move", move: uci }));
const tree = new Tree($("tree"), (ply, path) => send({ type: "inspect", ply, path }));
const review = new Review($("review-notes"), $("review-summary"), $("review-detail"), (ply) =>
  send({ type: "inspect", ply, path: [] }));

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.addEventListener("open", () => setConnection("connected", "on"));
  socket.addEventListener("close", () => {
    setConnection("disconnected: reload to reconnect", "off");
  });
  socket.addEventListener("message", (e) => receive(JSON.parse(e.data)));
}

function setConnection(text, cls) {
  $("connection").textContent = text;
  $("connection").className = cls;
}

function receive(m) {
  switch (m.type) {
    case "hello":
      $("profile").replaceChildren(...m.profiles.map((p) => h("option", { value: p.name, title: p.description }, p.name)));
      restore();
      break;
    case "state":
      onState(m);
      break;
    case "info":
      info = m;
      values.set(thinkingPly, white(m.score, m.turn));
      drawInfo($("thinking"), m, state && state.profile === "modern");
      $("thinking").dataset.infos = ++infos;
      drawAll();
      break;
    case "done":
      done = m;
      doneLines = info && info.lines.length > 1 ? info.lines : null;
      info = null;
      if (m.score) {
        values.set(m.ply, white(m.score, m.turn));
        if (m.played) values.set(m.ply + 1, white(m.score, m.turn));
      }
      drawDone($("thinking"), m, doneLines);
      tree.show(m);
      drawAll();
      break;
    case "inspect":
      onInspect(m);
      break;
    case "review_start":
      review.start(m);
      break;
    case "review_move":
      review.add(m);
      break;
    case "review_done":
      review.done(m);
      break;
    case "error":
      showError(m.message);
      break;
  }
}

// A value the server sent for the mover `turn`, from White's side (the bar and graph's).
function white(s, turn) {
  return turn === "black" ? negated(s) : s;
}

// Another game (new, undone, set up or loaded): what the page showed of the last one goes,
// the values of the moves an undo kept excepted.
function forget(s) {
  done = null;
  info = null;
  doneLines = null;
  reviewing = null;
  tree.clear();
  review.clear();
  $("thinking").replaceChildren(h("p", { class: "quiet" }, "No search of this position yet."));
  values = undoing ? new Map([...values].filter(([ply]) => ply <= s.moves.length)) : new Map();
  undoing = false;
}

const STORE = "machack-scope";
let saveFrom = 0; // the first game number worth saving (the restored one, once it is back)

// What a reload brings back: the settings, the page's own choices, and the game, unless
// the address asks for a position (?fen=FEN, ?moves=e4 e5 Nf3, or both).
function restore() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE) || "null");
  } catch {
    saved = null;
  }
  if (saved && saved.view) {
    for (const id of ["pov", "notation", "theme"]) {
      if (saved.view[id]) {
        $(id).value = saved.view[id];
        $(id).dispatchEvent(new Event("change"));
      }
    }
  }
  if (saved && saved.settings) {
    const { strength, ...settings } = saved.settings;
    if (strength && settings.profile === "modern") Object.assign(settings, { limit_strength: true, elo: strength });
    send({ type: "settings", ...settings });
  }
  const params = new URLSearchParams(location.search);
  const fen = params.get("fen");
  const moves = params.get("moves");
  if (moves !== null) {
    const tags = fen ? `[SetUp "1"]\n[FEN "${fen.replaceAll('"', "")}"]\n\n` : "";
    send({ type: "load_pgn", pgn: `${tags}${moves.replaceAll(",", " ")} *\n` });
  } else if (fen !== null) {
    send({ type: "set_fen", fen });
  } else if (saved && saved.pgn) {
    send({ type: "load_pgn", pgn: saved.pgn });
  } else {
    return;
  }
  saveFrom = 1;
}

// Keeps the game and the settings for the next visit.
function save(s) {
  if (s.game < saveFrom) return;
  const settings = { profile: s.profile, book: s.book, watch: s.watch, level: s.level, multipv: s.multipv, human: s.human, strength: s.strength };
  const kept = { pgn: s.pgn, settings, view: { pov: $("pov").value, notation: $("notation").value, theme: $("theme").value } };
  try {
    localStorage.setItem(STORE, JSON.stringify(kept));
  } catch {
    // A browser that keeps nothing (private mode, storage full) plays on without.
  }
}

function onState(s) {
  save(s);
  const moved = !state || state.fen !== s.fen || state.moves.length !== s.moves.length;
  if (state && s.game !== state.game) forget(s);
  if (orient || (state && s.human !== state.human)) {
    board.flipped = s.human === "black";
    orient = false;
  }
  if (s.thinking && (!state || !state.thinking)) {
    info = null;
    thinkingSince = performance.now();
    thinkingPly = s.moves.length;
    $("thinking").replaceChildren(h("p", { class: "live" }, s.thinking === "play" ? "machack is thinking…" : "analysing…"));
  }
  state = s;
  clockAt = performance.now();
  if (moved) {
    reviewing = null;
    send({ type: "inspect" });
  }
  for (const [id, value] of [["human", s.human], ["profile", s.profile], ["level", s.level]]) {
    if (document.activeElement !== $(id)) $(id).value = value;
  }
  $("book").checked = s.book;
  $("watch").checked = s.watch;
  $("strength-control").hidden = s.profile !== "modern";
  if (document.activeElement !== $("strength")) $("strength").value = s.strength ? String(s.strength) : "full";
  if (document.activeElement !== $("multipv")) $("multipv").value = String(s.multipv);
  if (document.activeElement !== $("fen")) $("fen").value = s.fen;
  $("go").disabled = !!s.thinking || !!s.status.result;
  $("stop").disabled = !s.thinking;
  $("analyse").disabled = !!s.thinking;
  $("claim-draw").disabled = !s.status.claims.length || !!s.status.result;
  document.body.classList.toggle("thinking", !!s.thinking);
  drawAll();
}

function onInspect(v) {
  const current = v.ply === state.moves.length && v.path.length === 0;
  reviewing = current ? null : v;
  inspected = v;
  drawInspected();
  tree.expand(v);
  drawAll();
}

function drawInspected() {
  if (!inspected) return;
  drawEval($("eval"), inspected, (node, uci) =>
    send({ type: "inspect", ply: node.ply, path: [...node.path.map((m) => m.uci), uci] }));
}

// An error stays until dismissed.
function showError(text) {
  const close = h("button", { class: "dismiss", title: "dismiss" }, "×");
  const p = h("p", { class: "error" }, text, " ", close);
  close.addEventListener("click", () => p.remove());
  $("errors").append(p);
}

// The ply on the board: the game's now, or the one picked in the move list.
function shownPly() {
  return reviewing && !reviewing.path.length ? reviewing.ply : state.moves.length;
}

// Shows the game after `ply` moves (now, at the end).
function showPly(ply) {
  if (!state) return;
  ply = Math.max(0, Math.min(state.moves.length, ply));
  send(ply === state.moves.length ? { type: "inspect" } : { type: "inspect", ply, path: [] });
}

// Whether the last search was of the position on the board (or machack played its move
// there and the board shows the position after it).
function searchApplies() {
  if (!done || !state) return true;
  // A node of the search's own tree belongs to it.
  if (reviewing && reviewing.path.length) return reviewing.ply === done.ply;
  const fen = reviewing ? reviewing.fen : state.fen;
  return done.fen === fen || (!reviewing && done.played && state.moves.length === done.ply + 1);
}

function drawSearchNote() {
  const note = document.querySelector(".search-note");
  const applies = searchApplies();
  note.hidden = applies;
  note.textContent = applies ? "" : `The search below was of the game after ${halfMoves(done.ply)}, not of the position on the board.`;
  $("thinking").classList.toggle("other-position", !applies);
  $("tree").classList.toggle("other-position", !applies);
}

function drawAll() {
  if (!state) return;
  drawBoard();
  drawMoves($("moves"), state.moves, reviewing && !reviewing.path.length ? reviewing.ply : null, (ply) =>
    send({ type: "inspect", ply, path: [] }));
  let text = state.status.text;
  if (state.thinking === "play") text += " machack is thinking.";
  if (state.draw_offer) text += " " + state.draw_offer;
  $("status").textContent = text;
  const ply = shownPly();
  drawBar($("evalbar"), values.get(ply));
  drawGraph($("graph"), values, state.moves.length, ply, showPly);
  drawSearchNote();
  $("review").hidden = !reviewing;
  if (reviewing) {
    const where = reviewing.path.length ? `, then ${lineText(reviewing.path)}` : "";
    $("review-text").textContent = `Looking at the game after ${halfMoves(reviewing.ply)}${where}.`;
  }
  drawClocks();
}

// The last search's line from the position on the board: all of it after an analysis,
// the rest of it after machack played its first move.
function doneLine() {
  if (!done) return [];
  const since = state.moves.length - done.ply;
  return since === 0 || (since === 1 && done.played) ? done.pv.slice(since) : [];
}

function drawBoard() {
  if (!state) return;
  const shown = reviewing || state;
  const over = !!state.status.result;
  board.arrows = (reviewing || over ? [] : state.thinking && info ? info.pv : doneLine()).map((m) => m.uci);
  board.show({
    pieces: shown.pieces,
    legal: reviewing ? [] : state.legal,
    lastMove: reviewing ? null : state.last_move,
    check: shown.status.check,
    interactive: !reviewing && !state.thinking && state.human === state.status.turn,
  });
}

function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(hours ? 2 : 1, "0");
  return (hours ? hours + ":" : "") + mm + ":" + String(s % 60).padStart(2, "0");
}

function drawClocks() {
  const c = state && state.clocks;
  const bottomSide = board.flipped ? "black" : "white";
  for (const [id, side] of [["clock-bottom", bottomSide], ["clock-top", bottomSide === "white" ? "black" : "white"]]) {
    if (!c) {
      $(id).textContent = "";
      continue;
    }
    let ms = c[side + "_ms"];
    if (c.running === side) ms -= performance.now() - clockAt;
    $(id).textContent = `${side === "white" ? "White" : "Black"} ${clockText(ms)}`;
    $(id).classList.toggle("running", c.running === side);
  }
}

function download(name, text) {
  const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

function wire() {
  const click = (id, f) => $(id).addEventListener("click", f);
  click("new-game", () => {
    orient = true;
    send({ type: "new_game", human: $("human").value });
  });
  click("flip", flip);
  click("undo", () => {
    undoing = true;
    send({ type: "undo" });
  });
  click("go", () => send({ type: "go" }));
  click("analyse", () => send({ type: "analyse" }));
  click("stop", () => send({ type: "stop" }));
  click("offer-draw", () => send({ type: "offer_draw" }));
  click("claim-draw", () => send({ type: "claim_draw" }));
  click("resign", () => send({ type: "resign" }));
  click("back-to-game", () => send({ type: "inspect" }));
  click("pgn-load", () => send({ type: "load_pgn", pgn: $("pgn").value }));
  click("review-start", () => {
    const pgn = $("pgn").value.trim();
    send(pgn ? { type: "review", pgn } : { type: "review" });
  });
  click("review-prev", () => review.step(-1));
  click("review-next", () => review.step(1));
  click("pgn-show", () => ($("pgn").value = state ? state.pgn : ""));
  click("pgn-download", () => state && download("machack.pgn", state.pgn));
  $("pgn-upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) send({ type: "load_pgn", pgn: await file.text() });
    e.target.value = "";
  });
  $("fen").addEventListener("keydown", (e) => {
    if (e.key === "Enter") send({ type: "set_fen", fen: $("fen").value });
  });
  $("human").addEventListener("change", () => send({ type: "settings", human: $("human").value }));
  $("profile").addEventListener("change", () => send({ type: "settings", profile: $("profile").value }));
  $("level").addEventListener("change", () => send({ type: "settings", level: $("level").value }));
  $("book").addEventListener("change", () => send({ type: "settings", book: $("book").checked }));
  $("watch").addEventListener("change", () => send({ type: "settings", watch: $("watch").checked }));
  for (let elo = 1000; elo <= 2500; elo += 100) $("strength").append(h("option", { value: String(elo) }, String(elo)));
  $("strength").addEventListener("change", () => {
    const v = $("strength").value;
    send(v === "full" ? { type: "settings", limit_strength: false }
      : { type: "settings", limit_strength: true, elo: Number(v) });
  });
  $("multipv").addEventListener("change", () => send({ type: "settings", multipv: Number($("multipv").value) }));
  $("pov").addEventListener("change", () => {
    view.pov = $("pov").value;
    redraw();
  });
  $("notation").addEventListener("change", () => {
    view.notation = $("notation").value;
    redraw();
  });
  document.addEventListener("keydown", keys);
  $("theme").addEventListener("change", () => {
    document.body.classList.remove("scope", "plain");
    document.body.classList.add($("theme").value);
  });
  setInterval(() => {
    if (state && state.clocks && state.clocks.running) drawClocks();
    // The engine reports only new best moves; between them the page counts the time.
    const time = document.querySelector("#thinking .time");
    if (state && state.thinking && time) {
      time.textContent = `time ${((performance.now() - thinkingSince) / 1000).toFixed(1)} s`;
    }
  }, 250);
}

// Every panel again, after a change of how things are written.
function redraw() {
  drawAll();
  drawInspected();
  review.refresh();
  if (done) {
    drawDone($("thinking"), done, doneLines);
    tree.show(done);
  } else if (info) {
    drawInfo($("thinking"), info, state && state.profile === "modern");
  }
}

function flip() {
  board.flip();
  drawClocks();
}

// ← → Home End through the moves, f flips, Space starts or stops an analysis; keys typed
// into a field are the field's.
function keys(e) {
  if (!state || e.ctrlKey || e.altKey || e.metaKey) return;
  if (e.target.closest && e.target.closest("input, textarea, select")) return;
  const ply = shownPly();
  const actions = {
    ArrowLeft: () => showPly(ply - 1),
    ArrowRight: () => showPly(ply + 1),
    Home: () => showPly(0),
    End: () => showPly(state.moves.length),
    f: flip,
    " ": () => send(state.thinking === "analyse" ? { type: "stop" } : { type: "analyse" }),
  };
  const action = actions[e.key];
  if (!action) return;
  e.preventDefault();
  action();
}

async function loadPieces() {
  const text = await (await fetch("pieces.svg")).text();
  $("pieces").innerHTML = text;
  drawBoard();
}

wire();
loadPieces();
connect();
