// Yukon in a web page: the board, drawn from the library's state view and animated from
// its Change events. The rules, the hint and the solver run in the worker (worker.js,
// yukon_web.py); the page addresses cards by place and never sees a face-down card.
// The words are in i18n.js; layout() fits the board to the window, from 360 px up.

import { applyTexts, cardName, confirm, language, setLanguage, suitName, t } from "./i18n.js";

const SUITS = ["S", "H", "D", "C"];
const SUIT_LETTER = { spades: "S", hearts: "H", diamonds: "D", clubs: "C" };
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK = { T: "10" };
const STORE = "yukon.game";
const SHAPE = "yukon.shape"; // the last board's shape: how many cards each pile holds, no names
const DEALT = [[0, 1], [1, 5], [2, 5], [3, 5], [4, 5], [5, 5], [6, 5]]; // [face down, face up]

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
    $("#loading").textContent = t("failed", { error: data.failed });
    return;
  }
  const resolve = waiting.get(data.id);
  waiting.delete(data.id);
  if (resolve) resolve(data);
};

// The moves that may end a game carry the page's clock: a win is counted in the
// player's record with the time it took.
const TIMED = new Set(["tap", "double_tap", "drop", "undo", "redo", "finish"]);

async function ask(op, fields = {}) {
  await readyPromise;
  const id = nextId++;
  const clock = TIMED.has(op) && shown ? { elapsed_ms: Math.round(currentElapsed()) } : {};
  const text = JSON.stringify({ id, op, ...fields, ...clock });
  window.yukonLog.push({ from: "page", text });
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage(text);
  });
}

// One action at a time, in the order the player made them: a second tap waits for the
// first one's answer (a double tap depends on what the first tap did).
let queue = Promise.resolve();
function serial(action) {
  queue = queue.then(action, action);
  return queue;
}

// -- what the page keeps ---------------------------------------------------------------

let shown = null; // the last answer: view, score, moves, settings, ...
let held = null; // { place } of a card picked up
setLanguage(localStorage.getItem("yukon.language") || "en");
let elapsed = 0; // ms played, kept with the game
let clockFrom = performance.now();
let lastTapPlayed = false;
let spoken = null; // what the message line says, as a function of the language

// -- layout: seven columns across the window, fans that fit its height -----------------

const MAX_CARD = 120;
const LEAST_DOWN = 4; // px of a face-down card showing, at the tightest
let sizes = { cardW: 64, cardH: 90, corner: 15 };

function sizesFor(cardW) {
  const corner = Math.round(Math.max(12, Math.min(22, cardW * 0.26)));
  // At the tightest, a face-up card shows its corner (border, padding, one line) and no more.
  return { cardW, cardH: Math.round(cardW * 1.4), corner, leastUp: Math.ceil(corner * 1.1) + 4 };
}

/** The cards' size: seven columns and six gaps across the board's width, at most
 * MAX_CARD, and smaller still when the longest column would not fit the window's height
 * even fanned at its tightest. */
function layout() {
  const style = getComputedStyle(board);
  const inner = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const gap = Math.round(Math.min(16, Math.max(4, inner * 0.012)));
  const byWidth = Math.floor((inner - 6 * gap) / 7);
  const boardTop = board.getBoundingClientRect().top + window.scrollY;
  const columns = [...board.querySelectorAll(".column")].map((pile) => {
    const hidden = pile.querySelectorAll(".back").length;
    return [hidden, pile.children.length - hidden];
  });
  let cardW = Math.max(36, Math.min(MAX_CARD, byWidth));
  while (cardW > 36) {
    const { cardH, leastUp } = sizesFor(cardW);
    const bottom = boardTop + cardH + gap + cardH + 8;
    if (columns.every(([down, up]) => bottom + down * LEAST_DOWN + Math.max(0, up - 1) * leastUp <= window.innerHeight)) break;
    cardW -= 1;
  }
  sizes = sizesFor(cardW);
  const root = document.documentElement.style;
  root.setProperty("--card-w", `${cardW}px`);
  root.setProperty("--card-h", `${sizes.cardH}px`);
  root.setProperty("--gap", `${gap}px`);
  root.setProperty("--corner", `${sizes.corner}px`);
  root.setProperty("--middle", `${Math.round(cardW * 0.42)}px`);
  fan();
}

/** Each column's cards placed down the column: a face-down card shows a strip, a face-up
 * one its corner; a long column fans tighter, down to the corner's height, so that its last
 * card ends above the window's bottom. */
function fan() {
  const { cardH, leastUp } = sizes;
  const downStep = Math.round(cardH * 0.12);
  const upStep = Math.round(cardH * 0.3);
  const leastDown = LEAST_DOWN;
  for (const pile of board.querySelectorAll(".column")) {
    const cards = [...pile.children];
    const hidden = cards.filter((el) => el.classList.contains("back")).length;
    const up = cards.length - hidden;
    const room = window.innerHeight - (pile.getBoundingClientRect().top + window.scrollY) - cardH - 8;
    let down = downStep;
    let step = upStep;
    const need = () => hidden * down + Math.max(0, up - 1) * step;
    if (need() > room) down = leastDown;
    if (need() > room && up > 1) step = Math.max(leastUp, Math.floor((room - hidden * down) / (up - 1)));
    let top = 0;
    let last = 0;
    cards.forEach((el, i) => {
      el.style.top = `${top}px`;
      last = top;
      top += i < hidden ? down : step;
    });
    pile.style.minHeight = `${last + cardH}px`;
  }
}

window.addEventListener("resize", layout);

// -- drawing -------------------------------------------------------------------------

function cardElement(name, place) {
  const where = "foundation" in place ? null : place.column + 1;
  if (name === null || name === undefined) {
    const back = document.createElement("div");
    back.className = "card back";
    back.dataset.place = JSON.stringify(place);
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", name === null ? t("face_down", { column: where }) : t("dealing"));
    if (name === undefined) back.className = "card blank";
    return back;
  }
  const el = document.createElement("button");
  el.type = "button";
  el.className = "card";
  el.dataset.place = JSON.stringify(place);
  const rank = RANK[name[0]] || name[0];
  const suit = SYMBOL[name[1]];
  el.dataset.card = name;
  if (name[1] === "H" || name[1] === "D") el.classList.add("red");
  el.setAttribute(
    "aria-label",
    where === null
      ? t("in_foundation", { card: cardName(name), suit: suitName(name[1]) })
      : t("in_column", { card: cardName(name), column: where }),
  );
  el.dataset.face = `${rank}${suit}`;
  el.dataset.suit = suit;
  return el;
}

function pileOf(place) {
  if ("foundation" in place) return board.querySelector(`[data-pile="foundation-${SUITS[place.foundation]}"]`);
  return board.querySelector(`[data-pile="column-${place.column + 1}"]`);
}

function labelPiles(counts) {
  SUITS.forEach((letter, suit) => {
    const pile = board.querySelector(`[data-pile="foundation-${letter}"]`);
    pile.setAttribute("aria-label", t("foundation", { suit: suitName(letter), count: counts.foundations[suit] }));
  });
  counts.columns.forEach((count, c) => {
    const pile = board.querySelector(`[data-pile="column-${c + 1}"]`);
    pile.setAttribute("aria-label", count ? t("column", { column: c + 1, count }) : t("column_empty", { column: c + 1 }));
  });
}

/** The board's shape, before the rules have loaded: card backs and blank faces where the
 * last game (or a fresh deal) had cards. It names no card. */
function drawShape() {
  let shape = null;
  try {
    shape = JSON.parse(localStorage.getItem(SHAPE));
  } catch {
    shape = null;
  }
  const columns = shape && Array.isArray(shape.columns) && shape.columns.length === 7 ? shape.columns : DEALT;
  columns.forEach(([down, up], c) => {
    const cards = [];
    for (let i = 0; i < down + up; i++) cards.push(cardElement(i < down ? null : undefined, { column: c, index: i }));
    board.querySelector(`[data-pile="column-${c + 1}"]`).replaceChildren(...cards);
  });
  labelPiles({ foundations: [0, 0, 0, 0], columns: columns.map(([down, up]) => down + up) });
  layout();
}

function draw(answer) {
  const view = answer.view;
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.place : null;
  view.foundations.forEach((foundation, suit) => {
    const pile = board.querySelector(`[data-pile="foundation-${SUITS[suit]}"]`);
    pile.replaceChildren();
    if (foundation.top) pile.append(cardElement(foundation.top, { foundation: suit }));
  });
  view.columns.forEach((column, c) => {
    const pile = board.querySelector(`[data-pile="column-${c + 1}"]`);
    const cards = [];
    for (let i = 0; i < column.hidden + column.face_up.length; i++) {
      const name = i < column.hidden ? null : column.face_up[i - column.hidden];
      cards.push(cardElement(name, { column: c, index: i }));
    }
    pile.replaceChildren(...cards);
  });
  labelPiles({
    foundations: view.foundations.map((f) => (f.top ? "A23456789TJQK".indexOf(f.top[0]) + 1 : 0)),
    columns: view.columns.map((column) => column.hidden + column.face_up.length),
  });
  layout();
  localStorage.setItem(
    SHAPE,
    JSON.stringify({ columns: view.columns.map((column) => [column.hidden, column.face_up.length]) }),
  );
  $("[data-score]").textContent = answer.score;
  $("[data-moves]").textContent = answer.moves;
  $("#game-code").textContent = answer.code || ""; // only a code the player may see
  // The grade and the day only as the worker gives them: a random deal's grade only
  // once it is over (it would say the deal is in the public catalog).
  const deal = [];
  if (answer.daily) deal.push(t("daily_info", { date: answer.daily }));
  if (answer.grade) deal.push(t(`grade_${answer.grade}`));
  $("#deal-info").textContent = deal.join(" · ");
  $("#deal-info").dataset.deal = answer.deal || "";
  if (answer.grade) $("#deal-info").dataset.grade = answer.grade;
  else delete $("#deal-info").dataset.grade;
  $("#undo").disabled = !answer.can_undo;
  $("#redo").disabled = !answer.can_redo;
  if (view.won) board.dataset.won = t("won");
  else delete board.dataset.won;
  for (const box of document.querySelectorAll("[data-setting]")) {
    box.checked = answer.settings[box.dataset.setting];
  }
  if (focused) focusPlace(JSON.parse(focused));
}

/** Focus the card at ``place``, else the top card of its pile, else any face-up card. */
function focusPlace(place) {
  const pile = pileOf(place);
  const cards = [...pile.querySelectorAll(".card[data-card]")];
  const exact = cards.find((el) => el.dataset.place === JSON.stringify(place));
  const el = exact || cards[cards.length - 1] || board.querySelector(".card[data-card]");
  if (el) el.focus({ preventScroll: true });
}

// -- the message line and the screen reader's live region --------------------------------

function show(text) {
  message.removeAttribute("dir");
  message.removeAttribute("lang");
  delete message.dataset.code;
  delete message.dataset.hint;
  message.textContent = text;
}

/** Say ``text()`` on the message line, and again in the new language when it changes. */
function tell(text) {
  spoken = text;
  show(text());
  announce(text());
}

function say(refusal, error) {
  spoken = null;
  if (error) {
    show(error);
    announce(error);
    return;
  }
  if (!refusal || !shown.settings.interactive_rules) {
    show("");
    return;
  }
  spoken = () => refusal[language()];
  message.textContent = refusal[language()];
  message.dataset.code = refusal.code;
  message.lang = language();
  message.dir = language() === "he" ? "rtl" : "ltr";
  announce(refusal[language()]);
}

function announce(text) {
  const region = $("#announce");
  region.textContent = "";
  if (text) requestAnimationFrame(() => (region.textContent = text));
}

/** A change in words: "10 of spades and 4 more to column 2. 8 of spades turned face up." */
function describe(change) {
  const first = cardName(change.cards[0]);
  const more = change.cards.length - 1;
  const cards = more === 0 ? first : t(more === 1 ? "with_one" : "with_more", { card: first, count: more });
  const to = change.destination;
  const home = "foundation" in to;
  const key = change.is_undo ? (home ? "moved_back_home" : "moved_back") : home ? "moved_home" : "moved_column";
  let text = t(key, { cards, column: home ? "" : to.column + 1 });
  if (change.turn && change.turn.face_up && change.turn.card) text += " " + t("turned", { card: cardName(change.turn.card) });
  return text;
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
  animate(answer.changes || [], before, answer.changes && answer.changes.length ? startedAt : undefined);
  say(answer.refusal, answer.error && answer.message);
  if (!answer.refusal && !answer.error && answer.changes && answer.changes.length) {
    let text = answer.changes.map(describe).join(" ");
    if (answer.view.won) text += " " + t("won");
    announce(text);
  }
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

/** A game the player would lose by starting another: moves made, not yet won. */
function inProgress() {
  return Boolean(shown && shown.moves > 0 && !shown.view.won);
}

/** True when nothing is in progress, or the player agrees to abandon it. */
async function mayAbandon(text) {
  if (!inProgress()) return true;
  return confirm($("#confirm"), text);
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
  const el = cardAt(place);
  if (el && el.dataset.card) announce(t("picked", { card: cardName(el.dataset.card) }));
  if (shown.settings.placement_help) light((await ask("targets", { place })).targets);
}

function cardAt(place) {
  const cards = [...pileOf(place).children];
  return "foundation" in place ? cards[cards.length - 1] : cards[place.index];
}

function markHeld(place) {
  const pile = pileOf(place);
  const cards = [...pile.children];
  const from = "foundation" in place ? cards.length - 1 : place.index;
  cards.slice(from).forEach((el) => el.classList.add("held"));
}

function light(targets) {
  for (const to of targets || []) {
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

function destinationOf(pileName) {
  return pileName.startsWith("foundation") ? "foundation" : Number(pileName.split("-")[1]) - 1;
}

function pileNameOf(place) {
  return pileOf(place).dataset.pile;
}

function placeOf(el) {
  return JSON.parse(el.dataset.place);
}

// -- pointer: a tap taps, two taps on one card double-tap, a drag moves --------------------
// Pointer events serve the mouse, a pen and a finger alike; cards have touch-action: none,
// so a finger on a card drags it rather than scrolling, and a cancelled pointer (the
// browser taking the touch back) puts the cards back where they were. A tap is served
// from its pointerup on what its pointerdown hit, not from the click that may follow: a
// touch screen's browser delays a click, gives a quick double tap one click only, or
// swallows a tap that follows a fast drag; and when the board is redrawn between down and
// up (the answer to a first tap), the click goes to the pile instead of the card. Only a
// click from the keyboard (Enter or Space on a card, detail 0) is served as a click.

let drag = null;
let pressed = null; // { hit, id, x, y } of the pointer down on the board
let lastTap = null; // { key, at } of the last tap served, for a double tap

board.addEventListener("pointerdown", (event) => {
  if (event.button !== 0) return;
  pressed = { hit: hitOf(event), id: event.pointerId, x: event.clientX, y: event.clientY };
  const card = event.target.closest(".card");
  if (!shown || !card || !card.dataset.card || drag) return;
  drag = { id: event.pointerId, card, place: placeOf(card), x: event.clientX, y: event.clientY, moving: false };
});

window.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moving) {
    if (Math.hypot(dx, dy) < 6) return;
    drag.moving = true;
    startDrag(drag);
  }
  drag.floating.style.transform = `translate(${dx}px, ${dy}px)`;
});

function endDrag(current) {
  current.floating.remove();
  current.hidden.forEach((el) => (el.style.visibility = ""));
}

window.addEventListener("pointerup", (event) => {
  const press = pressed && pressed.id === event.pointerId ? pressed : null;
  pressed = null;
  if (!drag || event.pointerId !== drag.id || !drag.moving) {
    drag = null;
    if (press && shown && Math.hypot(event.clientX - press.x, event.clientY - press.y) < 10) {
      served(press.hit, event.timeStamp);
    }
    return;
  }
  const current = drag;
  drag = null;
  endDrag(current);
  const pile = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-pile]");
  if (!pile || pile === current.card.closest("[data-pile]")) {
    putDown();
    return;
  }
  const to = destinationOf(pile.dataset.pile);
  const startedAt = performance.now();
  serial(() => act("drop", { place: current.place, to }, startedAt));
});

window.addEventListener("pointercancel", (event) => {
  pressed = null;
  if (!drag || event.pointerId !== drag.id) return;
  const current = drag;
  drag = null;
  if (current.moving) endDrag(current);
  putDown();
});

board.addEventListener("contextmenu", (event) => {
  if (event.target.closest(".card")) event.preventDefault(); // a long press is not a menu
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
  floating.setAttribute("aria-hidden", "true");
  floating.style.left = `${box.left}px`;
  floating.style.top = `${box.top}px`;
  for (const el of moving) {
    const copy = el.cloneNode(true);
    copy.removeAttribute("data-card");
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

/** What a click hit, read at once: the DOM may be redrawn before the click is served. */
function hitOf(event) {
  const card = event.target.closest(".card");
  const pile = event.target.closest("[data-pile]");
  return {
    place: card ? placeOf(card) : null,
    face: Boolean(card && card.dataset.card),
    pile: pile ? pile.dataset.pile : null,
  };
}

board.addEventListener("click", (event) => {
  if (event.detail === 0 && shown) served(hitOf(event), event.timeStamp); // Enter or Space
});

/** A tap on ``hit``; the second of two on one card within 400 ms (by the events' own
 * times: a busy page may serve them later) is a double tap. */
function served(hit, at) {
  const startedAt = performance.now();
  const key = hit.place ? JSON.stringify(hit.place) : null;
  const double = key !== null && lastTap !== null && lastTap.key === key && at - lastTap.at < 400;
  lastTap = double ? null : { key, at };
  serial(() => (double ? doubleTap(hit, startedAt) : tap(hit, startedAt)));
}

async function tap(hit, startedAt) {
  if (held && hit.pile && !(hit.place && hit.pile === pileNameOf(held.place))) {
    lastTapPlayed = true;
    await act("drop", { place: held.place, to: destinationOf(hit.pile) }, startedAt);
    return;
  }
  if (!hit.place) return;
  const answer = await act("tap", { place: hit.place }, startedAt);
  lastTapPlayed = Boolean(answer.played);
  if (answer.pick) await pickUp(hit.place);
}

async function doubleTap(hit, startedAt) {
  // The second tap of two on one card: a double tap, unless the first one played it.
  if (!hit.face || !shown.settings.double_click || lastTapPlayed) return tap(hit, startedAt);
  const answer = await act("double_tap", { place: hit.place }, startedAt);
  lastTapPlayed = Boolean(answer.played);
}

// -- buttons, keys, settings -------------------------------------------------------------

$("#undo").addEventListener("click", () => serial(() => act("undo")));
$("#redo").addEventListener("click", () => serial(() => act("redo")));
$("#finish").addEventListener("click", () => serial(() => act("finish")));
$("#hint").addEventListener("click", () => serial(showHint));
$("#random").addEventListener("click", chooseNewGame);
$("#open-menu").addEventListener("click", () => $("#menu").showModal());
$("#open-stats").addEventListener("click", () => {
  $("#menu").close();
  serial(showStatistics);
});
$("#deal").addEventListener("click", dealFromMenu);
$("#code").addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  dealFromMenu();
});
function dealFromMenu() {
  $("#menu").close();
  serial(() => newGame($("#code").value.trim() || null));
}
$("#language").addEventListener("click", () => {
  setLanguage(language() === "en" ? "he" : "en");
  localStorage.setItem("yukon.language", language());
  showLanguage();
});
for (const box of document.querySelectorAll("[data-setting]")) {
  box.addEventListener("change", () =>
    serial(() => act("settings", { name: box.dataset.setting, value: box.checked })),
  );
}

/** The whole page in the chosen language: texts, the cards' and piles' names, the
 * message line. */
function showLanguage() {
  applyTexts();
  drawStatistics();
  const button = $("#language");
  button.dataset.lang = language();
  button.textContent = t("language_other");
  button.lang = language() === "en" ? "he" : "en";
  if (shown) {
    const focused = board.contains(document.activeElement);
    draw(shown);
    if (focused && !board.contains(document.activeElement)) focusPlace({ column: 0, index: 0 });
    if (message.dataset.code && shown.refusal) say(shown.refusal);
    else if (spoken) show(spoken());
  } else {
    drawShape();
  }
}

async function showHint() {
  const answer = await ask("hint");
  putDown();
  if (!answer.hint) {
    tell(() => t("no_hint"));
    return;
  }
  const el = cardAt(answer.hint.place);
  if (!el || !el.dataset.card) return;
  el.classList.add("hinted");
  const name = el.dataset.card;
  const to = answer.hint.to;
  const target = to === "foundation" ? pileOf({ foundation: SUITS.indexOf(name[1]) }) : pileOf({ column: to });
  target.classList.add("lit");
  // The sentence in the page's language, from the hint's place and destination.
  const shownName = (RANK[name[0]] || name[0]) + SYMBOL[name[1]];
  tell(() => (to === "foundation" ? t("hint_home", { card: shownName }) : t("hint_column", { card: shownName, column: to + 1 })));
  message.dataset.hint = answer.hint.move || "";
  announce(to === "foundation" ? t("hint_home", { card: cardName(name) }) : t("hint_column", { card: cardName(name), column: to + 1 }));
}

/** A deal from a code (the menu), asking first if a game is in progress. */
async function newGame(code) {
  if (!(await mayAbandon(t("confirm_code", { code })))) return;
  await dealt({ code });
}

async function dealt(fields) {
  elapsed = 0;
  clockFrom = performance.now();
  const answer = await act("new", fields);
  if (answer.error === "no-deal") tell(() => t("no_deal"));
  if (!answer.error) history.replaceState(null, "", answer.code ? `?code=${answer.code}` : location.pathname);
}

/** Today as the player's own calendar says it (local time), YYYY-MM-DD: the daily deal
 * and the daily streak are the page's day; the library reads no clock. */
function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

const GRADES = ["easy", "medium", "hard", "hardest"];

/** New game (button or N): the choices (random, winnable, of a grade, today's deal),
 * then, if a game is in progress, the question before it is abandoned. */
function chooseNewGame() {
  const dialog = $("#new-game");
  if (shown) $("#rules").value = shown.view.rules === "relaxed" ? "R" : "C";
  dialog.returnValue = "";
  dialog.addEventListener(
    "close",
    () => {
      const choice = dialog.returnValue;
      if (choice) serial(() => newDeal(choice));
    },
    { once: true },
  );
  dialog.showModal();
}

async function newDeal(choice) {
  if (!(await mayAbandon(t("confirm_new")))) return;
  const fields = { rules: $("#rules").value };
  if (choice === "winnable" || GRADES.includes(choice)) fields.deal = "winnable";
  if (GRADES.includes(choice)) fields.grade = choice;
  if (choice === "daily") Object.assign(fields, { deal: "daily", date: today() });
  await dealt(fields);
}

// -- the player's record: kept by the worker with the game, shown on request ------------

let record = null; // the last statistics answer, redrawn when the language changes

async function showStatistics() {
  const answer = await ask("statistics", { date: today() });
  if (answer.error) return;
  record = answer.statistics;
  drawStatistics();
  $("#statistics").showModal();
}

function drawStatistics() {
  if (!record) return;
  const data = record.record;
  $("#daily-streak").textContent = t("daily_streak", { streak: record.daily_streak, best: data.daily.best_streak });
  $("#daily-streak").dataset.dailyStreak = record.daily_streak;
  const rows = [
    ["all", t("all_games"), data.games],
    ["C", t("classic_rules"), data.by_rules.C],
    ["R", t("relaxed_rules"), data.by_rules.R],
    ...GRADES.map((grade) => [grade, t(`grade_${grade}`), data.by_grade[grade]]),
  ];
  const none = { played: 0, won: 0, streak: 0, best_streak: 0 };
  const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;
  const fill = (table, cells) => {
    $(table).tBodies[0].replaceChildren(
      ...rows.map(([key, name, totals]) => {
        const row = document.createElement("tr");
        row.dataset.row = key;
        const head = document.createElement("th");
        head.scope = "row";
        head.textContent = name;
        row.append(head);
        for (const [field, text] of cells(totals || none)) {
          const cell = document.createElement("td");
          cell.dataset.field = field;
          cell.textContent = text;
          row.append(cell);
        }
        return row;
      }),
    );
  };
  fill("#stats-games", (totals) => [
    ["played", String(totals.played)],
    ["won", String(totals.won)],
    ["share", totals.played ? `${Math.round((100 * totals.won) / totals.played)}%` : "–"],
    ["streak", String(totals.streak)],
    ["best_streak", String(totals.best_streak)],
  ]);
  fill("#stats-bests", (totals) => [
    ["best_score", totals.best_score == null ? "–" : String(totals.best_score)],
    ["fastest_win", totals.fastest_win_seconds == null ? "–" : clock(totals.fastest_win_seconds)],
    ["fewest_moves", totals.fewest_moves == null ? "–" : String(totals.fewest_moves)],
  ]);
}

// -- the keyboard: arrows between cards, Enter or Space taps, letters for the buttons -----

function moveFocus(key) {
  const el = document.activeElement;
  const columns = [...board.querySelectorAll(".column")];
  const topOf = (pile) => [...pile.querySelectorAll(".card[data-card]")].pop();
  if (!board.contains(el) || !el.dataset.place) {
    const first = columns.map(topOf).find(Boolean);
    if (first) first.focus();
    return;
  }
  const pile = el.closest("[data-pile]");
  const cards = [...pile.querySelectorAll(".card[data-card]")];
  const at = cards.indexOf(el);
  if (key === "arrowup" && at > 0) cards[at - 1].focus();
  else if (key === "arrowdown" && at < cards.length - 1) cards[at + 1].focus();
  else if (key === "arrowleft" || key === "arrowright") {
    const piles = [...board.querySelectorAll(".foundation"), ...columns];
    const step = key === "arrowleft" ? -1 : 1;
    for (let i = piles.indexOf(pile) + step; i >= 0 && i < piles.length; i += step) {
      const top = topOf(piles[i]);
      if (top) {
        top.focus();
        break;
      }
    }
  }
}

document.addEventListener("keydown", (event) => {
  if (document.querySelector("dialog[open]")) return;
  if (event.target.closest("input, select") || event.ctrlKey || event.metaKey || event.altKey) return;
  const started = performance.now();
  const key = event.key.toLowerCase();
  if (key.startsWith("arrow")) {
    event.preventDefault();
    moveFocus(key);
  } else if (key === "u" || key === "z") serial(() => act("undo", {}, started));
  else if (key === "r" || key === "y") serial(() => act("redo", {}, started));
  else if (key === "h") serial(showHint);
  else if (key === "a") serial(() => act("finish", {}, started));
  else if (key === "n") chooseNewGame();
  else if (key === "t") serial(showStatistics);
  else if (key === "escape") {
    if (held) announce(t("put_down"));
    putDown();
  } else if (held && key >= "1" && key <= "7") serial(() => act("drop", { place: held.place, to: Number(key) - 1 }, started));
  else if (held && key === "f") serial(() => act("drop", { place: held.place, to: "foundation" }, started));
});

setInterval(() => {
  const seconds = Math.floor(currentElapsed() / 1000);
  $("[data-clock]").textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}, 500);
window.addEventListener("pagehide", save);

// -- start: the worker's game, else the URL's code, else a new one ---------------------
// A code in the address that is not the kept game's, while that game is in progress,
// asks before abandoning it.

async function start() {
  const wanted = new URLSearchParams(location.search).get("code");
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(STORE));
  } catch {
    kept = null;
  }
  await readyPromise;
  let answer = resumed ? await act("show") : null; // the game the worker kept (drawn: shown)
  if (answer && answer.error) answer = null;
  if (answer) {
    elapsed = (kept && kept.elapsed) || 0;
    clockFrom = performance.now();
  }
  if (answer && wanted) {
    const same = typeof answer.code === "string" && answer.code.toUpperCase() === wanted.trim().toUpperCase();
    if (!same) {
      if (await mayAbandon(t("confirm_code", { code: wanted }))) answer = null;
      else history.replaceState(null, "", answer.code ? `?code=${answer.code}` : location.pathname);
    }
  }
  if (!answer) {
    elapsed = 0;
    clockFrom = performance.now();
    if (!wanted || (await ask("new", { code: wanted })).error) await ask("new", { rules: "C" });
  }
  answer = await act("show");
  for (const [name, value] of Object.entries((kept && kept.settings) || {})) {
    if (name in answer.settings && answer.settings[name] !== value) {
      answer = await act("settings", { name, value: Boolean(value) });
    }
  }
  document.body.dataset.ready = "";
  window.yukonReadyMs = performance.now();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
}

showLanguage(); // the texts, and the board's shape while the rules load
// When the board's shape was first painted, in ms from the navigation's start.
requestAnimationFrame(() => setTimeout(() => (window.yukonShapeMs = performance.now()), 0));
serial(start);
