"""``yukon play``, driven through Textual's pilot as a player drives it: clicks and keys."""

from __future__ import annotations

import asyncio
import json
import pathlib
import random
from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Static

import yukon
from yukon import Card, Game, Move, Suit
from yukon._cli import main
from yukon.play import PileWidget, YukonApp, describe, read_statistics

Script = Callable[[YukonApp, Pilot[None]], Awaitable[None]]


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test runs in a folder of its own: the save and the statistics files an app
    keeps beside it by default land there, not in the checkout."""
    monkeypatch.chdir(tmp_path)


def run(app: YukonApp, script: Script) -> None:
    """Run ``app`` headless and let ``script`` play it."""

    async def go() -> None:
        async with app.run_test(size=(100, 50)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())


def status(app: YukonApp) -> str:
    return str(app.query_one("#status", Static).render())


def info(app: YukonApp) -> str:
    return str(app.query_one("#info", Static).render())


class Clock:
    """A clock the test sets by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def spot(app: YukonApp, card: Card | str) -> tuple[str, tuple[int, int]]:
    """Where ``card`` is drawn: its pile's widget and the offset of its line (a column's
    first line is its number)."""
    where = app.game.state.locate(card)
    if where.pile.is_foundation:
        return f"#foundation-{Suit(where.pile.index).letter}", (1, 0)
    return f"#column-{where.pile.index + 1}", (1, 1 + where.index)


async def click(
    app: YukonApp,
    pilot: Pilot[None],
    card: Card | str,
    *,
    times: int = 1,
    shift: bool = False,
) -> None:
    selector, offset = spot(app, card)
    await pilot.click(selector, offset=offset, times=times, shift=shift)
    await pilot.pause()


async def click_move(app: YukonApp, pilot: Pilot[None], move: Move) -> None:
    """Play ``move`` with the mouse: a click on the card (a tap, or a pick-up), then a
    click on the column; shift+click picks up a card a tap would send home."""
    state = app.game.state
    card = move.card
    if move.column is None:
        assert state.tap_move(card) == move
        await click(app, pilot, card)
        return
    await click(app, pilot, card, shift=state.tap_move(card) is not None)
    assert app.view.held == card
    await pilot.click(f"#column-{move.column + 1}")


async def key_move(app: YukonApp, pilot: Pilot[None], move: Move) -> None:
    """Play ``move`` from the keyboard: the source column's number puts the cursor on
    its last card, Up climbs to the card, then F (home) or Space and the destination's
    number; a card back from a foundation is typed as a move."""
    where = app.game.state.locate(move.card)
    if where.pile.is_foundation:
        await pilot.press("m", *str(move), "enter")
        return
    column = app.game.state.columns[where.pile.index]
    await pilot.press(
        str(where.pile.index + 1), *["up"] * (len(column) - 1 - where.index)
    )
    if move.column is None:
        await pilot.press("f")
    else:
        await pilot.press("space", str(move.column + 1))


# The terminal game is the same without the core, and its other tests run there too.
@pytest.mark.slow
@pytest.mark.same_without_core
@pytest.mark.no_cover  # slow under coverage; the shorter games cover the same code
def test_a_relaxed_deal_is_won_to_625_through_clicks_and_keys() -> None:
    game = Game.new("YU1-R-AAAAAAB")
    solution = yukon.solve(game.state, max_seconds=60)
    assert solution.verdict is yukon.Verdict.WON
    line = solution.moves
    # The line needs every way in: taps, pick-ups, shift-picks and returns.
    assert any(m.column is None for m in line) and any(
        m.column is not None for m in line
    )

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        for number, move in enumerate(line):
            play = click_move if number % 2 == 0 else key_move
            await play(app, pilot, move)
            await pilot.pause()
            assert app.game.last_move == move, (number, move, status(app))
            assert app.view.held is None
        assert app.game.is_won and app.game.score == yukon.CLEAN_WIN == 625
        assert status(app) == "Won, with 625 points!"
        assert f"score 625   moves {len(line)}" in info(app)

    run(YukonApp(game, clock=Clock()), script)


def test_a_click_on_a_card_taps_it_home_and_a_double_click_double_taps() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    assert game.state.tap_move("6C") is None  # K♠ lies on it

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click(app, pilot, "6C", times=2)  # no tap: the double tap places it
        assert app.game == game.double_tap("6C").game != game
        assert app.game.state.tap_move("AH") is not None
        await click(app, pilot, "AH")
        assert app.game.last_move == Move.parse("AH>F")
        change = app.game.last_change
        assert change is not None and status(app) == describe(change)

    run(YukonApp(game, clock=Clock()), script)


def test_a_double_click_on_a_card_sent_home_by_its_first_click_does_nothing_more() -> (
    None
):
    game = Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5")
    assert game.state.tap_move("AH") is not None

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click(app, pilot, "AH", times=2)
        assert app.game.line == (*game.line, Move.parse("AH>F"))
        assert app.game.move_count == game.move_count + 1

    run(YukonApp(game, clock=Clock()), script)


class _Unhurried(YukonApp):
    """Moved cards lit until the next move, however slowly the machine runs the test."""

    MOVED_SHOWN_FOR = 3600.0


def test_undo_is_shown_from_the_change_inverse() -> None:
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click_move(app, pilot, Move.parse("6D>7"))  # turns K♣ face up
        await pilot.pause()
        change = app.game.last_change
        assert change is not None and change.flipped == Card.parse("KC")
        await pilot.press("u")
        await pilot.pause()
        assert app.game.state == game.state and app.game.move_count == 1
        assert status(app) == describe(change.inverse())
        assert "back to column 6; K♣ turned face down; -5" in status(app)
        assert app.view.moved == set(change.cards)
        column = str(app.query_one("#column-6", PileWidget).render())
        assert column.split()[-5:] == [card.symbol for card in change.cards]
        await pilot.press("u")
        await pilot.pause()
        assert status(app) == "Nothing to undo." and app.game.state == game.state

    run(_Unhurried(game, clock=Clock()), script)


def test_the_moved_cards_go_dark_when_their_moment_is_over() -> None:
    class Brief(YukonApp):
        MOVED_SHOWN_FOR = 0.01

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click_move(app, pilot, Move.parse("6D>7"))
        await pilot.pause(0.5)
        assert app.game.move_count == 1 and app.view.moved == frozenset()

    run(Brief(Game.new("YU1-C-AAAAAAB"), clock=Clock()), script)


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_refused_move_says_which_rule_refuses_it(language: str) -> None:
    game = Game.new("YU1-C-AAAAAAB")
    refusal = game.attempt("7C>3").refusal
    assert refusal is not None

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click(app, pilot, "7C")
        # Placement help lights up exactly where 7♣ may go.
        assert app.view.lit == {
            yukon.Pile.column(m.column or 0) for m in game.state.targets("7C")
        }
        await pilot.click("#column-3")
        await pilot.pause()
        assert app.game is game and app.view.held is None
        assert status(app) == refusal.message_in(language)

    run(YukonApp(game, clock=Clock(), language=language), script)


def test_without_interactive_rules_a_refusal_is_silent() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    settings = yukon.Settings(interactive_rules=False, placement_help=False)

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click(app, pilot, "7C")
        assert app.view.held == Card.parse("7C") and not app.view.lit
        await pilot.click("#column-3")
        await pilot.pause()
        assert app.game is game and status(app) == ""

    run(YukonApp(game, clock=Clock(), settings=settings), script)


def test_a_card_back_is_never_named() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    hidden = game.state.columns[1].face_down[0]

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.click("#column-2", offset=(1, 1))
        await pilot.pause()
        assert status(app) == "A face-down card cannot be moved."
        assert hidden.symbol not in status(app) and app.game is game
        assert hidden.symbol not in str(app.query_one("#column-2", PileWidget).render())

    run(YukonApp(game, clock=Clock()), script)


def test_save_and_load_keep_the_game_and_its_clock(tmp_path: pathlib.Path) -> None:
    save = tmp_path / "game.json"
    clock = Clock()
    played = Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5")

    async def first(app: YukonApp, pilot: Pilot[None]) -> None:
        clock.now = 65.4
        await pilot.press("s")
        await pilot.pause()
        assert status(app) == f"Saved to {save}."

    run(YukonApp(played, clock=clock, save_path=save), first)
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["meta"] == {"elapsed_ms": 65400}

    async def second(app: YukonApp, pilot: Pilot[None]) -> None:
        clock.now = 1000.0
        await pilot.press("l")
        await pilot.pause()
        assert app.game.line == played.line and app.game.meta["elapsed_ms"] == 65400
        assert "time 1:05" in info(app)
        clock.now = 1010.0
        app.show_info()
        assert "time 1:15" in info(app)

    run(YukonApp(Game.new("YU1-R-AAAAAAC"), clock=clock, save_path=save), second)


def test_a_save_file_that_is_no_game_is_refused_in_words(
    tmp_path: pathlib.Path,
) -> None:
    save = tmp_path / "game.json"
    save.write_text("{not json", encoding="utf-8")
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("l")
        await pilot.pause()
        assert status(app).startswith("Not loaded: ") and app.game is game

    run(YukonApp(game, clock=Clock(), save_path=save), script)


@pytest.mark.same_without_core  # full-budget hints: 10 s each in pure Python
def test_the_hint_lights_its_move_and_plays_with_one_key() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    hint = game.hint(rng=random.Random(7))
    assert hint is not None and hint.move.column is not None

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await pilot.pause()
        assert app.view.held == hint.move.card
        assert hint.message_in("en") in status(app)
        await pilot.press(str((hint.move.column or 0) + 1))
        await pilot.pause()
        assert app.game.last_move == hint.move

    run(YukonApp(game, clock=Clock(), rng=random.Random(7)), script)


def test_auto_finish_wins_once_every_card_is_face_up() -> None:
    game = Game.new("YU1-R-AAAAAAB")
    for move in yukon.solve(game.state, max_seconds=60).moves:
        if game.state.all_face_up:
            break
        game = game.play(move)
    assert game.state.all_face_up and not game.is_won

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("a")
        await pilot.pause()
        assert app.game.is_won and app.game.score == 625
        assert status(app) == "Won, with 625 points!"

    run(YukonApp(game, clock=Clock()), script)


def test_auto_finish_before_every_card_is_up_says_why() -> None:
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("a")
        await pilot.pause()
        assert app.game is game
        assert status(app) == (
            "Auto-finish plays on only once every card is face up; 21 cards are "
            "still face down."
        )

    run(YukonApp(game, clock=Clock()), script)
    hebrew = YukonApp(game, clock=Clock(), language="he")

    async def in_hebrew(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("a")
        await pilot.pause()
        assert status(app) == yukon.HEBREW.messages[
            yukon.RefusalCode.FACE_DOWN_LEFT
        ].format(size=21)

    run(hebrew, in_hebrew)


def test_a_new_game_from_a_code_or_at_random() -> None:
    clock = Clock()

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        clock.now = 30.0
        await pilot.press("n", *"yu1-r-aaaaaac", "enter")
        await pilot.pause()
        assert app.game.code == yukon.GameCode.parse("YU1-R-AAAAAAC")
        assert "time 0:00" in info(app)
        await pilot.press("n", "enter")
        await pilot.pause()
        expected = yukon.GameCode.random("R", rng=random.Random(3))
        assert app.game.code == expected
        await pilot.press("n", *"nonsense", "enter")
        await pilot.pause()
        assert app.game.code == expected and "game code" in status(app).lower()

    run(YukonApp(Game.new("YU1-C-AAAAAAB"), clock=clock, rng=random.Random(3)), script)


def test_a_typed_move_that_is_no_move_says_so() -> None:
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("m", *"6C>9", "enter")
        await pilot.pause()
        assert app.game is game and status(app)
        await pilot.press("m", *"6c>1", "enter")
        await pilot.pause()
        assert app.game.last_move == Move.parse("6C>1")

    run(YukonApp(game, clock=Clock()), script)


def test_settings_change_what_a_drop_does() -> None:
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("o")
        await pilot.pause()
        await pilot.click("#auto_placement")
        await pilot.click("#hebrew")
        await pilot.click("#ok")
        await pilot.pause()
        assert app.settings == yukon.Settings(auto_placement=True)
        assert app.language == "he"
        # With auto placement, the drop goes where auto placement says, wherever it lands.
        await click(app, pilot, "6C")
        await pilot.click("#column-5")
        await pilot.pause()
        assert app.game.last_move == game.state.auto_place("6C")

    run(YukonApp(game, clock=Clock()), script)


@pytest.mark.slow
def test_the_cursor_stays_on_the_board() -> None:
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("left")
        assert app.view.cursor == (6, 0)
        await pilot.press(*["up"] * 30)
        assert app.view.cursor == (6, len(game.state.columns[6].face_up) - 1)
        await pilot.press(*["down"] * 30, "right")
        assert app.view.cursor == (0, 0)
        await pilot.press("1", "enter")  # 7♥ cannot go home: picked up
        assert app.view.held == Card.parse("7H")
        await pilot.press("escape")
        assert app.view.held is None and app.game is game
        await pilot.press("2", "d")  # the double tap on J♥
        await pilot.pause()
        assert app.game == game.double_tap("JH").game

    run(YukonApp(game, clock=Clock()), script)


def test_yukon_play_without_textual_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "yukon.play", None)
    assert main(["play", "YU1-C-AAAAAAB"]) == 2
    assert "pip install 'yukon[play]'" in capsys.readouterr().err


def test_yukon_play_refuses_a_bad_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "YU1-C-AAA"]) == 2
    assert capsys.readouterr().err.startswith("yukon: error: ")


def test_yukon_play_starts_the_game_it_was_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[YukonApp] = []
    monkeypatch.setattr(YukonApp, "run", lambda self: started.append(self))
    assert main(["play", "YU1-R-AAAAAAB", "--hebrew", "--save", "x.json"]) == 0
    assert main(["play", "--rules", "r"]) == 0
    first, second = started
    assert first.game.code == yukon.GameCode.parse("YU1-R-AAAAAAB")
    assert first.language == "he" and first.save_path == pathlib.Path("x.json")
    assert second.game.state.rules is yukon.Rules.RELAXED and second.language == "en"


def test_describe_names_cards_piles_turns_and_points() -> None:
    change = yukon.deal("YU1-C-AAAAAAB").change("6D>7")
    assert describe(change) == "6♦ Q♣ Q♦ Q♥ 9♥ to column 7; K♣ turned face up; +5"
    home = Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5").state.change("AH>F")
    assert describe(home) == "A♥ to the hearts foundation; +10"
    assert Suit.HEARTS.symbol in describe(home)


def walk_until(found: Callable[[Game], Move | None]) -> tuple[Game, Move]:
    """Random play on a relaxed deal until ``found`` names a move."""
    rng, game = random.Random(5), Game.new("YU1-R-AAAAAAB")
    for _ in range(2_000):
        move = found(game)
        if move is not None:
            return game, move
        game = game.play(rng.choice(game.state.legal_moves()))
    raise AssertionError("no such position on the walk")


def test_a_card_comes_back_from_its_foundation_by_click_and_by_keys() -> None:
    def a_return(game: Game) -> Move | None:
        state = game.state
        ways = [
            m for m in state.legal_moves() if state.locate(m.card).pile.is_foundation
        ]
        return ways[0] if ways else None

    game, move = walk_until(a_return)

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click_move(app, pilot, move)
        await pilot.pause()
        change = app.game.last_change
        assert app.game.last_move == move and change is not None and change.is_return
        await pilot.press("u")
        await pilot.pause()
        await key_move(app, pilot, move)
        await pilot.pause()
        assert app.game.last_move == move

    run(YukonApp(game, clock=Clock()), script)


def test_shift_click_picks_up_a_card_a_click_would_send_home() -> None:
    def homeward_but_placed(game: Game) -> Move | None:
        state = game.state
        for m in state.legal_moves():
            if m.column is not None and state.tap_move(m.card) is not None:
                return m
        return None

    game, move = walk_until(homeward_but_placed)

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await click_move(app, pilot, move)
        await pilot.pause()
        assert app.game.last_move == move

    run(YukonApp(game, clock=Clock()), script)


def test_a_held_card_drops_on_the_cursor_column_or_its_foundation() -> None:
    game = Game.new("YU1-C-AAAAAAB")

    where = game.state.locate("6C")
    column = game.state.columns[where.pile.index]
    climb = ["up"] * (len(column) - 1 - where.index)
    left = ["left"] * where.pile.index

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        # 6♣ picked up, the cursor taken to column 1, Enter: onto 7♥.
        await pilot.press(str(where.pile.index + 1), *climb, "space", *left, "enter")
        await pilot.pause()
        assert app.game.last_move == Move.parse("6C>1")
        await pilot.press("4", "space")  # A♥ picked up, then sent home by a click
        await click(app, pilot, "AH")
        assert app.view.held is None and app.game.last_move == Move.parse("AH>F")
        await pilot.press("1", "space")
        await pilot.pause()
        assert app.view.held == Card.parse("KS")
        await pilot.click("#foundation-S")  # refused: the spades foundation wants A♠
        await pilot.pause()
        assert app.game.last_move == Move.parse("AH>F") and app.view.held is None
        refusal = app.game.attempt("KS>F").refusal
        assert refusal is not None and status(app) == refusal.message

    run(YukonApp(game, clock=Clock()), script)


def test_dialogs_cancel_and_the_help_lists_the_keys(tmp_path: pathlib.Path) -> None:
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        for key in "mno":
            await pilot.press(key)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        assert app.game is game and app.settings == yukon.Settings()
        await pilot.press("m", "enter")  # an empty move is no move
        await pilot.pause()
        assert app.game is game
        await pilot.press("question_mark")
        assert "U undo" in status(app) and "double click" in status(app)
        await pilot.press("s", "y")  # the save path is a directory: replaced? yes
        await pilot.pause()
        assert status(app).startswith("Not saved: ")

    run(YukonApp(game, clock=Clock(), save_path=tmp_path), script)


def test_keys_on_an_empty_column_say_so() -> None:
    rng, game = random.Random(1), Game.new("YU1-R-AAAAAAB")
    while not any(column.is_empty for column in game.state.columns):
        game = game.play(rng.choice(game.state.legal_moves()))
    empty = next(i for i, c in enumerate(game.state.columns) if c.is_empty)

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        for key in ("enter", "space", "d", "f"):
            await pilot.press(str(empty + 1), key)
            assert status(app) == "No face-up card here." and app.game is game

    run(YukonApp(game, clock=Clock()), script)


def _tall() -> Game:
    """A classic game whose sixth column holds 33 cards (see tests/test_gym.py)."""
    game = Game.new("YU1-C-QHBKSXO")
    for move in ["JD>6", "AH>6", "QH>6", "4D>5", "5S>6", "3D>2", "QC>6", "JH>6"]:
        game = game.play(move)
    assert len(game.state.columns[5]) == 33
    return game


def _rendered(app: YukonApp, selector: str) -> str:
    return str(app.query_one(selector, PileWidget).render())


def test_a_column_longer_than_the_screen_shows_its_last_cards() -> None:
    game = _tall()
    column = game.state.columns[5]
    last = column.face_up[-1]

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        pile = app.query_one("#column-6", PileWidget)
        shown = _rendered(app, "#column-6").splitlines()
        assert len(shown) <= pile.size.height < 24
        assert last.symbol in shown[-1] or last.symbol in shown[-2]
        assert any("↑" in line for line in shown)  # the cards left out are counted
        assert f"░{column.hidden}" in shown[1]  # the backs take one line
        row = next(i for i, line in enumerate(shown) if last.symbol in line)
        await pilot.click("#column-6", offset=(1, row))  # a click on the last card
        await pilot.pause()
        tapped = game.tap(last)
        if tapped.played:
            assert app.game.last_move == tapped.move
        else:
            assert app.view.held == last
        await pilot.press("escape", "6", *["up"] * 30)  # the cursor scrolls to the top
        await pilot.pause()
        top = column.face_up[0]
        assert top.symbol in _rendered(app, "#column-6")

    app = YukonApp(game, clock=Clock())

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())


def test_a_game_in_progress_is_not_thrown_away_unasked(
    tmp_path: pathlib.Path,
) -> None:
    save = tmp_path / "game.json"
    save.write_text(Game.new("YU1-R-AAAAAAC").to_json(), encoding="utf-8")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("m", *"6c>1", "enter")  # a move played: a game in progress
        await pilot.pause()
        played = app.game
        assert played.move_count == 1
        for key in "nlq":
            await pilot.press(key)
            await pilot.pause()
            assert app.screen.query("#yes")  # asked first
            await pilot.press("n")
            await pilot.pause()
            assert app.game is played and status(app) == "The game goes on."
        await pilot.press("l", "y")
        await pilot.pause()
        assert app.game.code == yukon.GameCode.parse("YU1-R-AAAAAAC")
        await pilot.press("q")  # nothing played since the load: no question
        await pilot.pause()
        assert not app.is_running

    run(YukonApp(Game.new("YU1-C-AAAAAAB"), clock=Clock(), save_path=save), script)


def test_quit_asks_and_leaves_when_told_to() -> None:
    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and app.screen.query("#yes")  # asked first
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running

    app = YukonApp(Game.new("YU1-C-AAAAAAB"), clock=Clock())

    async def play_then_quit(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("m", *"6c>1", "enter")
        await pilot.pause()
        await script(app, pilot)

    run(app, play_then_quit)


def test_a_save_says_where_and_never_replaces_a_file_unasked(
    tmp_path: pathlib.Path,
) -> None:
    save = tmp_path / "game.json"
    save.write_text("someone's notes", encoding="utf-8")
    played = Game.new("YU1-C-AAAAAAB").play("6C>1")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("s", "n")
        await pilot.pause()
        assert save.read_text(encoding="utf-8") == "someone's notes"
        assert status(app) == f"Not saved: {save.resolve()} is left as it was."
        await pilot.press("s", "y")
        await pilot.pause()
        assert status(app) == f"Saved to {save.resolve()}."
        assert Game.from_json(save.read_bytes()).line == played.line
        await pilot.press("u", "s")  # its own file now: saved again without asking
        await pilot.pause()
        assert status(app) == f"Saved to {save.resolve()}."
        assert Game.from_json(save.read_bytes()).line == ()

    run(YukonApp(played, clock=Clock(), save_path=save), script)


def test_settings_say_on_and_off_in_words() -> None:
    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("o")
        await pilot.pause()

        def label(name: str) -> str:
            return str(app.screen.query_one(f"#{name}", Checkbox).label)

        assert label("double_click") == "Double click: on"
        assert label("auto_placement") == "Auto placement: off"
        assert label("hebrew") == "Rules in Hebrew: off"
        await pilot.click("#double_click")
        await pilot.pause()
        assert label("double_click") == "Double click: off"

    run(YukonApp(Game.new("YU1-C-AAAAAAB"), clock=Clock()), script)


@pytest.mark.parametrize(
    "elapsed", [10**15, -5, 1e300, "an hour"], ids=["huge", "negative", "1e300", "text"]
)
def test_a_save_with_a_clock_no_game_can_show_is_not_loaded(
    tmp_path: pathlib.Path, elapsed: object
) -> None:
    save = tmp_path / "game.json"
    data = Game.new("YU1-R-AAAAAAC").to_dict()
    save.write_text(json.dumps({**data, "meta": {"elapsed_ms": elapsed}}))
    game = Game.new("YU1-C-AAAAAAB")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("l")
        await pilot.pause()
        assert app.game is game
        assert status(app) == (
            "Not loaded: its clock (elapsed_ms) is no time a game can have taken."
        )

    run(YukonApp(game, clock=Clock(), save_path=save), script)


def test_redo_plays_the_undone_move_again() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("6C>1")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("r")
        assert status(app) == "Nothing to redo."
        await pilot.press("u", "r")
        await pilot.pause()
        assert app.game.state == game.state and app.game.move_count == 2
        assert status(app) == "6♣ K♠ to column 1"

    run(YukonApp(game, clock=Clock()), script)


def test_a_card_back_is_refused_in_hebrew_with_no_card_named() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    hidden = game.state.columns[1].face_down[0]

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.click("#column-2", offset=(1, 1))
        await pilot.pause()
        assert status(app) == "אי אפשר להזיז קלף מוסתר."
        assert hidden.symbol not in status(app)

    run(YukonApp(game, clock=Clock(), language="he"), script)


def test_new_game_offers_winnable_graded_and_todays_deals(
    tmp_path: pathlib.Path,
) -> None:
    import datetime

    day = datetime.date(2026, 12, 5)  # a Saturday: the hardest grade

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await pilot.pause()
        await pilot.click("#winnable")
        await pilot.pause()
        code = app.game.code
        assert code == yukon.winnable(rng=random.Random(4))  # drawn from the app's rng
        await pilot.press("n")
        await pilot.pause()
        await pilot.click("#hard")
        await pilot.pause()
        code = app.game.code
        assert code is not None and yukon.grade(code) is yukon.Grade.HARD
        assert "   hard   " in info(app)
        await pilot.press("n")
        await pilot.pause()
        await pilot.click("#daily")
        await pilot.pause()
        assert app.game.code == yukon.daily(day)
        assert "daily 2026-12-05" in info(app) and "   hardest   " in info(app)
        assert status(app).startswith("Today's deal (2026-12-05): ")

    app = YukonApp(
        Game.new("YU1-C-AAAAAAB"),
        clock=Clock(),
        rng=random.Random(4),
        save_path=tmp_path / "save.json",
        today=lambda: day,
    )
    run(app, script)


def test_games_count_in_the_record_kept_beside_the_save(tmp_path: pathlib.Path) -> None:
    import datetime

    day = datetime.date(2026, 12, 7)
    clock = Clock()
    today = yukon.daily(day)
    line = yukon.solve(yukon.deal(today)).moves

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("m", *"6C>1", "enter")  # a move, then left for a new game:
        await pilot.press("n", "y")  # counted as not won
        await pilot.pause()
        await pilot.click("#daily")
        await pilot.pause()
        clock.now = 95.0
        for move in line:  # today's deal, won
            app.played(app.game.attempt(move))
        await pilot.pause()
        assert app.game.is_won
        await pilot.press("n")  # a game won is not in progress: no question
        await pilot.pause()
        await pilot.press("enter")  # a random deal, left with no move: not counted
        await pilot.pause()
        await pilot.press("n", "enter")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        shown = str(app.screen.query_one("#statistics", Static).render())
        assert "All games played 2, won 1 (50%)" in shown
        assert "Daily deal: streak 1 day (best 1)" in shown
        await pilot.press("escape")

    app = YukonApp(
        Game.new("YU1-C-AAAAAAB"),
        clock=clock,
        save_path=tmp_path / "save.json",
        today=lambda: day,
    )
    run(app, script)
    kept = yukon.Statistics.from_json((tmp_path / "yukon-statistics.json").read_text())
    assert kept == app.record
    assert (kept.games.played, kept.games.won, kept.games.fastest_win) == (2, 1, 95.0)
    assert kept.games.fewest_moves == len(line)
    assert (kept.daily_streak, kept.last_daily_win) == (1, day)
    graded = yukon.known_grading(today)
    assert graded is not None and kept.for_grade(graded.grade).won == 1
    # The next run reads the record back and adds to it.
    again = YukonApp(Game.new("YU1-C-AAAAAAB"), save_path=tmp_path / "save.json")
    assert again.record == kept


def test_a_record_that_cannot_be_read_is_left_as_it_is(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text('{"format": "yukon.statistics"}', encoding="utf-8")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        assert "Statistics not read, and not saved over" in status(app)
        await pilot.press("m", *"6C>1", "enter", "n", "y", "enter")
        await pilot.pause()
        assert app.record.games.played == 1

    run(YukonApp(Game.new("YU1-C-AAAAAAB"), statistics_path=path), script)
    assert path.read_text(encoding="utf-8") == '{"format": "yukon.statistics"}'


def test_a_record_on_an_endless_device_is_read_no_further_than_its_limit() -> None:
    # /dev/zero never ends: reading it whole would run out of memory.
    record, note = read_statistics(pathlib.Path("/dev/zero"))
    assert record == yukon.Statistics()
    assert "Statistics not read, and not saved over" in note
    assert "longer than" in note


def test_loading_a_game_saved_won_counts_no_second_win(tmp_path: pathlib.Path) -> None:
    won = Game.new("YU1-C-AAAAAAB")
    for move in yukon.solve(won.state).moves:
        won = won.play(move)
    save = tmp_path / "save.json"
    save.write_text(won.with_meta(elapsed_ms=1000).to_json(), encoding="utf-8")

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("l")
        await pilot.pause()
        assert app.game.is_won
        assert app.record == yukon.Statistics()

    run(YukonApp(Game.new("YU1-C-AAAAAAB"), save_path=save, clock=Clock()), script)


def test_the_new_game_choices_and_the_statistics_fit_80_by_24(
    tmp_path: pathlib.Path,
) -> None:
    """At 80 x 24 the new-game screen lost "Today's deal" and the end of its question
    past the right edge, and each statistics line was cut at "fastest wi"."""
    import datetime

    from textual.widgets import Button, Label

    path = tmp_path / "stats.json"
    day = datetime.date(2026, 12, 7)
    record = yukon.Statistics().add_all(
        [
            yukon.Played(
                yukon.Rules.CLASSIC, True, 625, 106, 63.0, yukon.Grade.EASY, day
            ),
            yukon.Played(yukon.Rules.RELAXED, False, 10, 3, 20.0),
            yukon.Played(yukon.Rules.CLASSIC, True, 640, 120, 3663.0, yukon.Grade.HARD),
        ]
    )
    path.write_text(record.to_json(), encoding="utf-8")

    def on_screen(widget: Label | Button | Static) -> bool:
        region = widget.region
        return region.width > 0 and region.right <= 80 and region.bottom <= 24

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await pilot.pause()
        buttons = list(app.screen.query(Button))
        assert {button.id for button in buttons} == {
            "winnable",
            "daily",
            "easy",
            "medium",
            "hard",
            "hardest",
        }
        assert all(on_screen(button) for button in buttons), [
            (button.id, button.region) for button in buttons
        ]
        question = app.screen.query_one(Label)
        assert on_screen(question) and question.region.height >= 2  # wrapped, whole
        await pilot.press("escape", "t")
        await pilot.pause()
        shown = app.screen.query_one("#statistics", Static)
        text = str(shown.render())
        assert "fewest moves 106" in text and "fastest win 61:03" in text
        assert on_screen(shown) and on_screen(app.screen.query_one("#ok", Button))
        *figures, kept = text.splitlines()  # the file's path may wrap; no figure does
        assert kept.startswith("Kept in ") and len(figures) == 11
        assert max(map(len, figures)) <= shown.region.width
        assert shown.region.height >= len(figures) + 1  # every line shown

    app = YukonApp(Game.new("YU1-C-AAAAAAB"), clock=Clock(), statistics_path=path)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())
