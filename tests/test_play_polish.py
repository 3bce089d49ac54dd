"""``yukon play`` as a player sees it in an 80 × 24 terminal, and a save path that never
ends (issue 58)."""

from __future__ import annotations

import asyncio
import pathlib
import random
import subprocess
import sys

import pytest
from textual.pilot import Pilot
from textual.widgets import Label
from textual.widgets._footer import FooterKey

import yukon
from yukon import Game
from yukon._cli import main
from yukon.play import YukonApp

from .test_play import Clock, Script, status


def run_at(app: YukonApp, script: Script, size: tuple[int, int] = (80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())


def test_the_footer_shows_every_key_at_80_columns() -> None:
    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        keys = list(app.query(FooterKey))
        shown = {key.description for key in keys}
        assert {"Load", "Settings", "Help", "Quit"} <= shown
        for key in keys:
            assert key.region.x >= 0 and key.region.right <= 80, key.description
            assert key.region.width > 0

    run_at(YukonApp(Game.new("YU1-C-AAAAAAB"), clock=Clock()), script)


def test_the_help_reflows_breaking_lines_only_between_sentences() -> None:
    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        said = status(app)
        assert "U undo" in said
        assert all(line.endswith(".") for line in said.split("\n")), said

    run_at(YukonApp(Game.new("YU1-C-AAAAAAB"), clock=Clock()), script)


@pytest.mark.same_without_core  # full-budget hints: 10 s each in pure Python
@pytest.mark.parametrize("language", ["en", "he"])
def test_the_hint_says_the_move_as_the_board_shows_it(language: str) -> None:
    game = Game.new("YU1-C-AAAAAAB")
    expected = game.hint(rng=random.Random(7))
    assert expected is not None

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await pilot.pause()
        said = status(app)
        assert expected.message_in(language) in said, said
        assert str(expected.move) not in said

    app = YukonApp(game, clock=Clock(), rng=random.Random(7), language=language)
    run_at(app, script)


def test_the_load_question_shows_the_whole_file_name(tmp_path: pathlib.Path) -> None:
    where = tmp_path / ("a-folder-with-a-long-name-" * 3) / "yukon-save.json"
    where.parent.mkdir()

    async def script(app: YukonApp, pilot: Pilot[None]) -> None:
        await pilot.press("m", *"TS>2", "enter")  # a game in progress: load asks
        await pilot.pause()
        assert app.game.move_count == 1
        await pilot.press("l")
        await pilot.pause()
        label = app.screen.query_one(Label)
        lines = [
            "".join(segment.text for segment in line)
            for line in label.render_lines(label.region.reset_offset)
        ]
        shown = "".join(line.strip() for line in lines)
        assert str(where.resolve()).replace(" ", "") in shown.replace(" ", "")
        dialog = app.screen.query_one(".dialog")
        assert label.region.right <= dialog.region.right

    run_at(YukonApp(Game.new("YU1-C-AAAAAAB"), clock=Clock(), save_path=where), script)


def test_yukon_play_says_what_rules_means(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--rules {C,R,c,r} the rules of a random deal" in said


_ENDLESS = """
import asyncio, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))
from textual.widgets import Static
from yukon import Game
from yukon.play import YukonApp

async def go():
    app = YukonApp(Game.new("YU1-C-AAAAAAB"), save_path="/dev/zero")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        print(app.query_one("#status", Static).render())

asyncio.run(go())
"""


@pytest.mark.skipif(not pathlib.Path("/dev/zero").exists(), reason="no /dev/zero")
def test_loading_from_a_device_that_never_ends_reads_at_most_the_limit() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _ENDLESS], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Not loaded: " in done.stdout
    assert f"{yukon._notation.MAX_CHARS}" in done.stdout.replace(" ", "")
