"""The pass of ``scripts/restarts.py`` over the survey's unknowns: its starts are
reached by their moves, a win it reports is played out from the deal, and a loss it
reports is one the solver proves."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from tests.test_solver import _random_ending

import yukon
from yukon import Move, Solution, Verdict
from yukon._solver import dead_end, how_far
from yukon._state import packed

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

ROOT = pathlib.Path(__file__).resolve().parents[2]

restarts = scripts.load("restarts")
breadth = scripts.load("breadth")


@pytest.mark.parametrize("finder", ["script", "solver"])
def test_starts_are_reached_by_their_moves_furthest_first(finder: str) -> None:
    deal = yukon.deal("YU1-C-AAAAAKU")
    chosen, ended = restarts.starts(deal, 3_000, 12, finder)
    assert not ended and len(chosen) == 12
    ranks = [how_far(s.position) for s in chosen]
    assert ranks == sorted(ranks) and ranks[0] < how_far(packed(deal))
    levels = set()
    for start in chosen:
        reached = restarts.played(deal, [Move.from_key(m) for m in start.moves])
        assert breadth.key(packed(reached)) == breadth.key(start.position)
        assert not dead_end(start.position)
        levels.add(breadth.level(start.position))
    assert len(levels) == len(chosen)


def test_random_play_finds_starts_reached_by_their_moves_fewest_down_first() -> None:
    deal = yukon.deal("YU1-C-AAAAAKU")
    chosen = restarts.playout_starts(deal, 60, 300, 7, count=12)
    assert 0 < len(chosen) <= 12
    down = [sum(s.position.hidden) for s in chosen]
    assert down == sorted(down) and down[0] < sum(packed(deal).hidden)
    for start in chosen:
        moves = [Move.from_key(m) for m in start.moves]
        reached = packed(restarts.played(deal, moves))
        assert (reached.cols, reached.hidden, reached.found) == (
            start.position.cols,
            start.position.hidden,
            start.position.found,
        )
        assert sum(reached.hidden) < sum(
            packed(restarts.played(deal, moves[:-1])).hidden
        )
        assert not dead_end(start.position)
    again = restarts.playout_starts(deal, 60, 300, 7, count=12)
    assert [s.moves for s in again] == [s.moves for s in chosen]
    other = restarts.playout_starts(deal, 60, 300, 8, count=12)
    assert [s.moves for s in other] != [s.moves for s in chosen]


def test_random_play_that_turns_nothing_up_gives_no_start() -> None:
    assert restarts.playout_starts(yukon.deal("YU1-C-AAAAAKU"), 20, 0, 0, count=5) == []


def test_a_search_that_ends_is_a_loss_the_solver_proves() -> None:
    rnd = random.Random(41)
    ended = 0
    for _ in range(150):
        state = _random_ending(rnd)
        _, over = restarts.starts(state, 500, 3)
        if over:
            ended += 1
            verdict = yukon.solve(state, max_nodes=50_000).verdict
            assert verdict is Verdict.LOST, state.to_text()
    assert ended >= 10


def test_survey_losses_and_wins_keep_their_verdicts() -> None:
    """Small losses of the survey are lost by the pass too (the search ends); small
    wins are won, with a line played out to the end."""
    survey = ROOT / "docs" / "data" / "survey-classic-1-20000-30s.jsonl"
    rows = [json.loads(line) for line in survey.read_text().splitlines()[:400]]
    lost = [r["code"] for r in rows if r["verdict"] == "lost" and r["nodes"] <= 2_000][
        :5
    ]
    won = [r["code"] for r in rows if r["verdict"] == "won" and r["nodes"] <= 2_000][:5]
    assert len(lost) == len(won) == 5
    for code in lost:
        row = restarts.solve_again(code, 50_000, 3, 10_000, 2**28)
        assert row["verdict"] == "lost" and row["stopped_by"] is None, code
    for code in won:
        row = restarts.solve_again(code, 200, 3, 100_000, 2**28)
        assert row["verdict"] == "won" and row["moves"] > 0 and row["start"] >= 0, code


def test_a_deal_with_no_win_from_its_starts_stays_unknown() -> None:
    row = restarts.solve_again("YU1-C-AAAAACX", 500, 2, 1_000, 2**28)
    assert row["verdict"] == "unknown" and row["stopped_by"] == "nodes"
    assert row["nodes"] == 2_000 and "start" not in row


def test_a_deal_left_unknown_at_120_million_positions_is_won_from_a_start() -> None:
    """``YU1-C-AAAAAZF``: every pass of the survey, up to 120 million positions, left it
    unknown; from the furthest of its first 100 000 positions it is won at once."""
    row = restarts.solve_again("YU1-C-AAAAAZF", 100_000, 1, 10_000, 2**28)
    assert row["verdict"] == "won" and row["start"] == 0 and row["moves"] > 50


def test_a_deal_every_pass_left_open_is_won_from_a_start_random_play_finds() -> None:
    """``YU1-C-AAAAVQP``: every pass of the survey, up to 120 million positions, and
    both restarts left it unknown; one of 1 000 random games turns every card up without
    spoiling the game, and the solver wins from there at once. The row says so, with
    its budget of random play."""
    row = restarts.solve_again(
        "YU1-C-AAAAVQP", 0, 1, 10_000, 2**28, "playouts", restarts.Play(1_000, 2_000, 0)
    )
    assert row["verdict"] == "won" and row["start"] == 0 and row["moves"] > 100
    assert row["budget"] == {
        "max_seconds": None,
        "max_nodes": 10_000,
        "max_memory": 2**28,
        "playouts": 1_000,
        "moves": 2_000,
        "seed": 0,
        "starts": 1,
        "finder": "playouts",
    }


def test_a_line_that_wins_nothing_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A win is kept only when its whole line, played from the deal, wins."""

    def no_line(state: yukon.State, **budget: object) -> Solution:
        return Solution(Verdict.WON)

    monkeypatch.setattr(restarts.yukon, "solve", no_line)
    with pytest.raises(AssertionError, match="wins nothing"):
        restarts.solve_again("YU1-C-AAAAAKU", 100, 1, 10, 2**28)


@pytest.mark.parametrize(
    "name",
    [
        "survey-classic-unknowns-restarts",
        "survey-classic-unknowns-restarts-solver",
        "survey-classic-unknowns-playouts",
        "survey-classic-unknowns-playouts-more",
    ],
)
def test_a_published_win_is_found_again_as_its_row_says(name: str) -> None:
    """The quickest classic win of each published pass, run again with its budget up
    to its winning start: the same start, positions and line length."""
    if name.endswith("solver") and not yukon.COMPILED_SOLVER:
        pytest.skip(
            "1.4 million positions, minutes in pure Python; the core's run checks"
        )
    data = ROOT / "docs" / "data" / f"{name}.jsonl"
    rows = [json.loads(line) for line in data.read_text().splitlines()]
    row = min((r for r in rows if r["verdict"] == "won"), key=lambda r: r["nodes"])
    budget = row["budget"]
    again = restarts.solve_again(
        row["code"],
        budget.get("breadth_first", 0),
        row["start"] + 1,
        budget["max_nodes"],
        budget["max_memory"],
        budget.get("finder", "script"),
        restarts.Play(*(budget.get(n, 0) for n in restarts.Play._fields)),
    )
    for field in ("verdict", "start", "nodes", "moves"):
        assert again[field] == row[field], field
