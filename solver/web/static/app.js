// feerie's page (issue 12): the diagram editor, the streamed solve and the replay.
// No build step and no outside resource: this file talks to the JSON API of
// solver/web/server.py only.
"use strict";

const FILES = "abcdefgh";
const ORTHODOX = ["K", "Q", "R", "B", "S", "P"];

const state = {
  catalogue: null,
  pieces: new Map(),     // the editor's diagram: square -> {colour, kind}
  selected: "K",         // the palette's piece code
  pasted: null,          // a loaded text, used as long as the editor is not changed
  job: null,             // {id, source, text}
  events: null,          // the EventSource of the running job
  moves: [],             // the clickable moves of the output
  problem: -1,           // the output's problem and twin being read
  twin: -1,
  replay: null,          // {boards, index, move}
  twins: [],             // the editor's twins, one Popeye line each ('Twin Move e1 e2')
  twinShown: null,       // the twin whose position the board shows (null: the diagram, edited)
};

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const response = await fetch(path, {
    method, headers: {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  return {ok: response.ok, data};
}

// --- the board ------------------------------------------------------------------

function buildBoard() {
  const board = $("board");
  for (let rank = 7; rank >= 0; rank--) {
    for (let file = 0; file < 8; file++) {
      const square = FILES[file] + (rank + 1);
      const cell = document.createElement("div");
      cell.className = "square " + ((file + rank) % 2 ? "light" : "dark");
      cell.dataset.square = square;
      cell.id = "sq-" + square;
      cell.addEventListener("click", () => squareClicked(square));
      board.appendChild(cell);
    }
  }
}

// A piece as the report's diagrams draw it (the server's SVG of it: turned
// figures for the grasshopper and the nightrider, discs with the code for
// other fairy pieces, neutral pieces half white and half black).
function pieceElement(colour, kind) {
  const element = document.createElement("img");
  element.className = "piece";
  element.dataset.colour = colour;
  element.dataset.kind = kind;
  element.draggable = false;
  element.alt = element.title = `${colour} ${pieceName(kind)}`;
  element.src = `/api/piece?colour=${colour}&kind=${encodeURIComponent(kind)}&size=44`;
  return element;
}

function pieceName(kind) {
  const row = state.catalogue.pieces.find((p) => p.code === kind);
  return row ? `${row.name} (${kind})` : kind;
}

// pieces: a list of {square, colour, kind}; marked: squares to highlight;
// components: the last turn's components as the replay API gives them
function drawBoard(pieces, marked, components = []) {
  const captured = components.map((c) => c.captured).filter(Boolean);
  const effects = components.flatMap((c) => c.effects.map((e) => e.square));
  for (const cell of document.querySelectorAll("#board .square")) {
    cell.replaceChildren();
    cell.classList.toggle("last", marked.includes(cell.dataset.square));
    cell.classList.toggle("captured", captured.includes(cell.dataset.square));
    cell.classList.toggle("effect", effects.includes(cell.dataset.square));
    delete cell.dataset.piece;
  }
  drawArrows(components);
  for (const p of pieces) {
    const cell = $("sq-" + p.square);
    cell.appendChild(pieceElement(p.colour, p.kind));
    cell.dataset.piece = p.colour[0] + p.kind;
  }
}

// An arrow per component of the last turn (the two of a Marseillais turn in
// two colours, both ways for a Messigny exchange), and a dashed one from
// where a piece was taken to where it is reborn (Circe), or to the square of
// another effect.
function drawArrows(components) {
  const layer = $("arrow-layer");
  layer.replaceChildren();
  components.forEach((c, i) => {
    const kind = "component-" + Math.min(i, 1);
    layer.appendChild(arrowLine(c.from, c.to, kind, "head-" + Math.min(i, 1), c.exchange));
    for (const e of c.effects) {
      const start = c.captured || c.to;
      if (e.square !== start) layer.appendChild(arrowLine(start, e.square, "effect", "head-effect", false));
    }
  });
}

function centre(square) {
  return [FILES.indexOf(square[0]) * 48 + 24, (8 - Number(square[1])) * 48 + 24];
}

function arrowLine(from, to, kind, head, both) {
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  const [x1, y1] = centre(from), [x2, y2] = centre(to);
  for (const [k, v] of Object.entries({x1, y1, x2, y2})) line.setAttribute(k, v);
  line.setAttribute("class", kind);
  line.setAttribute("marker-end", `url(#${head})`);
  if (both) line.setAttribute("marker-start", `url(#${head})`);
  line.dataset.from = from;
  line.dataset.to = to;
  return line;
}

function editorPieces() {
  return [...state.pieces].map(([square, p]) => ({square, colour: p.colour, kind: p.kind}));
}

function showEditor() {
  state.replay = null;
  state.twinShown = null;
  for (const li of document.querySelectorAll("#twin-list li")) li.classList.toggle("current", li.dataset.twin === "");
  $("replay-bar").hidden = true;
  for (const m of document.querySelectorAll(".move.current")) m.classList.remove("current");
  drawBoard(editorPieces(), []);
}

function editable() {   // a replay or another twin is on the board: no editing
  return !state.replay && !state.twinShown;
}

function squareClicked(square) {
  if (state.dragged) { state.dragged = false; return; }   // the end of a drag, not a click
  if (!editable()) return;   // "back to the diagram" edits again
  if (state.pieces.has(square)) {
    state.pieces.delete(square);
  } else {
    state.pieces.set(square, {colour: colourChosen(), kind: state.selected});
  }
  edited();
  drawBoard(editorPieces(), []);
}

// --- dragging: from the palette onto the board, from square to square, off the board
// (pointer events, so that a mouse, a pen and a finger all drag)

function colourChosen() {
  return document.querySelector("input[name=colour]:checked").value;
}

function startDrag(event, piece, from) {
  if (!editable() || event.button > 0) return;
  const ghost = pieceElement(piece.colour, piece.kind);
  ghost.classList.add("ghost");
  state.drag = {piece, from, ghost, x: event.clientX, y: event.clientY, moved: false};
  event.preventDefault();
}

function moveDrag(event) {
  const drag = state.drag;
  if (!drag) return;
  if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 5) return;
  if (!drag.moved) { drag.moved = true; document.body.appendChild(drag.ghost); }
  drag.ghost.style.left = `${event.clientX - 22}px`;
  drag.ghost.style.top = `${event.clientY - 22}px`;
}

function endDrag(event) {
  const drag = state.drag;
  state.drag = null;
  if (!drag || !drag.moved) return;
  drag.ghost.remove();
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const cell = target && target.closest("#board .square");
  if (drag.from) state.pieces.delete(drag.from);   // dropped off the board: removed
  if (cell) state.pieces.set(cell.dataset.square, drag.piece);
  state.dragged = Boolean(cell);   // the click that follows a drop is not a click
  setTimeout(() => { state.dragged = false; }, 0);
  edited();
  drawBoard(editorPieces(), []);
}

function buildDragging() {
  for (const cell of document.querySelectorAll("#board .square")) {
    cell.addEventListener("pointerdown", (e) => {
      const piece = state.pieces.get(cell.dataset.square);
      if (piece) startDrag(e, piece, cell.dataset.square);
    });
  }
  for (const b of document.querySelectorAll("#orthodox button")) {
    b.addEventListener("pointerdown", (e) => startDrag(e, {colour: colourChosen(), kind: b.dataset.kind}, null));
  }
  $("current-piece").addEventListener("pointerdown",
    (e) => startDrag(e, {colour: colourChosen(), kind: state.selected}, null));
  document.addEventListener("pointermove", moveDrag);
  document.addEventListener("pointerup", endDrag);
}

// --- the palette and the statement --------------------------------------------

function buildPalette() {
  const orthodox = $("orthodox");
  for (const code of ORTHODOX) {
    const button = document.createElement("button");
    button.textContent = state.catalogue.glyphs.white[code];
    button.dataset.kind = code;
    button.title = pieceName(code);
    button.addEventListener("click", () => select(code));
    orthodox.appendChild(button);
  }
  const fairy = $("fairy");
  for (const p of state.catalogue.pieces.filter((p) => !p.orthodox)) {
    const option = document.createElement("option");
    option.value = p.code;
    option.textContent = `${p.name} (${p.code})`;
    fairy.appendChild(option);
  }
  fairy.addEventListener("change", () => { if (fairy.value) select(fairy.value); });
  const names = $("condition-names");
  for (const name of state.catalogue.conditions) {
    const option = document.createElement("option");
    option.value = name;
    names.appendChild(option);
  }
  select("K");
}

function select(code) {
  state.selected = code;
  showCurrentPiece();
  for (const b of document.querySelectorAll("#orthodox button")) {
    b.classList.toggle("selected", b.dataset.kind === code);
  }
  if (ORTHODOX.includes(code)) $("fairy").value = "";
}

// The piece the palette places, in its colour: it can be dragged onto the board.
function showCurrentPiece() {
  const holder = $("current-piece");
  holder.replaceChildren(pieceElement(colourChosen(), state.selected));
  holder.dataset.kind = state.selected;
}

// --- the condition and option pickers: what feerie supports, with parameters

function buildPickers() {
  const conditions = new Map(state.catalogue.condition_pickers.map((c) => [c.name, c]));
  const options = new Map(state.catalogue.option_pickers.map((o) => [o.name, o]));
  fillSelect($("condition-pick"), [...conditions.keys()]);
  fillSelect($("option-pick"), [...options.keys()]);
  $("condition-pick").addEventListener("change", () => {
    const picked = conditions.get($("condition-pick").value);
    const words = $("condition-words");
    words.replaceChildren();
    for (const word of picked ? picked.words : []) {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = word;
      label.append(box, " " + word);
      words.appendChild(label);
    }
    typedField($("condition-typed"), picked && picked.typed);
    $("condition-add").disabled = !picked;
  });
  $("option-pick").addEventListener("change", () => {
    const picked = options.get($("option-pick").value);
    typedField($("option-typed"), picked && picked.typed);
    $("option-add").disabled = !picked;
  });
  $("condition-add").addEventListener("click", () => {
    const words = [...document.querySelectorAll("#condition-words input:checked")].map((b) => b.value);
    appendTo($("conditions"), [$("condition-pick").value, ...words, $("condition-typed").value.trim()]);
  });
  $("option-add").addEventListener("click", () => {
    appendTo($("options"), [$("option-pick").value, $("option-typed").value.trim()]);
  });
}

function fillSelect(select, names) {
  for (const name of names) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.appendChild(option);
  }
}

function typedField(field, hint) {
  field.hidden = !hint;
  field.value = "";
  field.placeholder = hint || "";
}

// A condition or an option added to its field as Popeye writes it, then read.
function appendTo(field, parts) {
  const text = parts.filter(Boolean).join(" ");
  field.value = field.value.trim() ? `${field.value.trim()} ${text}` : text;
  validate();
}

function edited() {
  state.pasted = null;   // the editor now says what the problem is
}

// The problem as a Popeye input file, from the editor.
function editorText() {
  const byColour = {white: [], black: [], neutral: []};
  for (const [square, p] of state.pieces) byColour[p.colour].push(p.kind + square);
  const lines = ["BeginProblem"];
  const pieces = Object.entries(byColour).filter(([, list]) => list.length)
    .map(([colour, list]) => colour[0].toUpperCase() + colour.slice(1) + " " + list.join(" "));
  if (pieces.length) lines.push("Pieces " + pieces.join(" "));
  lines.push("Stipulation " + $("stipulation").value.trim());
  if ($("conditions").value.trim()) lines.push("Condition " + $("conditions").value.trim());
  if ($("options").value.trim()) lines.push("Option " + $("options").value.trim());
  lines.push(...state.twins);
  lines.push("EndProblem", "");
  return lines.join("\n");
}

function problemText() {
  return state.pasted !== null ? state.pasted : editorText();
}

function showError(error) {
  $("error").textContent = error ? error.message : "";
}

async function loadPasted() {
  const text = $("paste").value;
  const {ok, data} = await api("POST", "/api/parse", {text});
  if (!ok) { showError(data.error); loaded(); return; }
  showError(null);
  state.pieces = new Map(data.pieces.map((p) => [p.square, {colour: p.colour, kind: p.kind}]));
  const problem = data.problem;
  $("stipulation").value = problem.stipulation.text;
  $("conditions").value = problem.conditions.map((c) => [c.name, ...c.params].join(" ")).join(" ");
  $("options").value = problem.options.map((o) => [o.name, ...o.args].join(" ")).join(" ");
  state.twins = data.twin_lines;   // kept when the editor changes the problem
  state.pasted = text;   // solved as pasted until the editor changes it
  showTwins(data.twin_labels);
  showEditor();
  loaded();
}

function loaded() {   // a load is done (for the browser tests, which wait for it)
  document.body.dataset.loads = String(Number(document.body.dataset.loads || 0) + 1);
}

async function validate() {
  edited();
  const {ok, data} = await api("POST", "/api/parse", {text: editorText()});
  showError(ok ? null : data.error);
  loaded();
}

// --- twins: Popeye's twin changes, listed; the board shows the chosen twin

const TWIN_HINTS = {Move: "e1 e2", Exchange: "e1 e8", Remove: "a1", Add: "Black Bb2", Substitute: "R B",
                    Rotate: "90", Mirror: "a1<-->h1", Shift: "a1 a2", PolishType: "", Stipulation: "h#3",
                    Condition: "Circe"};

async function addTwin() {
  const kind = $("twin-kind").value;
  const line = ["Twin", $("twin-continued").checked ? "Continued" : "", kind, $("twin-args").value.trim()]
    .filter(Boolean).join(" ");
  state.twins.push(line);
  edited();
  if (!(await refreshTwins())) state.twins.pop();   // a change that cannot be read is not kept
  loaded();
}

async function removeTwin(index) {
  state.twins.splice(index, 1);
  edited();
  await refreshTwins();
  showEditor();
}

// The twins as feerie reads them (labels as Popeye prints them); false on a read error.
async function refreshTwins() {
  const {ok, data} = await api("POST", "/api/parse", {text: problemText()});
  showError(ok ? null : data.error);
  if (ok) showTwins(data.twin_labels);
  return ok;
}

function showTwins(labels) {
  const list = $("twin-list");
  list.replaceChildren();
  if (!labels.length) return;
  const entries = [["the diagram (edit)", ""], ...labels.map((label, i) => [label, String(i)])];
  for (const [label, twin] of entries) {
    const item = document.createElement("li");
    item.dataset.twin = twin;
    const name = document.createElement("span");
    name.textContent = label;
    name.addEventListener("click", () => (twin === "" ? showEditor() : showTwin(Number(twin))));
    item.appendChild(name);
    const line = twin === "" ? -1 : state.twins.length - labels.length + Number(twin);
    if (line >= 0 && state.pasted === null) {   // the editor's own twins can be removed
      const remove = document.createElement("button");
      remove.textContent = "×";
      remove.title = `remove ${state.twins[line]}`;
      remove.addEventListener("click", () => removeTwin(line));
      item.append(" ", remove);
    }
    list.appendChild(item);
  }
}

async function showTwin(index) {
  const {ok, data} = await api("POST", "/api/replay", {text: problemText(), twin: index, moves: []});
  if (!ok) { showError(data.error); return; }
  state.replay = null;
  $("replay-bar").hidden = true;
  state.twinShown = index;
  for (const li of document.querySelectorAll("#twin-list li")) li.classList.toggle("current", li.dataset.twin === String(index));
  drawBoard(data.boards[0].pieces, []);
  $("board").dataset.twin = String(index);   // for the browser tests
}

// --- solving --------------------------------------------------------------------

async function solve() {
  stopListening();
  const text = problemText();
  const maxTime = parseFloat($("maxtime").value) || 30;
  const {ok, data} = await api("POST", "/api/jobs", {text, max_time: maxTime});
  if (!ok) { showError(data.error); return; }
  showError(null);
  state.job = {id: data.id, text};
  for (const b of document.querySelectorAll("[data-solution]")) b.disabled = false;
  document.body.dataset.job = data.id;   // for the browser tests
  state.moves = [];
  state.problem = -1;
  state.twin = -1;
  $("output").replaceChildren();
  $("verdict").replaceChildren();
  $("verdict").hidden = true;
  setRunning(true, "solving…");
  const events = new EventSource(`/api/jobs/${data.id}/events`);
  state.events = events;
  events.onmessage = (message) => handle(JSON.parse(message.data));
  events.onerror = () => { if (state.events === events) { stopListening(); setRunning(false, "connection lost"); } };
}

function stopListening() {
  if (state.events) state.events.close();
  state.events = null;
}

function setRunning(running, status) {
  $("solve").disabled = running;
  $("stop").disabled = !running;
  $("status").textContent = status;
}

async function stop() {
  if (!state.job) return;
  $("status").textContent = "stopping…";
  await api("DELETE", `/api/jobs/${state.job.id}`);
}

function handle(event) {
  switch (event.event) {
    case "problem": state.problem += 1; state.twin = -1; break;
    case "twin": state.twin += 1; break;
    case "text": appendText(event.text, event.moves); break;
    case "verdict": showVerdict(event); break;
    case "error":
      showError(event.error);
      appendText("feerie: " + event.error.message + "\n", []);
      break;
    case "end":
      stopListening();
      setRunning(false, event.stopped ? "stopped (what was found is shown)" : "finished");
      $("status").dataset.done = "1";
      break;
  }
}

// The verdict of `feerie check` on a problem just solved: its word, and the
// lines the CLI prints (evidence and information), or why there is none.
function showVerdict(event) {
  const box = $("verdict");
  box.hidden = false;
  const row = document.createElement("div");
  row.className = "verdict-row";
  const word = document.createElement("span");
  const verdict = event.verdict ? event.verdict.verdict : "none";
  word.className = "verdict-word " + verdict;
  word.textContent = event.verdict ? verdict.replace("_", " ") : "no verdict";
  row.dataset.verdict = verdict;
  const lines = document.createElement("pre");
  lines.textContent = event.verdict ? event.lines.join("\n") : event.reason;
  row.append(word, lines);
  box.appendChild(row);
}

// A piece of the text output, its moves made clickable in the order printed.
function appendText(text, moves) {
  const output = $("output");
  let cursor = 0;
  for (const move of moves) {
    let at = text.indexOf(move.text, cursor);
    let shown = move.text;
    if (at < 0) {   // printed without its mark (or with it glued): the move alone
      shown = move.text.split(" ")[0];
      at = text.indexOf(shown, cursor);
    }
    if (at < 0) continue;
    output.appendChild(document.createTextNode(text.slice(cursor, at)));
    const span = document.createElement("span");
    span.className = "move";
    span.textContent = shown;
    span.dataset.index = String(state.moves.length);
    state.moves.push({...move, problem: Math.max(state.problem, 0), twin: Math.max(state.twin, 0)});
    span.addEventListener("click", () => replayTo(span));
    output.appendChild(span);
    cursor = at + shown.length;
  }
  output.appendChild(document.createTextNode(text.slice(cursor)));
}

// --- replay ---------------------------------------------------------------------

async function replayTo(span) {
  const move = state.moves[Number(span.dataset.index)];
  const {ok, data} = await api("POST", "/api/replay", {
    text: state.job.text, problem: move.problem, twin: move.twin, moves: move.line, sides: move.sides,
  });
  if (!ok) { showError(data.error); return; }
  showError(data.error);
  for (const m of document.querySelectorAll(".move.current")) m.classList.remove("current");
  span.classList.add("current");
  state.replay = {boards: data.boards, index: data.boards.length - 1};
  $("replay-bar").hidden = false;
  showReplay();
}

function showReplay() {
  const board = state.replay.boards[state.replay.index];
  drawBoard(board.pieces, board.squares, board.components || []);
  $("replay-move").textContent = board.move
    ? `${state.replay.index}. ${board.move}` : "the diagram";
  $("board").dataset.ply = String(state.replay.index);
}

function step(delta) {
  if (!state.replay) return;
  const index = state.replay.index + delta;
  if (index < 0 || index >= state.replay.boards.length) return;
  state.replay.index = index;
  showReplay();
}

// --- exports ----------------------------------------------------------------------

// The problem as Popeye input or native text, or the diagram (SVG, PNG) of the
// twin on the board; text is shown to copy and downloaded, images downloaded.
async function exportProblem(format) {
  const response = await fetch("/api/export", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({text: problemText(), format, twin: state.twinShown || 0}),
  });
  await deliver(response, format === "popeye" || format === "native");
}

async function exportSolution(format) {
  if (!state.job) return;
  await deliver(await fetch(`/api/jobs/${state.job.id}/solution?format=${format}`), true);
}

async function deliver(response, isText) {
  if (!response.ok) { showError((await response.json()).error); return; }
  showError(null);
  const blob = await response.blob();
  const name = (response.headers.get("Content-Disposition") || "").match(/filename="(.*)"/);
  const box = $("export-text");
  box.hidden = !isText;
  box.value = isText ? await blob.text() : "";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name ? name[1] : "feerie-export";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  document.body.dataset.exported = link.download;   // for the browser tests
}

function buildExports() {
  for (const b of document.querySelectorAll("[data-export]")) {
    b.addEventListener("click", () => exportProblem(b.dataset.export));
  }
  for (const b of document.querySelectorAll("[data-solution]")) {
    b.addEventListener("click", () => exportSolution(b.dataset.solution));
  }
  const png = document.querySelector("[data-export=png]");
  if (state.catalogue.png) {   // no Pillow or no font here: the button says why
    png.disabled = true;
    png.title = state.catalogue.png;
    $("png-note").textContent = "PNG: " + state.catalogue.png;
  }
}

// --- a batch database (serve --db) ------------------------------------------------

async function showCollection(verdict) {
  const query = verdict ? `?verdict=${encodeURIComponent(verdict)}` : "";
  const {ok, data} = await api("GET", "/api/db" + query);
  if (!ok) { showError(data.error); return; }
  $("collection").hidden = false;
  $("db-source").textContent = data.source;
  const verdicts = $("db-verdicts");
  verdicts.replaceChildren();
  const total = Object.values(data.verdicts).reduce((a, b) => a + b, 0);
  for (const [name, count] of [["", total], ...Object.entries(data.verdicts)]) {
    const button = document.createElement("button");
    button.textContent = `${name ? name.replace("_", " ") : "all"} (${count})`;
    button.dataset.verdict = name;
    button.classList.toggle("selected", name === (verdict || ""));
    button.addEventListener("click", () => showCollection(name));
    verdicts.appendChild(button);
  }
  const list = $("db-list");
  list.replaceChildren();
  for (const p of data.problems) {
    const item = document.createElement("li");
    item.textContent = `${p.file} [${p.index}] ${p.stipulation} ${p.title} — ${p.verdict}` +
      (p.evidence ? `: ${p.evidence}` : "");
    item.dataset.verdict = p.verdict;
    item.addEventListener("click", () => showDbProblem(p, item));
    list.appendChild(item);
  }
  document.body.dataset.dbShown = verdict || "all";   // for the browser tests
}

async function showDbProblem(p, item) {
  const query = `file=${encodeURIComponent(p.file)}&index=${p.index}`;
  const {ok, data} = await api("GET", "/api/db/problem?" + query);
  if (!ok) { showError(data.error); return; }
  for (const li of document.querySelectorAll("#db-list li.current")) li.classList.remove("current");
  item.classList.add("current");
  $("db-detail").hidden = false;
  $("db-diagrams").innerHTML = data.diagrams.join("");   // the server's own SVG (the report's)
  $("db-evidence").textContent = `${data.verdict}\n` + data.evidence.join("\n");
  $("db-open").onclick = () => openInEditor(query);
}

async function openInEditor(query) {
  const {ok, data} = await api("GET", "/api/db/text?" + query);
  if (!ok) { showError(data.error); return; }
  $("paste").value = data.text;
  $("paste-box").open = true;
  await loadPasted();
}

// --- start ----------------------------------------------------------------------

async function start() {
  state.catalogue = (await api("GET", "/api/catalogue")).data;
  buildBoard();
  buildPalette();
  buildPickers();
  buildDragging();
  buildExports();
  for (const radio of document.querySelectorAll("input[name=colour]")) radio.addEventListener("change", showCurrentPiece);
  $("load").addEventListener("click", loadPasted);
  $("twin-add").addEventListener("click", addTwin);
  $("twin-kind").addEventListener("change", () => { $("twin-args").placeholder = "e.g. " + TWIN_HINTS[$("twin-kind").value]; });
  $("clear").addEventListener("click", () => {
    state.pieces.clear(); state.twins = []; showTwins([]); edited(); showEditor();
  });
  $("solve").addEventListener("click", solve);
  $("stop").addEventListener("click", stop);
  $("edit").addEventListener("click", showEditor);
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  for (const id of ["stipulation", "options"]) $(id).addEventListener("input", edited);
  $("conditions").addEventListener("change", validate);
  // A closed (or left) page stops its search: the server also sees the stream end,
  // but a browser may keep the connection of a page it caches.
  window.addEventListener("pagehide", () => {
    if (state.events && state.job) navigator.sendBeacon(`/api/jobs/${state.job.id}/stop`);
    stopListening();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input, textarea, select")) return;
    if (e.key === "ArrowLeft") { step(-1); e.preventDefault(); }
    if (e.key === "ArrowRight") { step(1); e.preventDefault(); }
  });
  drawBoard([], []);
  if (state.catalogue.db) await showCollection("");
  document.body.dataset.ready = "1";
}

start();
