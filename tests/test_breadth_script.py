"""The breadth-first measurements of ``scripts/breadth.py`` for the internals page: the
rule for sideways moves keeps every win, and the levels, one-way places and components
are what the page says they are."""

from __future__ import annotations

import json
import pathlib
import random
from collections import deque
from typing import Any

import pytest

import yukon
from yukon import Move, State
from yukon._rules import follow, legal_moves
from yukon._solver import dead_end
from yukon._state import packed

from . import scripts
from .test_solver import _random_ending

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

ROOT = pathlib.Path(__file__).resolve().parent.parent


breadth = scripts.load("breadth")


def _layout() -> State:
    """Every suit home to its 7; a King at the base of columns 1, 3, 6 and 7."""
    return State.from_layout(
        [
            ["KS", "QH", "JC"],
            ["8C", "9D"],
            ["KC", "QD", "9S", "8H"],
            ["TH", "9C", "8D"],
            ["JS", "TD", "8S"],
            ["KH", "QC", "JD", "TS", "9H"],
            ["KD", "QS", "JH", "TC"],
        ],
        hidden=[0, 1, 0, 0, 0, 0, 0],
        foundations=[7, 7, 7, 7],
        score=280,
    )


def _card(text: str) -> int:
    return Move.parse(f"{text}>F").key >> 3


def test_one_way_places() -> None:
    """On a face-down card (9D), on a card it may not go on (9S on QD, 8S on TD), at a
    column's base and no King (TH, JS); not a King at the base, nor a card on one it
    may go on."""
    found = breadth.one_way(packed(_layout()))
    assert found == {_card(c) for c in ("9D", "9S", "8S", "TH", "JS")}


def test_sideways_moves_and_their_uses() -> None:
    p = packed(_layout())
    made = breadth.sideways(p, Move.parse("9H>7").key)  # 9H from TS onto TC
    assert made == breadth.Sideways(5, 6)
    assert breadth.sideways(p, Move.parse("9D>7").key) is None  # off a face-down card
    assert breadth.sideways(p, Move.parse("8S>2").key) is None  # off a card it fits not
    assert breadth.sideways(p, Move.parse("8H>F").key) is None  # home
    between = follow(p, Move.parse("9H>7").key)
    for text, used in (
        ("9D>6", True),  # onto the card left behind
        ("8S>7", True),  # onto the moved cards
        ("9H>6", True),  # the card itself, straight back
        ("8S>2", False),  # elsewhere: could have come first
        ("8D>F", False),
    ):
        move = Move.parse(text).key
        assert move in {m.key for m in legal_moves(between)}, text
        assert breadth.uses(between, made, move) is used, text


def test_sideways_moves_waiting_agree_with_the_plain_search_on_endgames() -> None:
    """Seeded small endgames: the search with sideways moves waiting for their use
    gives the plain search's verdict whenever both finish, and the library's solver's
    when it finishes too. (These endgames seldom need a sideways move at all: the
    examples above and the loss below show the rule at work.)"""
    rnd = random.Random(23)
    compared = {"won": 0, "lost": 0}
    solver_agrees = 0
    for _ in range(50):
        state = _random_ending(rnd)
        plain = breadth.breadth_first(state, 300)
        waiting = breadth.breadth_first(state, 300, sideways_wait=True)
        if "unknown" in (plain.verdict, waiting.verdict):
            continue
        assert waiting.verdict == plain.verdict, state.to_text()
        compared[plain.verdict] += 1
        solved = yukon.solve(state, max_nodes=6_000).verdict.value
        if solved != "unknown":
            assert solved == plain.verdict
            solver_agrees += 1
    assert compared["won"] >= 10 and compared["lost"] >= 4
    assert solver_agrees >= 10


def _small_loss() -> State:
    """The survey's first classic loss that its searches took 10 000 to 20 000
    positions to prove (about 2 000 breadth first)."""
    survey = ROOT / "docs" / "data" / "survey-classic-1-20000-30s.jsonl"
    for line in survey.read_text().splitlines():
        row = json.loads(line)
        if row["verdict"] == "lost" and 10_000 <= row["nodes"] <= 20_000:
            return yukon.deal(row["code"])
    raise AssertionError("no such loss in the survey")


def test_sideways_moves_waiting_prove_a_loss_in_fewer_positions() -> None:
    deal = _small_loss()
    plain = breadth.breadth_first(deal, 100_000)
    waiting = breadth.breadth_first(deal, 100_000, sideways_wait=True)
    assert plain.verdict == waiting.verdict == "lost"
    assert len(waiting.positions) < len(plain.positions)
    assert waiting.between >= waiting.between_left_out > 0
    assert not plain.between and not plain.between_left_out


def test_levels_and_components_of_a_loss() -> None:
    """A loss searched to the end: the levels split its positions by face-down cards
    and foundations, and the components are the classes of a flood fill over the moves
    the page names, each inside one level and one set of one-way cards."""
    searched = breadth.breadth_first(_small_loss(), 100_000)
    assert searched.verdict == "lost"
    positions = searched.positions
    split = breadth.levels(positions.values())
    assert sum(len(ps) for ps in split.values()) == len(positions)
    assert all(breadth.level(p) == lv for lv, ps in split.items() for p in ps)
    assert len(split) > 10

    # The same classes by a flood fill over an explicit graph of joining moves.
    joins: dict[Any, set[Any]] = {k: set() for k in positions}
    for k, p in positions.items():
        if dead_end(p):
            continue
        for move in legal_moves(p):
            q = follow(p, move.key)
            kq = breadth.key(q)
            same = breadth.level(q) == breadth.level(p)
            if kq in positions and same and breadth.one_way(q) == breadth.one_way(p):
                joins[k].add(kq)
                joins[kq].add(k)
    classes: list[int] = []
    unseen = set(positions)
    while unseen:
        todo = deque([unseen.pop()])
        size = 1
        while todo:
            for other in joins[todo.popleft()]:
                if other in unseen:
                    unseen.remove(other)
                    todo.append(other)
                    size += 1
        classes.append(size)
    counted = breadth.components(positions)
    assert sorted(counted.values()) == sorted(classes)
    assert max(classes) > 1  # some positions are joined
    places = {(breadth.level(p), breadth.one_way(p)) for p in positions.values()}
    assert len(counted) >= len(places)


def test_a_breadth_first_search_stops_at_its_budget() -> None:
    searched = breadth.breadth_first(yukon.deal("YU1-C-AAAAAKU"), 500)
    assert searched.verdict == "unknown" and len(searched.positions) == 500
