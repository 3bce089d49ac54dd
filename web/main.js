// Yukon in a web page: the board, drawn from the library's state view and animated from
// its Change events. The rules, the hint and the solver run in the worker (worker.js,
// yukon_web.py); the page addresses cards by place and never sees a face-down card.

const SUITS = ["S", "H", "D", "C"];
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK = { T: "10" };
const STORE = "yukon.game";

const $ = (selector) => document.querySelector(selector);
const board = $("#board");
const message = $("#message");

// Every message between page and worker, for tools that check what crossed (the tests).
window.yukonLog = [];
// Milliseconds from a click or key to its animation's start, one entry a move.
window.yukonTimings = [];

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const waiting = new Map();
let nextId = 1;
let workerReady;
let resumed = false; // whether the worker came back with the game it kept
const readyPromise = new Promise((resolve) => (workerReady = resolve));

worker.onmessage = (event) => {
  window.yukonLog.push({ from: "worker", text: event.data });
  const data = JSON.parse(event.data);
  if (data.ready) {
    window.yukonLoadMs = data.load_ms;
    resumed = Boolean(data.resumed);
    workerReady();
    return;
  }
  if (data.failed) {
    $("#loading").textContent = `The rules could not be loaded: ${data.failed}`;
    return;
  }
  const resolve = waiting.get(data.id);
  waiting.delete(data.id);
  if (resolve) resolve(data);
};

async function ask(op, fields = {}) {
  await readyPromise;
  const id = nextId++;
  const text = JSON.stringify({ id, op, ...fields });
  window.yukonLog.push({ from: "page", text });
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage(text);
  });
}

// -- what the page keeps ---------------------------------------------------------------

let shown = null; // the last answer: view, score, moves, settings, ...
let held = null; // { place, pile } of a card picked up
let language = localStorage.getItem("yukon.language") || "en";
let elapsed = 0; // ms played, kept with the game
let clockFrom = performance.now();
let lastTapPlayed = false;

// -- drawing -------------------------------------------------------------------------

function cardElement(name, place) {
  const el = document.createElement("div");
  el.className = "card";
  el.dataset.place = JSON.stringify(place);
  if (name === null) {
    el.classList.add("back");
    return el;
  }
  const rank = RANK[name[0]] || name[0];
  const suit = SYMBOL[name[1]];
  el.dataset.card = name;
  if (name[1] === "H" || name[1] === "D") el.classList.add("red");
  el.innerHTML = `<span class="corner">${rank}${suit}</span><span class="middle">${suit}</span>`;
  return el;
}

function pileOf(place) {
  if ("foundation" in place) return board.querySelector(`[data-pile="foundation-${SUITS[place.foundation]}"]`);
  return board.querySelector(`[data-pile="column-${place.column + 1}"]`);
}

function draw(answer) {
  const view = answer.view;
  view.foundations.forEach((foundation, suit) => {
    const pile = board.querySelector(`[data-pile="foundation-${SUITS[suit]}"]`);
    pile.replaceChildren();
    if (foundation.top) pile.append(cardElement(foundation.top, { foundation: suit }));
  });
  view.columns.forEach((column, c) => {
    const pile = board.querySelector(`[data-pile="column-${c + 1}"]`);
    const cards = [];
    let top = 0;
    for (let i = 0; i < column.hidden + column.face_up.length; i++) {
      const name = i < column.hidden ? null : column.face_up[i - column.hidden];
      const el = cardElement(name, { column: c, index: i });
      el.style.top = `${top}px`;
      top += name === null ? 12 : 24;
      cards.push(el);
    }
    pile.replaceChildren(...cards);
    pile.style.minHeight = `${Math.max(420, top + 100)}px`;
  });
  $("[data-score]").textContent = answer.score;
  $("[data-moves]").textContent = answer.moves;
  $("#game-code").textContent = answer.code || ""; // only a code the player may see
  $("#rules").value = view.rules === "relaxed" ? "R" : "C";
  $("#undo").disabled = !answer.can_undo;
  $("#redo").disabled = !answer.can_redo;
  if (view.won) board.dataset.won = "";
  else delete board.dataset.won;
  for (const box of document.querySelectorAll("[data-setting]")) {
    box.checked = answer.settings[box.dataset.setting];
  }
}

function say(refusal, error) {
  message.removeAttribute("dir");
  message.removeAttribute("lang");
  if (error) {
    message.textContent = error;
    return;
  }
  if (!refusal || !shown.settings.interactive_rules) {
    message.textContent = "";
    return;
  }
  message.textContent = refusal[language];
  message.dataset.code = refusal.code;
  message.lang = language;
  message.dir = language === "he" ? "rtl" : "ltr";
}

// -- animation: each move from its Change ----------------------------------------------

function rects() {
  // Where each face-up card is before an answer is drawn: the cards a change moves.
  const where = new Map();
  for (const el of board.querySelectorAll(".card[data-card]")) {
    where.set(el.dataset.card, el.getBoundingClientRect());
  }
  return where;
}

function animate(changes, before, startedAt) {
  let first = true;
  changes.forEach((change, step) => {
    const delay = step * 90;
    for (const name of change.cards) {
      const el = board.querySelector(`[data-card="${name}"]`);
      const from = before.get(name);
      if (!el || !from) continue;
      const to = el.getBoundingClientRect();
      if (first) {
        first = false;
        if (startedAt !== undefined) window.yukonTimings.push(performance.now() - startedAt);
      }
      el.animate(
        [
          { transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)`, zIndex: 5 },
          { transform: "none", zIndex: 5 },
        ],
        { duration: 180, delay, easing: "ease-out", fill: "backwards" },
      );
    }
    if (change.turn) {
      const place = { column: change.turn.pile.column, index: change.turn.index };
      const el = [...pileOf(place).children][place.index];
      if (el) {
        el.classList.remove("turning");
        void el.offsetWidth;
        el.classList.add("turning");
      }
    }
    if (change.score_delta) {
      const score = $("[data-score]");
      score.classList.remove("changed");
      void score.offsetWidth;
      score.classList.add("changed");
    }
  });
}

// -- one action: ask, draw, animate, save ------------------------------------------------

async function act(op, fields = {}, startedAt = performance.now()) {
  const answer = await ask(op, fields);
  const before = rects();
  shown = answer;
  putDown();
  draw(answer);
  animate(answer.changes, before, answer.changes.length ? startedAt : undefined);
  say(answer.refusal, answer.error && answer.message);
  save();
  return answer;
}

function save() {
  if (!shown) return;
  // The game itself is the worker's to keep (in its IndexedDB); the page keeps its clock.
  const kept = { elapsed: currentElapsed(), settings: shown.settings };
  localStorage.setItem(STORE, JSON.stringify(kept));
}

function currentElapsed() {
  return elapsed + (shown && !shown.view.won ? performance.now() - clockFrom : 0);
}

// -- picking up, placement help ----------------------------------------------------------

function putDown() {
  held = null;
  for (const el of board.querySelectorAll(".held, .lit, .hinted")) {
    el.classList.remove("held", "lit", "hinted");
  }
}

async function pickUp(place) {
  putDown();
  held = { place };
  markHeld(place);
  if (shown.settings.placement_help) light((await ask("targets", { place })).targets);
}

function markHeld(place) {
  const pile = pileOf(place);
  const cards = [...pile.children];
  const from = "foundation" in place ? cards.length - 1 : place.index;
  cards.slice(from).forEach((el) => el.classList.add("held"));
}

function light(targets) {
  for (const to of targets) {
    const pile =
      to === "foundation"
        ? board.querySelector(`[data-pile="foundation-${heldSuit()}"]`)
        : board.querySelector(`[data-pile="column-${to + 1}"]`);
    if (pile) pile.classList.add("lit");
  }
}

function heldSuit() {
  const el = board.querySelector(".card.held");
  return el && el.dataset.card ? el.dataset.card[1] : "S";
}

function destinationOf(pile) {
  const name = pile.dataset.pile;
  return name.startsWith("foundation") ? "foundation" : Number(name.split("-")[1]) - 1;
}

function placeOf(el) {
  return JSON.parse(el.dataset.place);
}

// -- the mouse: click taps, double click double-taps, drag moves -------------------------

let drag = null;
let justDragged = false;

board.addEventListener("pointerdown", (event) => {
  const card = event.target.closest(".card");
  if (!card || !card.dataset.card || event.button !== 0) return;
  drag = { card, place: placeOf(card), x: event.clientX, y: event.clientY, moving: false };
});

window.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moving) {
    if (Math.hypot(dx, dy) < 6) return;
    drag.moving = true;
    startDrag(drag);
  }
  drag.floating.style.transform = `translate(${dx}px, ${dy}px)`;
});

window.addEventListener("pointerup", async (event) => {
  if (!drag) return;
  const current = drag;
  drag = null;
  if (!current.moving) return;
  justDragged = true;
  setTimeout(() => (justDragged = false), 0);
  current.floating.remove();
  current.hidden.forEach((el) => (el.style.visibility = ""));
  const pile = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-pile]");
  if (!pile || pile === current.card.closest("[data-pile]")) {
    putDown();
    return;
  }
  await act("drop", { place: current.place, to: destinationOf(pile) }, performance.now());
});

function startDrag(current) {
  putDown();
  held = { place: current.place };
  const pile = current.card.closest("[data-pile]");
  const cards = [...pile.children];
  const from = cards.indexOf(current.card);
  const moving = "foundation" in current.place ? [current.card] : cards.slice(from);
  const box = current.card.getBoundingClientRect();
  const floating = document.createElement("div");
  floating.className = "floating";
  floating.style.left = `${box.left}px`;
  floating.style.top = `${box.top}px`;
  for (const el of moving) {
    const copy = el.cloneNode(true);
    copy.style.top = `${el.getBoundingClientRect().top - box.top}px`;
    floating.append(copy);
    el.style.visibility = "hidden";
  }
  document.body.append(floating);
  current.floating = floating;
  current.hidden = moving;
  if (shown.settings.placement_help) {
    ask("targets", { place: current.place }).then((answer) => {
      if (drag === current || held) light(answer.targets);
    });
  }
}

board.addEventListener("click", async (event) => {
  if (justDragged || !shown) return;
  const startedAt = performance.now();
  const card = event.target.closest(".card");
  const pile = event.target.closest("[data-pile]");
  if (held && pile && (!card || !samePile(card, held.place))) {
    lastTapPlayed = true;
    await act("drop", { place: held.place, to: destinationOf(pile) }, startedAt);
    return;
  }
  if (!card) return;
  const place = placeOf(card);
  const answer = await act("tap", { place }, startedAt);
  lastTapPlayed = Boolean(answer.played);
  if (answer.pick) await pickUp(place);
});

board.addEventListener("dblclick", async (event) => {
  const card = event.target.closest(".card");
  if (!card || !card.dataset.card || !shown.settings.double_click || lastTapPlayed) return;
  await act("double_tap", { place: placeOf(card) }, performance.now());
});

function samePile(card, place) {
  return card.closest("[data-pile]") === pileOf(place);
}

// -- buttons, keys, settings -------------------------------------------------------------

$("#undo").addEventListener("click", () => act("undo"));
$("#redo").addEventListener("click", () => act("redo"));
$("#finish").addEventListener("click", () => act("finish"));
$("#hint").addEventListener("click", showHint);
$("#random").addEventListener("click", () => newGame(null));
$("#deal").addEventListener("submit", (event) => {
  event.preventDefault();
  newGame($("#code").value.trim() || null);
});
$("#language").addEventListener("click", () => {
  language = language === "en" ? "he" : "en";
  localStorage.setItem("yukon.language", language);
  showLanguage();
  if (shown) say(shown.refusal);
});
for (const box of document.querySelectorAll("[data-setting]")) {
  box.addEventListener("change", () => act("settings", { name: box.dataset.setting, value: box.checked }));
}

function showLanguage() {
  const button = $("#language");
  button.dataset.lang = language;
  button.textContent = language === "en" ? "עברית" : "English";
}

async function showHint() {
  const answer = await ask("hint");
  putDown();
  if (!answer.hint) {
    message.textContent = "No move leads anywhere new.";
    return;
  }
  const pile = pileOf(answer.hint.place);
  const cards = [...pile.children];
  const el = "foundation" in answer.hint.place ? cards[cards.length - 1] : cards[answer.hint.place.index];
  if (el) el.classList.add("hinted");
  const to = answer.hint.to;
  const target = to === "foundation" ? pileOf({ foundation: SUITS.indexOf(el.dataset.card[1]) }) : pileOf({ column: to });
  target.classList.add("lit");
  message.textContent = `Hint: ${answer.hint.move}`;
}

async function newGame(code) {
  const fields = code ? { code } : { rules: $("#rules").value };
  elapsed = 0;
  clockFrom = performance.now();
  const answer = await act("new", fields);
  if (!answer.error) history.replaceState(null, "", answer.code ? `?code=${answer.code}` : location.pathname);
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select") || event.ctrlKey || event.metaKey) return;
  const started = performance.now();
  const key = event.key.toLowerCase();
  if (key === "u" || key === "z") act("undo", {}, started);
  else if (key === "r" || key === "y") act("redo", {}, started);
  else if (key === "h") showHint();
  else if (key === "a") act("finish", {}, started);
  else if (key === "n") newGame(null);
  else if (key === "escape") putDown();
  else if (held && key >= "1" && key <= "7") act("drop", { place: held.place, to: Number(key) - 1 }, started);
  else if (held && key === "f") act("drop", { place: held.place, to: "foundation" }, started);
});

setInterval(() => {
  const seconds = Math.floor(currentElapsed() / 1000);
  $("[data-clock]").textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}, 500);
window.addEventListener("pagehide", save);

// -- start: the URL's code, else the worker's game, else a new one -----------------------

async function start() {
  showLanguage();
  const wanted = new URLSearchParams(location.search).get("code");
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(STORE));
  } catch {
    kept = null;
  }
  await readyPromise;
  const current = resumed ? await ask("show") : null; // the game the worker kept
  if (current && !current.error && (!wanted || current.code === wanted.toUpperCase())) {
    elapsed = (kept && kept.elapsed) || 0;
    clockFrom = performance.now();
  } else if (!wanted || (await ask("new", { code: wanted })).error) {
    await ask("new", { rules: "C" });
  }
  let answer = await act("show");
  for (const [name, value] of Object.entries((kept && kept.settings) || {})) {
    if (name in answer.settings && answer.settings[name] !== value) {
      answer = await act("settings", { name, value: Boolean(value) });
    }
  }
  document.body.dataset.ready = "";
  window.yukonReadyMs = performance.now();
}

start();
