"""The web page in a real Chromium: a relaxed deal won with a finger on a phone (drags,
taps and double taps sent as touches), a cancelled touch that puts the cards back, the
layout from 360 px to 1920 px, refusals and the whole page in English and Hebrew, the
keyboard and the screen reader's names, axe-core's report, a reload with the network off,
asking before a game in progress is thrown away, and no face-down card ever reaching the
page.

The site is built by ``web/build.sh`` into a temporary folder and served on 127.0.0.1;
Playwright drives the system's Chromium (``YUKON_CHROMIUM``, default
``/usr/bin/chromium``). ``YUKON_WEB_TIMINGS=FILE`` writes the timings the tests measure
(first paint of the board, playable, click to animation; they assert none: speed lives
in the performance page), and ``YUKON_WEB_SCREENSHOTS=DIR`` saves the screenshots taken
at each size.
"""

from __future__ import annotations

import datetime
import functools
import http.server
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Locator,
    Page,
    Route,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as Timeout

import yukon
from yukon import Move, State

WEB = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("YUKON_CHROMIUM", "/usr/bin/chromium")
AXE = WEB / "node_modules" / "axe-core" / "axe.min.js"
SUITS = "SHDC"
FRESH = """if (!sessionStorage.getItem("fresh")) {
    localStorage.clear();
    sessionStorage.setItem("fresh", "1");
}"""
"""An init script: the tab starts with nothing saved, and a reload keeps what it saved."""
SYMBOLS = dict(zip(SUITS, "♠♥♦♣", strict=True))
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
"""A phone as Playwright's "iPhone 13" describes it (its size, touch, a mobile viewport)."""
LOADS: list[dict[str, float]] = []
"""Every page load's first paint and playable times, for YUKON_WEB_TIMINGS."""
GAME: dict[str, Any] = {}
"""The won game's click-to-animation timings, for YUKON_WEB_TIMINGS."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(directory: pathlib.Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(_Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def address(server: http.server.ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pathlib.Path]:
    """The site built from this checkout; the timings measured, written at the end."""
    if not pathlib.Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt install chromium)")
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed")
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        ["bash", str(WEB / "build.sh"), str(out)],
        check=True,
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
    )
    yield out
    if os.environ.get("YUKON_WEB_TIMINGS") and LOADS:
        report = {
            "loads": len(LOADS),
            "first_paint_ms": summary([load["first_paint_ms"] for load in LOADS]),
            "playable_ms": summary([load["playable_ms"] for load in LOADS]),
            "each_load": LOADS,
            **GAME,
        }
        pathlib.Path(os.environ["YUKON_WEB_TIMINGS"]).write_text(
            json.dumps(report, indent=1) + "\n"
        )


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values)),
        "min": round(min(values)),
        "max": round(max(values)),
    }


@pytest.fixture(scope="session")
def site(built: pathlib.Path) -> Iterator[str]:
    """The site served on 127.0.0.1: its address."""
    server = serve(built)
    yield address(server)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser(site: str) -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox"]
        )
        yield launched
        launched.close()


def watched(context: BrowserContext) -> tuple[Page, list[str]]:
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    return opened, errors


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    opened, errors = watched(context)
    yield opened
    context.close()
    assert not errors, errors


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    opened, errors = watched(context)
    yield opened
    context.close()
    assert not errors, errors


def measured(page: Page) -> None:
    """Note this load's first paint of the board and its playable time (ms from the
    navigation's start, as the page measured them)."""
    first, ready = page.evaluate("[window.yukonShapeMs, window.yukonReadyMs]")
    LOADS.append({"first_paint_ms": round(first), "playable_ms": round(ready)})


def open_game(page: Page, site: str, code: str) -> float:
    """Open the page on ``code``; the seconds until the board is playable."""
    started = time.perf_counter()
    page.goto(f"{site}?code={code}")
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    seconds = time.perf_counter() - started
    measured(page)
    return seconds


def resize(page: Page, width: int, height: int) -> None:
    """The window at this size, once the page has laid itself out again."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"innerWidth === {width} && innerHeight === {height}")
    page.evaluate(
        "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def shoot(page: Page, name: str) -> None:
    if os.environ.get("YUKON_WEB_SCREENSHOTS"):
        folder = pathlib.Path(os.environ["YUKON_WEB_SCREENSHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), scale="css")


# -- acting as a player: places, clicks, drags, touches ------------------------------------


def pile(move_to: int | None, card: yukon.Card) -> str:
    if move_to is None:
        return f'[data-pile="foundation-{SUITS[card.suit]}"]'
    return f'[data-pile="column-{move_to + 1}"]'


def card_at(page: Page, card: yukon.Card | str) -> Locator:
    return page.locator(f'#board [data-card="{card}"]')


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None
    return {
        "x": found["x"],
        "y": found["y"],
        "width": found["width"],
        "height": found["height"],
    }


def drag(page: Page, source: Locator, target: str) -> None:
    """Press on the visible top of ``source``, move to ``target``'s top, release."""
    a, b = box(source), box(page.locator(target))
    page.mouse.move(a["x"] + 12, a["y"] + 8)
    page.mouse.down()
    page.mouse.move(b["x"] + 30, b["y"] + 40, steps=6)
    page.mouse.up()


def click(source: Locator) -> None:
    source.click(position={"x": 12, "y": 8})


class Finger:
    """Touches sent through the browser's input pipeline (CDP ``Input.dispatchTouchEvent``),
    as a touch screen sends them: the page sees pointer events of type "touch"."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp: CDPSession = page.context.new_cdp_session(page)
        self.lifted = 0.0

    def pause(self) -> None:
        """A finger's pause between one tap and the next: more than the 300 ms in which
        the browser takes a second tap as half of a double tap."""
        time.sleep(max(0.0, self.lifted + 0.35 - time.monotonic()))

    def touch(self, kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": x, "y": y, "id": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(self, x: float, y: float) -> None:
        self.touch("touchStart", x, y)
        self.touch("touchEnd")
        self.lifted = time.monotonic()

    def tap_card(self, source: Locator) -> None:
        self.pause()
        a = box(source)
        self.tap(a["x"] + 10, a["y"] + 6)

    def drag(self, source: Locator, target: str, *, cancel: bool = False) -> None:
        """A finger on ``source``'s visible top, moved to ``target``'s top and lifted
        (or, with ``cancel``, the touch cancelled there)."""
        a, b = box(source), box(self.page.locator(target))
        x, y = a["x"] + 10, a["y"] + 6
        tx, ty = b["x"] + b["width"] / 2, b["y"] + 30
        self.touch("touchStart", x, y)
        for step in range(1, 7):
            self.touch("touchMove", x + (tx - x) * step / 6, y + (ty - y) * step / 6)
        self.touch("touchCancel" if cancel else "touchEnd")


def moves_shown(page: Page) -> int:
    return int(page.inner_text("[data-moves]"))


def wait_moves(page: Page, count: int) -> None:
    """Until the page shows ``count`` moves and its cards have stopped moving (a player
    clicks where a card is, not where it flies through)."""
    page.wait_for_function(
        f"document.querySelector('[data-moves]').textContent === '{count}'"
        " && document.getAnimations().length === 0"
    )


def play(page: Page, state: State, move: Move, how: int, finger: Finger) -> str:
    """Make ``move`` with a finger as a player would, the ``how``-th way that does it: a
    tap (home, or pick up and tap the column), a double tap, or a drag. Which way."""
    card = card_at(page, move.card)
    before = moves_shown(page)
    tap_home = move.column is None and state.tap_move(move.card) == move
    picks_up = move.column is not None and state.tap_move(move.card) is None
    doubles = picks_up and state.double_tap_move(move.card) == move
    finger.pause()
    if tap_home and how % 3 != 1:
        way = "tap"
        finger.tap_card(card)
    elif doubles and how % 3 == 2:
        way = "double tap"  # two taps on one spot
        a = box(card)
        finger.tap(a["x"] + 10, a["y"] + 6)
        finger.tap(a["x"] + 10, a["y"] + 6)
    elif picks_up and how % 3 == 0:
        way = "tap, tap"
        finger.tap_card(card)
        page.wait_for_selector(".card.held")
        finger.pause()
        b = box(page.locator(pile(move.column, move.card)))
        finger.tap(b["x"] + b["width"] / 2, b["y"] + 5)
    else:
        way = "drag"
        finger.drag(card, pile(move.column, move.card))
    try:
        wait_moves(page, before + 1)
    except Timeout:
        said = page.inner_text("#message")
        sent = page.evaluate(
            "window.yukonLog.slice(-4).map((e) => e.text.slice(0, 90))"
        )
        raise AssertionError(f"{move} by {way}: not played; {said!r}; {sent}") from None
    return way


def columns_shown(page: Page) -> list[list[str | None]]:
    shown: list[list[str | None]] = page.evaluate(
        """() => [...document.querySelectorAll('[data-pile^="column-"]')].map(
            (pile) => [...pile.children].map((card) => card.dataset.card || null))"""
    )
    return shown


def columns_of(state: State) -> list[list[str | None]]:
    return [
        [None] * column.hidden + [str(card) for card in column.face_up]
        for column in state.columns
    ]


# -- what the page looks like ----------------------------------------------------------------

LAYOUT = """() => {
  // What is wrong with the board's layout at this size, in words; [] when nothing.
  const wrong = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width)
    wrong.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
  const columns = [...document.querySelectorAll('.column')];
  columns.forEach((pile, c) => {
    const area = pile.getBoundingClientRect();
    if (c > 0 && columns[c - 1].getBoundingClientRect().right > area.left)
      wrong.push(`column ${c} overlaps column ${c + 1}`);
    const cards = [...pile.children];
    cards.forEach((card, i) => {
      const r = card.getBoundingClientRect();
      if (r.left < area.left - 0.5 || r.right > area.right + 0.5)
        wrong.push(`a card of column ${c + 1} leaves its column`);
      if (r.left < 0 || r.right > width) wrong.push(`a card of column ${c + 1} is clipped`);
      if (r.bottom > innerHeight + 0.5) wrong.push(`column ${c + 1} ends below the window`);
      const next = cards[i + 1];
      // The corner: the card's border, its padding and one line of its face.
      const face = getComputedStyle(card, '::before');
      const corner = r.top + 1 + parseFloat(getComputedStyle(card).paddingTop) + parseFloat(face.lineHeight);
      if (next && card.dataset.card && next.getBoundingClientRect().top < corner - 0.5)
        wrong.push(`column ${c + 1}: the card on ${card.dataset.card} hides its corner`);
    });
  });
  const message = document.querySelector('#message').getBoundingClientRect();
  if (message.top < 0 || message.bottom > innerHeight) wrong.push('the message is off screen');
  const header = document.querySelector('header').getBoundingClientRect();
  if (header.height > innerHeight * 0.12) wrong.push(`the header is ${header.height} px high`);
  const first = columns[0].getBoundingClientRect(), last = columns[6].getBoundingClientRect();
  if (Math.abs(first.left - (width - last.right)) > 2) wrong.push('the board is not centred');
  return [...new Set(wrong)];
}"""


def layout_faults(page: Page) -> list[str]:
    faults: list[str] = page.evaluate(LAYOUT)
    return faults


def axe_faults(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    report = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in report["violations"]
        if v["impact"] in ("serious", "critical")
    ]


# -- what the page may know --------------------------------------------------------------


def named_in(text: str, cards: set[yukon.Card]) -> set[str]:
    """The cards of ``cards`` that ``text`` names: as "8S" (alone or in a move), as the
    page writes them, "8♠", or as it says them, "8 of spades"."""
    found = set()
    for card in cards:
        short = str(card)
        shown = ("10" if short[0] == "T" else short[0]) + SYMBOLS[short[1]]
        if re.search(rf'"{short}["> ]', text) or re.search(rf"\b{short}\b", text):
            found.add(short)
        if shown in text or spoken(short) in text:
            found.add(short)
    return found


def spoken(short: str) -> str:
    ranks = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return f"{ranks.get(short[0], short[0])} of {suits[short[1]]}"


def hebrew_named_in(text: str, cards: set[yukon.Card]) -> set[str]:
    """The cards of ``cards`` that ``text`` names as the Hebrew page says them ("10 עלה")."""
    ranks = {"A": "אס", "T": "10", "J": "נסיך", "Q": "מלכה", "K": "מלך"}
    suits = {"S": "עלה", "H": "לב", "D": "יהלום", "C": "תלתן"}
    said = {
        str(c): f"{ranks.get(str(c)[0], str(c)[0])} {suits[str(c)[1]]}" for c in cards
    }
    return {short for short, name in said.items() if name in text}


def face_down(state: State) -> set[yukon.Card]:
    return {card for column in state.columns for card in column.face_down}


def check_nothing_hidden_crossed(page: Page, state: State, seen: int) -> int:
    """No card face down in ``state`` is named by the DOM or by a message since the
    ``seen``-th; the number of messages now."""
    hidden = face_down(state)
    log = page.evaluate("window.yukonLog.map((entry) => entry.text)")
    for text in log[seen:]:
        for part in json.loads(text).get("view", {}).get("columns", []):
            assert "face_down" not in part
        assert not named_in(text, hidden), text
    assert not named_in(page.content(), hidden)
    return len(log)


# -- the tests -----------------------------------------------------------------------------


def test_a_relaxed_deal_is_won_with_a_finger_on_a_phone_and_nothing_hidden_crosses(
    phone: Page, site: str
) -> None:
    page = phone
    code = "YU1-R-AAAAAAB"
    page.add_init_script(FRESH)
    loaded = open_game(page, site, code)
    state = yukon.deal(code)
    line = yukon.solve(state, max_nodes=200_000).moves
    assert line and columns_shown(page) == columns_of(state)
    assert layout_faults(page) == []
    seen = check_nothing_hidden_crossed(page, state, 0)
    finger = Finger(page)
    # A cancelled touch puts the cards back: none moved, none hidden, none floating.
    group = card_at(page, "JS")  # column 3's first face-up card, with 4 cards on it
    finger.drag(group, '[data-pile="column-1"]', cancel=True)
    page.wait_for_function("!document.querySelector('.floating')")
    assert page.locator("#board .card[style*='hidden']").count() == 0
    assert columns_shown(page) == columns_of(state) and moves_shown(page) == 0
    ways: set[str] = set()
    undone_once = resized = False
    for number, move in enumerate(line):
        before = state
        ways.add(play(page, state, move, number, finger))
        state = state.apply(move)
        seen = check_nothing_hidden_crossed(page, state, seen)
        assert columns_shown(page) == columns_of(state), move
        if number % 10 == 0:
            assert layout_faults(page) == [], move
        if before.change(move).turn is not None and not undone_once:
            undone_once = True  # its undo turns the card face down again
            finger.tap_card(page.locator("#undo"))
            page.wait_for_selector("#redo:not([disabled])")
            page.wait_for_function("document.getAnimations().length === 0")
            assert columns_shown(page) == columns_of(before)
            seen = check_nothing_hidden_crossed(page, before, seen)
            count = moves_shown(page)
            finger.tap_card(page.locator("#redo"))
            wait_moves(page, count + 1)
            assert columns_shown(page) == columns_of(state)
            seen = check_nothing_hidden_crossed(page, state, seen)
        if number == 20:
            shoot(page, "phone-390x844")
            resize(page, 1280, 800)
            shoot(page, "game-1280x800")
            resize(page, 390, 844)
        if not resized and max(len(column.face_up) for column in state.columns) == 32:
            # The longest column of the game (32 cards): it fits a desktop's height too.
            resized = True
            assert layout_faults(page) == []
            for width, height in ((1280, 800), (1920, 1080), (390, 844)):
                resize(page, width, height)
                assert layout_faults(page) == [], (width, height)
                shoot(page, f"long-column-{width}x{height}")
    assert undone_once and ways == {"tap", "double tap", "tap, tap", "drag"}
    page.wait_for_selector("#board[data-won]")
    assert page.inner_text("[data-score]") == str(yukon.CLEAN_WIN)
    assert columns_shown(page) == columns_of(state)
    timings = page.evaluate("window.yukonTimings")
    GAME.update(
        {
            "game_playable_seconds": round(loaded, 2),
            "game_moves": len(timings),
            "tap_to_animation_ms_median": round(statistics.median(timings), 1),
            "tap_to_animation_ms_max": round(max(timings), 1),
        }
    )


def test_the_board_fits_from_360_px_to_a_desktop_and_shows_its_shape_first(
    browser: Browser, site: str
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page, errors = watched(context)
    page.add_init_script(FRESH)
    waiting: list[Route] = []
    page.route(
        "**/wheels/wheels.json", lambda route: waiting.append(route)
    )  # the rules wait for the test
    page.goto(f"{site}?code=YU1-C-AAAAAAB")
    page.wait_for_function("window.yukonShapeMs !== undefined")
    # While the rules load: the dealt board's shape, and no card named.
    assert page.get_attribute("body", "data-ready") is None
    shape = [[c.hidden, len(c.face_up)] for c in yukon.deal("YU1-C-AAAAAAB").columns]
    assert (
        page.evaluate(
            """() => [...document.querySelectorAll('.column')].map((pile) => [
            pile.querySelectorAll('.back').length, pile.querySelectorAll('.blank').length])"""
        )
        == shape
    )
    assert page.locator("[data-card]").count() == 0
    every = {
        card for column in yukon.deal("YU1-C-AAAAAAB").columns for card in column.cards
    }
    assert not named_in(page.content(), every)
    assert layout_faults(page) == []
    while not waiting:
        page.wait_for_timeout(50)
    waiting[0].continue_()
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    measured(page)
    for width, height in (
        (360, 740),
        (390, 844),
        (1280, 800),
        (1920, 1080),
        (844, 390),
    ):
        resize(page, width, height)
        assert layout_faults(page) == [], (width, height)
        shoot(page, f"board-{width}x{height}")
    context.close()
    assert not errors, errors


def test_refusals_and_the_whole_page_in_english_and_in_hebrew_and_axe_finds_nothing(
    page: Page, site: str
) -> None:
    code = "YU1-C-AAAAAAB"
    page.add_init_script(FRESH)
    open_game(page, site, code)
    assert axe_faults(page) == []
    click(page.locator('[data-pile="column-2"] .card.back'))  # refused, unnamed
    page.wait_for_selector('#message[data-code="card-back"]')
    move = Move.parse("TS>1")  # 10♠ on 7♥: not one rank lower
    refusal = yukon.deal(code).check(move)
    assert refusal is not None
    drag(page, card_at(page, move.card), pile(move.column, move.card))
    page.wait_for_selector('#message[data-code="rank-mismatch"]')
    assert page.inner_text("#message") == refusal.message_in("en")
    assert page.get_attribute("#message", "dir") == "ltr"
    page.wait_for_function(
        "document.querySelector('#announce').textContent"
        f" === {json.dumps(refusal.message_in('en'))}"
    )
    assert moves_shown(page) == 0
    english = page.inner_text("body")
    page.click("#language")
    assert page.inner_text("#message") == refusal.message_in("he")
    assert page.get_attribute("#message", "dir") == "rtl"
    assert page.get_attribute("#message", "lang") == "he"
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.get_attribute("html", "lang") == "he"
    # Every word of the page changed: buttons, labels, the cards' and piles' names.
    hebrew = page.inner_text("body")
    for word in ("New", "Undo", "Hint", "Finish", "Score", "Moves", "Time"):
        assert word in english and word not in hebrew, word
    assert page.get_attribute('[data-card="TS"]', "aria-label") == "10 עלה, טור 7"
    assert page.get_attribute('[data-card="KH"]', "aria-label") == "מלך לב, טור 3"
    assert (
        page.get_attribute('[data-pile="column-1"]', "aria-label") == "טור 1, 1 קלפים"
    )
    assert page.get_attribute("#undo", "title") == "ביטול מהלך (U)"
    backs = page.locator('[data-pile="column-7"] .card.back')
    assert backs.first.get_attribute("aria-label") == "קלף הפוך, טור 7"
    assert not hebrew_named_in(page.content(), face_down(yukon.deal(code)))
    assert page.get_attribute("#open-menu", "aria-label") == "תפריט"
    page.click("#open-menu")
    menu = page.inner_text("#menu")
    assert "הגדרות" in menu and "Settings" not in menu and "Placement" not in menu
    assert axe_faults(page) == []  # with the menu open, in Hebrew
    shoot(page, "menu-he")
    page.keyboard.press("Escape")
    page.click("#hint")  # the hint in Hebrew, from its place and destination
    page.wait_for_selector(".card.hinted")
    hinted = page.get_attribute(".card.hinted", "data-card")
    assert hinted is not None
    said = page.inner_text("#message")
    hint = Move.parse(page.get_attribute("#message", "data-hint") or "")
    assert str(hint.card) == hinted and hint in yukon.deal(code).legal_moves()
    assert (
        said
        == f"רמז: {'10' if hinted[0] == 'T' else hinted[0]}{SYMBOLS[hinted[1]]}"
        + (" לערימת היסוד" if hint.column is None else f" לטור {hint.column + 1}")
    )
    assert axe_faults(page) == []
    page.reload()  # the language is kept
    page.wait_for_selector("body[data-ready]")
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.inner_text("#random") == "חדש"


def test_keyboard_play_announced_and_undo_and_redo(page: Page, site: str) -> None:
    code = "YU1-C-AAAAAAB"
    page.add_init_script(FRESH)
    open_game(page, site, code)
    dealt = yukon.deal(code)
    # Arrows to 10♠ (column 7, under four cards), Enter picks it up, 2 drops it.
    page.keyboard.press("ArrowRight")  # the first column's top card
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    for _ in range(4):
        page.keyboard.press("ArrowUp")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "10 of spades, column 7"
    page.keyboard.press("Enter")
    page.wait_for_selector('.card.held[data-card="TS"]')
    page.keyboard.press("2")
    wait_moves(page, 1)
    after = dealt.apply(Move.parse("TS>2"))  # turns 8♠ up, +5
    page.wait_for_function(
        "document.querySelector('#announce').textContent === "
        "'10 of spades and 4 more to column 2. 8 of spades turned face up.'"
    )
    assert columns_shown(page) == columns_of(after)
    assert page.inner_text("[data-score]") == "5"
    page.keyboard.press("u")
    page.wait_for_selector("#redo:not([disabled])")
    assert columns_shown(page) == columns_of(dealt)
    assert page.inner_text("[data-score]") == "0" and moves_shown(page) == 1
    announced = page.inner_text("#announce")
    assert announced.startswith("Undone: 10 of spades and 4 more back to column 7")
    assert not named_in(announced, face_down(dealt))  # 8♠ turned down again, unnamed
    page.click("#redo")
    wait_moves(page, 2)  # a redo counts as a move
    assert columns_shown(page) == columns_of(after)
    assert page.inner_text("[data-score]") == "5"
    assert axe_faults(page) == []


def test_a_reload_keeps_the_game(page: Page, site: str) -> None:
    code = "YU1-C-AAAAAAB"
    open_game(page, site, code)
    page.evaluate("localStorage.clear()")
    open_game(page, site, code)
    state = yukon.deal(code)
    for number, move in enumerate(map(Move.parse, ("TS>2", "6C>1")), 1):
        drag(page, card_at(page, move.card), pile(move.column, move.card))
        wait_moves(page, number)
        state = state.apply(move)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert columns_shown(page) == columns_of(state)
    assert moves_shown(page) == 2
    assert page.inner_text("[data-score]") == str(state.score)
    page.click("#undo")
    page.wait_for_selector("#redo:not([disabled])")  # the undo history came back too


def test_a_code_link_asks_before_abandoning_a_game_in_progress(
    page: Page, site: str
) -> None:
    page.add_init_script(FRESH)
    open_game(page, site, "YU1-R-AAAAAAC")
    assert columns_shown(page) == columns_of(yukon.deal("YU1-R-AAAAAAC"))
    assert page.get_attribute("#board", "data-won") is None
    state = yukon.deal("YU1-R-AAAAAAC")
    move = state.legal_moves()[0]
    drag(page, card_at(page, move.card), pile(move.column, move.card))
    wait_moves(page, 1)
    state = state.apply(move)
    page.goto(f"{site}?code=YU1-C-AAAAAAB")  # a shared link, while this game goes on
    page.wait_for_selector("#confirm[open]")
    assert "YU1-C-AAAAAAB" in page.inner_text("#confirm-text")
    page.click("#confirm-no")
    page.wait_for_selector("body[data-ready]")
    assert columns_shown(page) == columns_of(state) and moves_shown(page) == 1
    assert "YU1-C-AAAAAAB" not in page.url
    page.goto(f"{site}?code=YU1-C-AAAAAAB")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm-yes")
    page.wait_for_selector("body[data-ready]")
    assert columns_shown(page) == columns_of(yukon.deal("YU1-C-AAAAAAB"))
    assert moves_shown(page) == 0


def test_hint_new_game_asks_and_settings(page: Page, site: str) -> None:
    page.add_init_script(FRESH)
    open_game(page, site, "YU1-C-AAAAAAB")
    page.click("#hint")
    page.wait_for_selector(".card.hinted")
    hinted = page.get_attribute(".card.hinted", "data-card")
    assert hinted is not None
    hint = Move.parse(page.get_attribute("#message", "data-hint") or "")
    assert (
        str(hint.card) == hinted and hint in yukon.deal("YU1-C-AAAAAAB").legal_moves()
    )
    where = "its foundation" if hint.column is None else f"column {hint.column + 1}"
    shown = ("10" if hinted[0] == "T" else hinted[0]) + SYMBOLS[hinted[1]]
    assert page.inner_text("#message") == f"Hint: {shown} to {where}"
    assert page.locator(".pile.lit").count() == 1
    page.click("#open-menu")
    page.locator('[data-setting="placement_help"]').uncheck()
    page.wait_for_function(
        "!document.querySelector('[data-setting=placement_help]').checked"
    )
    page.keyboard.press("Escape")
    click(card_at(page, "TS"))  # picked up, nothing lit
    page.wait_for_selector(".card.held")
    assert page.locator(".pile.lit").count() == 0
    page.keyboard.press("2")
    wait_moves(page, 1)
    page.reload()  # the settings are kept with the game
    page.wait_for_selector("body[data-ready]")
    assert not page.locator('[data-setting="placement_help"]').is_checked()
    page.keyboard.press("n")  # the choices first; then, a game in progress: asked, kept
    page.wait_for_selector("#new-game[open]")
    page.locator("#rules").select_option("R")
    page.click('#new-game button[value="random"]')
    page.wait_for_selector("#confirm[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm:not([open])", state="attached")
    assert moves_shown(page) == 1
    page.click("#random")  # asked again, and abandoned
    page.wait_for_selector("#new-game[open]")
    page.keyboard.press("Escape")  # the choices cancelled: nothing asked, nothing dealt
    page.wait_for_selector("#new-game:not([open])", state="attached")
    assert page.locator("dialog[open]").count() == 0 and moves_shown(page) == 1
    page.click("#random")
    page.click('#new-game button[value="random"]')
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm-yes")
    page.wait_for_function("document.querySelector('[data-moves]').textContent === '0'")
    assert page.get_attribute("#deal-info", "data-deal") == "random"
    # A random deal's code is the deal: it is not shown until the game is over (#59).
    page.wait_for_function("document.querySelector('#game-code').textContent === ''")
    assert "code=" not in page.url
    assert columns_shown(page) != columns_of(yukon.deal("YU1-C-AAAAAAB"))
    assert all(len(column) for column in columns_shown(page))


# -- the deals a player asks for, and the player's record (#60) ---------------------------

TODAY = datetime.datetime(2026, 12, 7, 9, 30)
"""The page's clock in these tests: a Monday, whose classic daily deal is easy."""


def dealt_code(page: Page, rules: str) -> yukon.GameCode:
    """The deal on the board, found by its face-up cards among the deal numbers from 1
    up: the page shows no code of a deal it chose, so the test looks for it as a player
    with the public catalog could (the catalog's deals all lie far below 10**6)."""
    shown = columns_shown(page)
    for number in range(1, 10**6):
        code = yukon.GameCode(number, rules)
        if columns_of(yukon.deal(code)) == shown:
            return code
    raise AssertionError("the deal on the board is none of the first million")


def choose(page: Page, choice: str, rules: str = "C") -> None:
    """New game, ``choice`` in the rules ``rules``, abandoning any game in progress."""
    page.click("#random")
    page.wait_for_selector("#new-game[open]")
    page.locator("#rules").select_option(rules)
    before = page.evaluate("window.yukonLog.length")
    page.click(f'#new-game button[value="{choice}"]')
    # The page asks before it throws a game in progress away, and sends nothing first:
    # wait for the question or the message, whichever the page answers with.
    page.wait_for_function(
        "document.querySelector('#confirm[open]') !== null"
        f" || window.yukonLog.length > {before}"
    )
    if page.locator("#confirm[open]").count():
        page.click("#confirm-yes")
    page.wait_for_function(
        f"window.yukonLog.length > {before} + 1 && document.getAnimations().length === 0"
        " && document.querySelector('[data-moves]').textContent === '0'"
    )


def test_each_new_game_choice_deals_what_it_says_on_a_phone_in_both_languages(
    phone: Page, site: str
) -> None:
    page = phone
    page.clock.set_fixed_time(TODAY)  # the page's local date: 2026-12-07
    page.add_init_script(FRESH)
    open_game(page, site, "YU1-C-AAAAAAB")
    page.click("#random")
    page.wait_for_selector("#new-game[open]")
    shoot(
        page, "new-game-390x844"
    )  # axe-core's check at the end: its script names cards
    page.keyboard.press("Escape")
    seen = 0
    for number, (choice, rules) in enumerate(
        [("winnable", "C"), ("hard", "R"), ("easy", "C"), ("hardest", "C")]
    ):
        if number == 2:  # the rest in Hebrew
            page.click("#language")
        choose(page, choice, rules)
        code = dealt_code(page, rules)
        solution = yukon.solve(yukon.deal(code), max_nodes=2_000_000)
        assert solution.verdict is yukon.Verdict.WON, code  # winnable, as promised
        assert page.get_attribute("#deal-info", "data-deal") == "winnable"
        if choice != "winnable":
            assert yukon.grade(code).value == choice
            assert page.get_attribute("#deal-info", "data-grade") == choice
            word = {"hard": "Hard", "easy": "קל", "hardest": "הקשה ביותר"}[choice]
            assert page.inner_text("#deal-info") == word
        # The code IS the deal (the catalog is public): not shown while it is played.
        assert page.inner_text("#game-code") == "" and "code=" not in page.url
        log = page.evaluate("window.yukonLog.map((entry) => entry.text)")
        assert not any(str(code) in text for text in log[seen:])
        seen = len(log)
        seen = check_nothing_hidden_crossed(page, yukon.deal(code), seen)
        assert layout_faults(page) == []
    choose(page, "daily")
    day = TODAY.date()
    assert columns_shown(page) == columns_of(yukon.deal(yukon.daily(day)))
    assert page.get_attribute("#deal-info", "data-deal") == "daily"
    assert page.inner_text("#deal-info") == "יומי 2026-12-07 · קל"  # Monday's: easy
    assert page.inner_text("#game-code") == ""
    assert str(yukon.daily(day)) not in " ".join(
        page.evaluate("window.yukonLog.map((entry) => entry.text)")
    )
    page.click("#random")
    page.wait_for_selector("#new-game[open]")
    assert page.inner_text('#new-game button[value="daily"]') == "החלוקה של היום"
    shoot(page, "new-game-he-390x844")
    page.keyboard.press("Escape")
    page.reload()  # the deal and its day are kept with the game
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("#deal-info") == "יומי 2026-12-07 · קל"
    page.click("#random")
    page.wait_for_selector("#new-game[open]")
    assert axe_faults(page) == []  # in Hebrew, right to left
    page.keyboard.press("Escape")
    page.click("#language")
    page.click("#random")
    page.wait_for_selector("#new-game[open]")
    assert axe_faults(page) == []  # and in English


def stats_cell(page: Page, row: str, field: str) -> str:
    return page.inner_text(f'#statistics tr[data-row="{row}"] td[data-field="{field}"]')


def open_statistics(page: Page) -> None:
    page.keyboard.press("t")
    page.wait_for_selector("#statistics[open]")


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")


def test_a_daily_deal_won_and_a_game_abandoned_change_the_statistics_screen(
    browser: Browser, site: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page, errors = watched(context)
    page.clock.set_fixed_time(TODAY)
    page.add_init_script(FRESH)
    open_game(page, site, "YU1-C-AAAAAAB")
    page.click("#open-menu")  # the screen from the menu, as well as by T
    page.click("#open-stats")
    page.wait_for_selector("#statistics[open]")
    assert stats_cell(page, "all", "played") == "0"
    assert page.get_attribute("#daily-streak", "data-daily-streak") == "0"
    close_dialog(page)
    choose(page, "daily")
    code = yukon.daily(TODAY.date())
    state = yukon.deal(code)
    line = yukon.solve(state, max_nodes=2_000_000).moves
    for number, move in enumerate(line, 1):
        drag(page, card_at(page, move.card), pile(move.column, move.card))
        wait_moves(page, number)
        state = state.apply(move)
    page.wait_for_selector("#board[data-won]")
    assert page.inner_text("#game-code") == str(code)  # over: the code may be shown
    open_statistics(page)
    assert [stats_cell(page, "all", f) for f in ("played", "won", "share")] == [
        "1",
        "1",
        "100%",
    ]
    assert (
        stats_cell(page, "easy", "won") == "1"
        and stats_cell(page, "R", "played") == "0"
    )
    assert stats_cell(page, "all", "fewest_moves") == str(len(line))
    assert stats_cell(page, "all", "best_score") == str(yukon.CLEAN_WIN)
    assert re.fullmatch(r"\d+:\d\d", stats_cell(page, "all", "fastest_win"))
    assert page.inner_text("#daily-streak") == "Daily deal streak: 1 (best 1)"
    assert axe_faults(page) == []
    shoot(page, "statistics-1280x800")
    close_dialog(page)
    choose(page, "winnable", "R")  # a relaxed game, one move, then left for another
    page.click("#hint")  # the hint's move (a winnable deal has one)
    page.wait_for_selector(".card.hinted")
    hint = Move.parse(page.get_attribute("#message", "data-hint") or "")
    drag(page, card_at(page, hint.card), pile(hint.column, hint.card))
    wait_moves(page, 1)
    choose(page, "random")  # asked, abandoned: played, not won
    open_statistics(page)
    assert [stats_cell(page, "all", f) for f in ("played", "won", "streak")] == [
        "2",
        "1",
        "0",
    ]
    assert stats_cell(page, "all", "best_streak") == "1"
    assert (
        stats_cell(page, "R", "played") == "1" and stats_cell(page, "R", "won") == "0"
    )
    close_dialog(page)
    page.click("#language")
    open_statistics(page)
    text = page.inner_text("#statistics")
    assert "כל המשחקים" in text and "All games" not in text
    assert page.inner_text("#daily-streak") == "רצף החלוקות היומיות: 1 (שיא 1)"
    assert axe_faults(page) == []
    shoot(page, "statistics-he-1280x800")
    resize(page, 390, 844)
    assert axe_faults(page) == []
    width = page.evaluate("document.querySelector('#statistics').scrollWidth")
    assert width <= 390 and page.evaluate(
        "document.querySelector('#statistics').getBoundingClientRect().right <= 390"
    )
    shoot(page, "statistics-he-390x844")
    close_dialog(page)
    page.clock.set_fixed_time(TODAY + datetime.timedelta(days=2))  # a day missed
    page.reload()
    page.wait_for_selector("body[data-ready]")
    open_statistics(page)  # kept over a reload; the streak as it stands today
    assert stats_cell(page, "all", "played") == "2"
    assert page.get_attribute("#daily-streak", "data-daily-streak") == "0"
    context.close()
    assert not errors, errors


def test_a_reload_with_the_network_off_plays(
    browser: Browser, built: pathlib.Path
) -> None:
    server = serve(built)  # a server of its own, stopped after the first load
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page, errors = watched(context)
    page.add_init_script(FRESH)
    open_game(page, address(server), "YU1-C-AAAAAAB")
    page.evaluate(
        "navigator.serviceWorker.ready.then(() => new Promise((done) => {"
        " if (navigator.serviceWorker.controller) done();"
        " else navigator.serviceWorker.oncontrollerchange = done; }))"
    )
    server.shutdown()
    server.server_close()
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    measured(page)
    assert columns_shown(page) == columns_of(yukon.deal("YU1-C-AAAAAAB"))
    drag(page, card_at(page, "TS"), '[data-pile="column-2"]')
    wait_moves(page, 1)
    assert page.inner_text("[data-score]") == "5"
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())"
    )
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    context.close()
    assert not errors, errors
