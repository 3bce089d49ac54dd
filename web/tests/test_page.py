"""The web page in a real Chromium: a relaxed deal won by clicks and drags, refusals in
English and Hebrew, undo and redo, a reload that keeps the game, and no face-down card
ever reaching the page.

The site is built by ``web/build.sh`` into a temporary folder and served on 127.0.0.1;
Playwright drives the system's Chromium (``YUKON_CHROMIUM``, default
``/usr/bin/chromium``). ``YUKON_WEB_TIMINGS=FILE`` writes the load and move timings the
tests measure (they assert none: speed lives in the performance page), and
``YUKON_WEB_SCREENSHOT=FILE`` saves a game in progress.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as Timeout

import yukon
from yukon import Move, State

WEB = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("YUKON_CHROMIUM", "/usr/bin/chromium")
SUITS = "SHDC"
FRESH = """if (!sessionStorage.getItem("fresh")) {
    localStorage.clear();
    sessionStorage.setItem("fresh", "1");
}"""
"""An init script: the tab starts with nothing saved, and a reload keeps what it saved."""
SYMBOLS = dict(zip(SUITS, "♠♥♦♣", strict=True))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built from this checkout, served on 127.0.0.1: its address."""
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
    handler = functools.partial(_Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
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


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors


def open_game(page: Page, site: str, code: str) -> float:
    """Open the page on ``code``; the seconds until the board is playable."""
    started = time.perf_counter()
    page.goto(f"{site}?code={code}")
    page.wait_for_selector("body[data-ready]", timeout=60_000)
    return time.perf_counter() - started


# -- acting as a player: places, clicks, drags -----------------------------------------


def pile(move_to: int | None, card: yukon.Card) -> str:
    if move_to is None:
        return f'[data-pile="foundation-{SUITS[card.suit]}"]'
    return f'[data-pile="column-{move_to + 1}"]'


def card_at(page: Page, card: yukon.Card) -> Locator:
    return page.locator(f'[data-card="{card}"]')


def drag(page: Page, source: Locator, target: str) -> None:
    """Press on the visible top of ``source``, move to ``target``'s top, release."""
    a = source.bounding_box()
    b = page.locator(target).bounding_box()
    assert a is not None and b is not None
    page.mouse.move(a["x"] + 12, a["y"] + 8)
    page.mouse.down()
    page.mouse.move(b["x"] + 30, b["y"] + 40, steps=6)
    page.mouse.up()


def click(source: Locator) -> None:
    source.click(position={"x": 12, "y": 8})


def moves_shown(page: Page) -> int:
    return int(page.inner_text("[data-moves]"))


def wait_moves(page: Page, count: int) -> None:
    """Until the page shows ``count`` moves and its cards have stopped moving (a player
    clicks where a card is, not where it flies through)."""
    page.wait_for_function(
        f"document.querySelector('[data-moves]').textContent === '{count}'"
        " && document.getAnimations().length === 0"
    )


def play(page: Page, state: State, move: Move, by_click: bool) -> None:
    """Make ``move`` as a player would: a click where a click does it, else a drag."""
    card = card_at(page, move.card)
    before = moves_shown(page)
    if move.column is None and by_click and state.tap_move(move.card) == move:
        click(card)  # a tap sends the card home
    elif move.column is not None and by_click and state.tap_move(move.card) is None:
        click(card)  # a tap picks it up; a click on the column puts it there
        page.wait_for_selector(".card.held")
        page.locator(pile(move.column, move.card)).click(position={"x": 30, "y": 5})
    else:
        drag(page, card, pile(move.column, move.card))
    try:
        wait_moves(page, before + 1)
    except Timeout:
        said = page.inner_text("#message")
        raise AssertionError(f"{move} was not played; the page says {said!r}") from None


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


# -- what the page may know --------------------------------------------------------------


def named_in(text: str, cards: set[yukon.Card]) -> set[str]:
    """The cards of ``cards`` that ``text`` names: as "8S" (alone or in a move) or as
    the page writes them, "8♠"."""
    found = set()
    for card in cards:
        short = str(card)
        shown = ("10" if short[0] == "T" else short[0]) + SYMBOLS[short[1]]
        if re.search(rf'"{short}["> ]', text) or re.search(rf"\b{short}\b", text):
            found.add(short)
        if shown in text:
            found.add(short)
    return found


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


def test_a_relaxed_deal_is_won_by_clicks_and_drags_and_nothing_hidden_crosses(
    page: Page, site: str
) -> None:
    code = "YU1-R-AAAAAAB"
    page.add_init_script(FRESH)
    loaded = open_game(page, site, code)
    state = yukon.deal(code)
    line = yukon.solve(state, max_nodes=200_000).moves
    assert line and columns_shown(page) == columns_of(state)
    seen = check_nothing_hidden_crossed(page, state, 0)
    undone_once = False
    for number, move in enumerate(line):
        before = state
        play(page, state, move, by_click=number % 2 == 0)
        state = state.apply(move)
        seen = check_nothing_hidden_crossed(page, state, seen)
        if before.change(move).turn is not None and not undone_once:
            undone_once = True  # its undo turns the card face down again
            page.click("#undo")
            page.wait_for_selector("#redo:not([disabled])")
            page.wait_for_function("document.getAnimations().length === 0")
            assert columns_shown(page) == columns_of(before)
            seen = check_nothing_hidden_crossed(page, before, seen)
            count = moves_shown(page)
            page.click("#redo")
            wait_moves(page, count + 1)
            assert columns_shown(page) == columns_of(state)
            seen = check_nothing_hidden_crossed(page, state, seen)
        if number == 20 and os.environ.get("YUKON_WEB_SCREENSHOT"):
            page.screenshot(path=os.environ["YUKON_WEB_SCREENSHOT"])
    assert undone_once
    page.wait_for_selector("#board[data-won]")
    assert page.inner_text("[data-score]") == str(yukon.CLEAN_WIN)
    assert columns_shown(page) == columns_of(state)
    timings = page.evaluate("window.yukonTimings")
    report = {
        "playable_seconds": round(loaded, 2),
        "worker_load_ms": page.evaluate("window.yukonLoadMs"),
        "moves": len(timings),
        "click_to_animation_ms_median": round(sorted(timings)[len(timings) // 2], 1),
        "click_to_animation_ms_max": round(max(timings), 1),
    }
    print(json.dumps(report))
    if os.environ.get("YUKON_WEB_TIMINGS"):
        pathlib.Path(os.environ["YUKON_WEB_TIMINGS"]).write_text(json.dumps(report))


def test_a_refusal_is_shown_in_english_and_in_hebrew(page: Page, site: str) -> None:
    code = "YU1-C-AAAAAAB"
    page.add_init_script(FRESH)
    open_game(page, site, code)
    move = Move.parse("TS>1")  # 10♠ on 7♥: not one rank lower
    refusal = yukon.deal(code).check(move)
    assert refusal is not None
    drag(page, card_at(page, move.card), pile(move.column, move.card))
    page.wait_for_selector('#message[data-code="rank-mismatch"]')
    assert page.inner_text("#message") == refusal.message_in("en")
    assert page.get_attribute("#message", "dir") == "ltr"
    assert moves_shown(page) == 0
    page.click("#language")
    assert page.inner_text("#message") == refusal.message_in("he")
    assert page.get_attribute("#message", "dir") == "rtl"
    assert page.get_attribute("#message", "lang") == "he"


def test_a_card_back_is_refused_without_naming_it(page: Page, site: str) -> None:
    page.add_init_script(FRESH)
    open_game(page, site, "YU1-C-AAAAAAB")
    click(page.locator('[data-pile="column-2"] .card.back'))
    page.wait_for_selector('#message[data-code="card-back"]')
    assert moves_shown(page) == 0


def test_undo_and_redo(page: Page, site: str) -> None:
    code = "YU1-C-AAAAAAB"
    page.add_init_script(FRESH)
    open_game(page, site, code)
    dealt = yukon.deal(code)
    move = Move.parse("TS>2")  # turns 8♠ up, +5
    drag(page, card_at(page, move.card), pile(move.column, move.card))
    wait_moves(page, 1)
    after = dealt.apply(move)
    assert columns_shown(page) == columns_of(after)
    assert page.inner_text("[data-score]") == "5"
    page.keyboard.press("u")
    page.wait_for_selector("#redo:not([disabled])")
    assert columns_shown(page) == columns_of(dealt)
    assert page.inner_text("[data-score]") == "0" and moves_shown(page) == 1
    page.click("#redo")
    wait_moves(page, 2)  # a redo counts as a move
    assert columns_shown(page) == columns_of(after)
    assert page.inner_text("[data-score]") == "5"


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


def test_a_code_in_the_address_deals_that_game(page: Page, site: str) -> None:
    page.add_init_script(FRESH)
    open_game(page, site, "YU1-R-AAAAAAC")
    assert columns_shown(page) == columns_of(yukon.deal("YU1-R-AAAAAAC"))
    assert page.inner_text("#game-code") == "YU1-R-AAAAAAC"
    assert page.get_attribute("#board", "data-won") is None


def test_hint_new_game_by_key_and_settings(page: Page, site: str) -> None:
    page.add_init_script(FRESH)
    open_game(page, site, "YU1-C-AAAAAAB")
    page.click("#hint")
    page.wait_for_selector(".card.hinted")
    hinted = page.get_attribute(".card.hinted", "data-card")
    said = page.inner_text("#message")
    assert said.startswith(f"Hint: {hinted}>")
    assert (
        Move.parse(said.removeprefix("Hint: "))
        in yukon.deal("YU1-C-AAAAAAB").legal_moves()
    )
    assert page.locator(".pile.lit").count() == 1
    page.locator('[data-setting="placement_help"]').uncheck()
    page.wait_for_function(
        "!document.querySelector('[data-setting=placement_help]').checked"
    )
    click(card_at(page, yukon.Card.parse("TS")))  # picked up, nothing lit
    page.wait_for_selector(".card.held")
    assert page.locator(".pile.lit").count() == 0
    page.keyboard.press("Escape")
    page.reload()  # the settings are kept with the game
    page.wait_for_selector("body[data-ready]")
    assert not page.locator('[data-setting="placement_help"]').is_checked()
    page.locator("#rules").select_option("R")
    page.keyboard.press("n")
    # A random deal's code is the deal: it is not shown until the game is over (#59).
    page.wait_for_function("document.querySelector('#game-code').textContent === ''")
    assert moves_shown(page) == 0 and "code=" not in page.url
