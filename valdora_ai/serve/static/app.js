// The valdora_ai page: play and analyse over one WebSocket speaking the engine protocol.
// Every message sent is an engine request (or a session request, docs/serve.md); every
// message received is a response whose `id` names the request it answers.
"use strict";

const $ = (id) => document.getElementById(id);
const handlers = new Map(); // request id -> function(response)
let socket = null;
let nextId = 1;
let version = null;

function send(request, onResponse) {
  const id = `r${nextId++}`;
  handlers.set(id, onResponse);
  socket.send(JSON.stringify({ id, ...request }));
  return id;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onopen = () => {
    $("connection").textContent = "connected";
    send({ action: "version" }, setUp);
  };
  socket.onclose = () => { $("connection").textContent = "disconnected (reload the page)"; };
  socket.onmessage = (event) => {
    const response = JSON.parse(event.data);
    const handler = handlers.get(response.id);
    if (handler) handler(response);
    else if (response.error) showError(response.error);
  };
}

function finalResponse(response) {
  // Streams end with: an error, a session "table"/"hint"/... (not "bot"), a final analysis
  // (isDuringSearch false) or an analyze_game summary.
  if (response.error) return true;
  if (response.kind === "bot" || response.kind === "turn") return false;
  if (response.isDuringSearch) return false;
  return true;
}

function on(handler) {
  return (response) => {
    if (finalResponse(response)) handlers.delete(response.id);
    handler(response);
  };
}

function text(value) { return document.createTextNode(value); }
function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, attributes || {});
  for (const child of children) node.append(typeof child === "string" ? text(child) : child);
  return node;
}
function percent(x) { return x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)}%`; }
function showError(error, where = "error") {
  $(where).textContent = error ? `${error.code}: ${error.message}` : "";
}

function showPosition(target, shown) {
  const board = $(target);
  board.replaceChildren();
  if (shown.svg) {
    const parsed = new DOMParser().parseFromString(shown.svg, "image/svg+xml");
    board.append(document.importNode(parsed.documentElement, true));
    readable(board.querySelector("svg"));
  } else {
    board.append(element("pre", {}, shown.text || ""));
  }
}

// The smallest text of a board picture, in CSS px, is at least MIN_TEXT_PX: the picture
// is drawn no narrower than that allows, and its box scrolls when the screen is narrower.
const MIN_TEXT_PX = 11;
function readable(svg) {
  if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
  let smallest = Infinity;
  for (const node of svg.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(node).fontSize);
    if (size > 0 && node.textContent.trim()) smallest = Math.min(smallest, size);
  }
  if (!Number.isFinite(smallest)) return;
  svg.style.minWidth = `${Math.ceil(svg.viewBox.baseVal.width * MIN_TEXT_PX / smallest)}px`;
}

function download(name, content) {
  const url = URL.createObjectURL(new Blob([content], { type: "application/x-ndjson" }));
  const link = element("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ------------------------------------------------------------------ setup
function setUp(response) {
  version = response;
  handlers.delete(response.id);
  for (const game of response.games) $("game").append(element("option", { value: game }, game));
  for (let n = 2; n <= 6; n++) $("players").append(element("option", { value: n }, String(n)));
  $("players").value = "3";
  if (response.games.includes("valdora")) $("game").value = "valdora";
  const levels = Array.from({ length: response.levels }, (_, i) => `level:${i + 1}`);
  const specs = ["human", ...response.agents, "ismcts:iterations=200", "greedy", ...levels];
  for (const spec of specs) $("agent-specs").append(element("option", { value: spec }));
  $("difficulty").append(element("option", { value: "" }, "as typed"));
  levels.forEach((spec, i) => $("difficulty").append(element("option", { value: spec },
    `${i + 1}${i === 0 ? " (beginner)" : i === levels.length - 1 ? " (strongest)" : ""}`)));
  seatInputs();
}

// Every seat that a bot plays gets the chosen difficulty; a human seat stays human.
function setDifficulty() {
  const spec = $("difficulty").value;
  if (!spec) return;
  for (const input of $("seats").querySelectorAll("input")) {
    if (input.value.trim() !== "human") input.value = spec;
  }
}

function seatInputs() {
  const seats = $("seats");
  const old = [...seats.querySelectorAll("input")].map((input) => input.value);
  seats.replaceChildren();
  const count = Number($("players").value);
  for (let seat = 0; seat < count; seat++) {
    const value = old[seat] || (seat === 0 ? "human" : $("difficulty").value || "greedy");
    seats.append(element("label", {}, `seat ${seat} `,
      element("input", { id: `seat-${seat}`, value, title: "human or an agent spec" })));
  }
  for (const input of seats.querySelectorAll("input")) input.setAttribute("list", "agent-specs");
}

// ------------------------------------------------------------------ play
// clocks: the server's seconds left, when they came, the running seat; pending: a new game
// or a play is on its way, until its last response (a bot's turn streams a table before
// it; the board takes no click until the last).
const play = { session: null, table: null, game: null, reasons: new Map(),
  clocks: null, pending: false };

// A new game's time control from the Clock field: {clock} for every seat, {clocks} one
// per seat (commas), {} untimed; null (and an error shown) when it is not BASE+INC.
function clockRequest() {
  const text = $("clock").value.trim();
  if (!text) return {};
  const controls = text.split(",").map((part) => {
    const match = /^\s*(\d+(?:\.\d*)?)\s*(?:\+\s*(\d+(?:\.\d*)?))?\s*$/.exec(part);
    return match ? { base: Number(match[1]), increment: Number(match[2] || 0) } : null;
  });
  if (controls.includes(null)) {
    showError({ code: "invalid_request", message: `clock: BASE+INC in seconds (e.g. 300+5), or one per seat separated by commas, got ${JSON.stringify(text)}` });
    return null;
  }
  return controls.length === 1 ? { clock: controls[0] } : { clocks: controls };
}

// A clock's time as the terminal shows it: M:SS.s.
function clockText(seconds) {
  const tenths = Math.floor(Math.max(seconds, 0) * 10);
  const minutes = Math.floor(tenths / 600), rest = tenths % 600;
  return `${minutes}:${String(Math.floor(rest / 10)).padStart(2, "0")}.${rest % 10}`;
}

// Each seat's clock, the running one counted down from the server's last word. The
// server rules: when a person's time reaches zero here the page asks it (`clock`), and
// it ends the game on time if that seat's time has really run out.
function showClocks() {
  const c = play.clocks;
  if (!c || c.left.every((left) => left === null)) { $("clocks").replaceChildren(); return; }
  const elapsed = (performance.now() - c.at) / 1000;
  const left = c.left.map((l, seat) => (seat === c.running ? l - elapsed : l));
  $("clocks").replaceChildren(...left.map((l, seat) => element("span", {
    className: seat === c.running ? "running" : (l <= 0 ? "out" : "") },
  `${seat ? " · " : ""}seat ${seat} ${clockText(l)}`)));
  if (c.running !== null && c.human && left[c.running] <= 0 && !c.asked) {
    c.asked = true;
    send({ action: "clock", session: play.session }, on(gameResponse));
  }
}

function startGame(request) {
  if (play.session) send({ action: "close", session: play.session }, on(() => {}));
  play.session = null;
  play.clocks = null;
  play.reasons = new Map();
  $("log").replaceChildren();
  $("hint-text").replaceChildren();
  showError(null);
  play.pending = true;
  send(request, on(gameResponse));
}

function gameResponse(response) {
  if (finalResponse(response)) play.pending = false;
  if (response.error) {  // refused (an illegal move, an undo past a private reveal): choose again
    showError(response.error);
    for (const button of $("choices").querySelectorAll("button")) button.disabled = false;
    if (typeof resumeTargets === "function") resumeTargets();
    return;
  }
  play.session = response.session;
  if (response.kind === "bot") play.reasons.set(response.bot.line, response.bot.reasoning);
  if (response.message) $("hint-text").textContent = response.message;
  if (response.table) showTable(response.table);
}

function showTable(table) {
  play.table = table;
  play.game = table.game;
  const running = table.over ? null : table.toMove;
  play.clocks = { left: table.clocks, at: performance.now(), running,
    human: running !== null && table.seats[running] === "human", asked: false };
  showClocks();
  showPosition("board", table);
  const log = $("log");
  log.replaceChildren(...table.history.map((turn) => {
    const reason = play.reasons.get(turn.line);
    return element("li", {}, element("span", { className: "num" }, turnLabel(turn.turn)),
      ` seat ${turn.seat} (${table.seats[turn.seat]}): ${turn.play}`,
      ...(turn.words && turn.words.length ? [element("span", { className: "dim" }, ` = ${turn.words.join("; ")}`)] : []),
      ...(reason ? [element("span", { className: "reason" }, ` — ${reason}`)] : []));
  }));
  log.scrollTop = log.scrollHeight;
  let status;
  showResult(table);
  if (table.flag) {
    status = `Game over on time — ${table.flag}`;
  } else if (table.over) {
    const scores = table.result.scores.map((s, i) => `seat ${i}: ${s}`).join(", ");
    status = `Game over — ${scores}; won by seat ${table.result.winners.join(" and ")}`;
  } else if (table.choices.length) {
    status = `Turn ${table.turn}: your move (seat ${table.toMove})`;
  } else {
    status = `Turn ${table.turn}: seat ${table.toMove} to move`;
  }
  $("status").textContent = status;
  $("so-far").textContent = table.soFar ? `so far: ${table.soFar}` : "";
  showSeen(table.seen || []);
  showChoices(table.choices);
  if (typeof markTargets === "function") markTargets(table);  // clicks.js: the board plays
  $("undo").disabled = !table.canUndo;
  $("hint").disabled = !table.choices.length;
}

// The fallback list: every legal step as a button, grouped under a heading per step kind
// (the board's click targets and the turn controls play the same steps).
function showChoices(list) {
  const choices = $("choices");
  choices.replaceChildren();
  const groups = new Map();
  for (const choice of list) {
    if (!groups.has(choice.kind)) groups.set(choice.kind, []);
    groups.get(choice.kind).push(choice);
  }
  for (const [kind, members] of groups) {
    const group = element("div", { className: "kind-group" },
      element("h3", { className: "kind" }, kind.replaceAll("_", " ")));
    group.dataset.kind = kind;
    for (const choice of members) {
      // The step in the rulebook's words, its notation beside it (still typed in records).
      const button = element("button", { type: "button", title: `${choice.words} (${choice.move})` },
        choice.words, " ", element("code", { className: "dim" }, choice.label));
      button.dataset.step = choice.step;
      button.addEventListener("click", () => act({ action: "play", step: choice.step }));
      group.append(button);
    }
    choices.append(group);
  }
}

// What the turn's steps revealed to the person, at once (a private reveal stays seen).
function showSeen(seen) {
  for (const item of seen) {
    $("so-far").append(element("div", { className: item.private ? "seen private" : "seen" },
      `you see: ${item.words}${item.private ? " (only you see it)" : ""}`));
  }
}

// A played turn's number as the game counts turns ("setup" for a line it does not count),
// the number the status line and the picture use too.
function turnLabel(number) { return number === null || number === undefined ? "setup" : `turn ${number}`; }

// At game over, each seat's points by category, as the terminal's result table shows them.
function showResult(table) {
  const box = $("result");
  box.replaceChildren();
  if (!table.over || !table.result) return;
  const r = table.result;
  const columns = r.columns.length ? r.columns : ["total"];
  const length = r.rounds === null ? `${r.turns} turns` : `${r.rounds} rounds (${r.turns} turns)`;
  const head = element("tr", {}, ...["seat", "player", ...columns, ""].map((c) => element("th", {}, c)));
  const rows = table.seats.map((spec, seat) => {
    const cells = r.columns.length ? r.rows[seat] : [r.scores[seat]];
    const won = r.winners.includes(seat) ? (r.winners.length > 1 ? "shared win" : "winner") : "";
    return element("tr", { className: won ? "winner" : "" }, element("td", {}, String(seat)),
      element("td", {}, spec), ...cells.map((c) => element("td", {}, String(c))), element("td", {}, won));
  });
  box.append(element("table", {},
    element("caption", {}, `Game over after ${length}, ended ${table.flag ? "on time" : r.capped ? "by the safety cap" : "by the end trigger"}`),
    element("thead", {}, head), element("tbody", {}, ...rows)));
}

function act(request) {
  if (!play.session) return;
  showError(null);
  $("hint-text").replaceChildren();
  for (const button of $("choices").querySelectorAll("button")) button.disabled = true;
  if (typeof pauseTargets === "function") pauseTargets();  // clicks.js: one play at a time
  play.pending = true;
  send({ ...request, session: play.session }, on(gameResponse));
}

function hint() {
  if (!play.session) return;
  $("hint-text").textContent = "thinking…";
  send({ action: "hint", session: play.session, agent: $("hint-agent").value },
    on((response) => {
      if (response.error) { $("hint-text").replaceChildren(); showError(response.error); return; }
      if (response.table) { $("hint-text").replaceChildren(); gameResponse(response); return; }  // ended on time
      const h = response.hint;
      const lines = [...h.explanation.does, ...h.explanation.why];
      $("hint-text").replaceChildren(
        hintPlayButton(h),
        element("b", {}, h.text + (h.openEnd ? " … (then it depends on the reveal)" : "")),
        element("div", {}, h.words.join("; ")),
        element("div", { className: "dim" }, h.reasoning),
        element("ul", {}, ...lines.map((line) => element("li", {}, line))));
    }));
}

// One click plays the hint's steps (up to a reveal the rest of the turn depends on).
function hintPlayButton(h) {
  const button = element("button", { type: "button", id: "hint-play",
    title: "play the suggested steps" }, h.openEnd ? "Play these steps" : "Play this");
  button.disabled = !h.steps || !h.steps.length;
  button.addEventListener("click", () => act({ action: "play", steps: h.steps }));
  return button;
}

function withRecord(use) {
  send({ action: "record", session: play.session }, on((response) => {
    if (response.error) showError(response.error);
    else use(response.record);
  }));
}

function readFile(input, use) {
  const file = input.files[0];
  if (!file) return;
  file.text().then((content) => { input.value = ""; use(content); });
}

// ------------------------------------------------------------------ analyse
const study = { record: null, game: null, position: null, turns: 0, search: null, review: null,
  moves: [], flags: new Map() };

function source() {
  if (study.record) return { record: study.record, turn: Number($("turn").value) };
  return { game: study.game, position: study.position };
}

function loadRecord(record) {
  study.record = record;
  study.position = null;
  $("turn").value = "1";
  clearReview();
  view();
}

function loadPosition() {
  let document_;
  try { document_ = JSON.parse($("position-text").value); } catch (error) {
    $("analyse-error").textContent = `the position is not JSON: ${error.message}`;
    return;
  }
  study.record = null;
  study.position = document_;
  study.game = document_.game || "valdora";
  clearReview();
  view();
}

function view() {
  showError(null, "analyse-error");
  const request = { action: "view", ...source() };
  if (study.record && Number($("turn").value) > study.turns + 1 && study.turns) {
    $("turn").value = String(study.turns + 1);
    request.turn = study.turns + 1;
  }
  send(request, on((response) => {
    if (response.error) { showError(response.error, "analyse-error"); return; }
    const shown = response.view;
    study.turns = shown.turns;
    study.game = shown.game;
    showPosition("analyse-board", shown);
    const turn = Number($("turn").value);
    const move = shown.moves && shown.moves[turn - 1];
    const played = study.record && move ? `; ${turnLabel(move.turn)}, seat ${move.seat} played: ${move.play}` : "";
    $("where").textContent = study.record
      ? `${shown.game}, ${shown.turns} record lines${played}`
      : `${shown.game} position`;
    $("turn").disabled = !study.record;
    showMoves(shown.moves, turn);
  }));
}

// The loaded record's move list, like a chess site's: each line with the number the game
// counts it as, its seat and play, and the review's flag; a click shows the position
// it was played from (the last entry: the end). The current position is marked.
function showMoves(moves, current) {
  const list = $("moves");
  study.moves = moves || [];
  if (!study.moves.length) {
    list.replaceChildren(element("li", { className: "dim" },
      study.record ? "no moves yet" : "a position: no move list"));
    return;
  }
  const items = study.moves.map((move, i) => moveItem(i + 1, `${turnLabel(move.turn)} · seat ${move.seat}: ${move.play}`));
  items.push(moveItem(study.moves.length + 1, "end"));
  list.replaceChildren(...items);
  const here = list.querySelector(`li[data-line="${current}"]`);
  if (here) { here.classList.add("current"); here.scrollIntoView({ block: "nearest" }); }
}

function moveItem(line, label) {
  const item = element("li", { tabIndex: 0, title: "show the position this was played from" }, label);
  item.dataset.line = line;
  const flag = study.flags.get(line);
  if (flag) item.append(" ", element("span", { className: `flag-mark ${flag}` }, flag));
  const go = () => { $("turn").value = String(line); view(); };
  item.addEventListener("click", go);
  item.addEventListener("keydown", (event) => { if (event.key === "Enter") go(); });
  return item;
}

function stepTurn(delta) {
  if (!study.record) return;
  const turn = Math.min(Math.max(1, Number($("turn").value) + delta), study.turns + 1);
  $("turn").value = String(turn);
  view();
}

function startSearch() {
  if (!study.record && !study.position) return;
  stopSearch();
  showError(null, "analyse-error");
  const request = {
    action: "analyze", ...source(), agent: $("analyse-agent").value,
    budget: { seconds: Number($("analyse-seconds").value) }, reportEvery: 0.25, topK: 8,
  };
  $("analyse-stop").disabled = false;
  study.search = send(request, on((response) => {
    if (response.error) {
      showError(response.error, "analyse-error");
      study.search = null;
      $("analyse-stop").disabled = true;
      return;
    }
    showCandidates(response);
    if (!response.isDuringSearch) { study.search = null; $("analyse-stop").disabled = true; }
  }));
}

function showCandidates(response) {
  const state = response.isDuringSearch ? "searching" : response.terminated ? "stopped" : "done";
  $("analyse-status").textContent =
    `${state}: ${response.agent}, ${response.iterations || 0} iterations, ${(response.seconds || 0).toFixed(1)} s, seat ${response.player} to move`;
  const body = $("candidates").tBodies[0];
  body.replaceChildren();
  for (const c of response.candidates) {
    const seat = response.player;
    const value = c.values && c.values.length ? withInterval(c.values[seat], c.valueInterval, 3) : "–";
    const points = c.expectedScores && c.expectedScores.length
      ? withInterval(c.expectedScores[seat], c.scoreInterval, 1) : "–";
    const turn = element("td", {}, c.turn);
    if (c.words && c.words.length) turn.append(element("div", { className: "dim" }, c.words.join("; ")));
    body.append(element("tr", {}, element("td", {}, String(c.order + 1)), turn,
      element("td", {}, String(c.visits ?? "–")), element("td", {}, value),
      element("td", {}, percent(c.winProbability)), element("td", {}, points)));
  }
}

// A figure and its 95% interval ([low, high], or null when the agent measures none).
function withInterval(x, interval, digits) {
  const shown = x.toFixed(digits);
  return interval ? `${shown} [${interval[0].toFixed(digits)}, ${interval[1].toFixed(digits)}]` : shown;
}

function stopSearch() {
  if (study.search) send({ action: "terminate", terminateId: study.search }, on(() => {}));
}

function clearReview() {
  study.flags = new Map();
  for (const mark of $("moves").querySelectorAll(".flag-mark")) mark.remove();
  $("plot").replaceChildren();
  $("mistakes").replaceChildren();
  $("review-status").textContent = "";
  study.review = null;
}

function startReview() {
  if (!study.record) { $("analyse-error").textContent = "load a record first"; return; }
  clearReview();
  $("review-stop").disabled = false;
  let reviewed = 0;
  study.review = send({ action: "analyze_game", record: study.record, agent: $("review-agent").value, explain: true },
    on((response) => {
      if (response.error) { showError(response.error, "analyse-error"); $("review-stop").disabled = true; return; }
      if (response.kind === "turn") {
        reviewed += 1;
        $("review-status").textContent = `reviewed ${reviewed} of ${study.turns} turns…`;
        const r = response.review;
        if (r.flag) addMistake(r);
        return;
      }
      $("review-stop").disabled = true;
      study.review = null;
      const flagged = $("mistakes").children.length;
      const seats = response.summary.map((s) =>
        `seat ${s.seat}: ${s.withinNoise} of ${s.turns} within the noise of the best, accuracy ${s.accuracy.toFixed(1)}%`);
      $("review-status").textContent =
        `${response.terminated ? "stopped" : "done"}: ${response.turns} turns, ${flagged} flagged (click one to see its position). ${seats.join("; ")}`;
      plot(response.winChances);
    }));
}

// A decision's steps in words, in brackets after its notation ("" when absent).
function inWords(words) { return words && words.length ? ` (${words.join("; ")})` : ""; }

function addMistake(r) {
  const move = study.moves[r.turn - 1];
  const item = element("li", { className: "flag", value: r.turn },
    element("span", { className: r.flag }, r.flag),
    ` ${move ? turnLabel(move.turn) : `line ${r.turn}`}: seat ${r.seat} played ${r.played}${inWords(r.playedWords)}; best ${r.best}${inWords(r.bestWords)}: lost ${withInterval(r.loss, r.lossInterval, 1)} points and ${withInterval(100 * r.winLoss, r.winLossInterval.map((x) => 100 * x), 0)} percentage points of win chance on ${r.worlds} common sampled worlds (95%)`);
  item.dataset.turn = r.turn;
  item.addEventListener("click", () => { $("turn").value = String(r.turn); view(); });
  $("mistakes").append(item);
  study.flags.set(r.turn, r.flag);
  const listed = $("moves").querySelector(`li[data-line="${r.turn}"]`);
  if (listed && !listed.querySelector(".flag-mark")) listed.append(" ", element("span", { className: `flag-mark ${r.flag}` }, r.flag));
}

// The win chance of every seat after each reviewed line, with labelled axes: x the record
// lines played (0: the start), y the win chance.
function plot(chances) {
  const ns = "http://www.w3.org/2000/svg";
  const width = 600, height = 220, left = 52, right = 12, top = 22, bottom = 40;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "win chance of each seat by turn");
  const add = (tag, attributes, content) => {
    const node = document.createElementNS(ns, tag);
    Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, v));
    if (content !== undefined) node.textContent = content;
    svg.append(node);
    return node;
  };
  const last = Math.max(1, chances.length - 1);
  const x = (i) => left + (i / last) * (width - left - right);
  const y = (p) => height - bottom - p * (height - top - bottom);
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    add("line", { x1: left, x2: width - right, y1: y(p), y2: y(p), stroke: p === 0 ? "#999" : "#e4e4e4" });
    add("text", { x: left - 6, y: y(p) + 4, "font-size": 12, fill: "#555", "text-anchor": "end", class: "tick" }, `${p * 100}%`);
  }
  const step = Math.max(1, Math.ceil(last / 10));
  for (let i = 0; i <= last; i += step) {
    add("line", { x1: x(i), x2: x(i), y1: y(0), y2: y(0) + 4, stroke: "#999" });
    add("text", { x: x(i), y: y(0) + 17, "font-size": 12, fill: "#555", "text-anchor": "middle", class: "tick" }, String(chances[i] ? chances[i].position : i));
  }
  add("text", { x: (left + width - right) / 2, y: height - 4, "font-size": 13, fill: "#333", "text-anchor": "middle", class: "axis-label" }, "turns played (record lines)");
  add("text", { x: 14, y: (top + height - bottom) / 2, "font-size": 13, fill: "#333", "text-anchor": "middle",
    transform: `rotate(-90 14 ${(top + height - bottom) / 2})`, class: "axis-label" }, "win chance");
  const seats = chances.length ? chances[0].wins.length : 0;
  const colours = ["--seat0", "--seat1", "--seat2", "--seat3", "--seat4"];
  for (let seat = 0; seat < seats; seat++) {
    const colour = getComputedStyle(document.documentElement).getPropertyValue(colours[seat % 5]);
    add("polyline", { points: chances.map((c, i) => `${x(i)},${y(c.wins[seat])}`).join(" "),
      fill: "none", "stroke-width": 2, stroke: colour });
    add("text", { x: width - right - 62 * (seats - seat), y: 14, "font-size": 12, fill: colour }, `seat ${seat}`);
  }
  $("plot").replaceChildren(svg);
}

// ------------------------------------------------------------------ wiring
function showPanel(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.panel === name);
  $("panel-play").classList.toggle("hidden", name !== "play");
  $("panel-analyse").classList.toggle("hidden", name !== "analyse");
}

window.addEventListener("DOMContentLoaded", () => {
  connect();
  setInterval(showClocks, 100);
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => showPanel(tab.dataset.panel));
  $("players").addEventListener("change", seatInputs);
  $("difficulty").addEventListener("change", setDifficulty);
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    const seats = [...$("seats").querySelectorAll("input")].map((input) => input.value.trim());
    const clocks = clockRequest();
    if (clocks === null) return;
    startGame({ action: "new_game", game: $("game").value, seats, seed: Number($("seed").value), ...clocks });
  });
  $("resume-file").addEventListener("change", () => readFile($("resume-file"), (record) => startGame({ action: "resume", record })));
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (move) { $("move-input").value = ""; act({ action: "play", move }); }
  });
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", () => act({ action: "undo" }));
  $("download").addEventListener("click", () => {
    if (play.session) withRecord((record) => download(`${play.game}-game.jsonl`, record));
  });
  $("to-analysis").addEventListener("click", () => {
    if (play.session) withRecord((record) => { loadRecord(record); showPanel("analyse"); });
  });
  $("analyse-file").addEventListener("change", () => readFile($("analyse-file"), loadRecord));
  $("load-position").addEventListener("click", loadPosition);
  $("turn").addEventListener("change", view);
  $("prev-turn").addEventListener("click", () => stepTurn(-1));
  $("next-turn").addEventListener("click", () => stepTurn(1));
  $("analyse-start").addEventListener("click", startSearch);
  $("analyse-stop").addEventListener("click", stopSearch);
  $("review-start").addEventListener("click", startReview);
  $("review-stop").addEventListener("click", () => {
    if (study.review) send({ action: "terminate", terminateId: study.review }, on(() => {}));
  });
});
