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
from tests.strategies import _play
from tests.test_solver import _random_ending

import yukon
from yukon import GameCode, Move, Rules, State
from yukon._rules import Position, follow, legal_moves
from yukon._solver import dead_end
from yukon._state import packed

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

ROOT = pathlib.Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize(
    ("option", "seed", "used"), [("sideways_wait", 23, 1), ("free_flips", 29, 3)]
)
def test_each_rule_agrees_with_the_plain_search_on_endgames(
    option: str, seed: int, used: int
) -> None:
    """Seeded small endgames: the search with sideways moves waiting for their use, or
    with free flips, gives the plain search's verdict whenever both finish, and the
    library's solver's when it finishes too; and the rule comes into play in some of
    them (seldom: the examples above and the losses below show each at work)."""
    rnd = random.Random(seed)
    compared = {"won": 0, "lost": 0}
    solver_agrees = made = 0
    for _ in range(60):
        state = _random_ending(rnd)
        plain = breadth.breadth_first(state, 300)
        ruled = breadth.breadth_first(state, 300, **{option: True})
        if "unknown" in (plain.verdict, ruled.verdict):
            continue
        assert ruled.verdict == plain.verdict, state.to_text()
        compared[plain.verdict] += 1
        made += ruled.between > 0
        solved = yukon.solve(state, max_nodes=6_000).verdict.value
        if solved != "unknown":
            assert solved == plain.verdict
            solver_agrees += 1
    assert compared["won"] >= 10 and compared["lost"] >= 4
    assert solver_agrees >= 10
    assert made >= used


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


def _flipped(p: Position) -> Position:
    """The position after ``p``'s free flip."""
    flip = breadth.free_flip(p)
    assert flip is not None
    away, back = flip
    return follow(follow(p, away), back)


def test_a_free_flip_turns_one_card_up_and_moves_none() -> None:
    """7H lies on the face-down 8C and may go on it; it leaves for 8S, 8C turns up, and
    it comes back (8S on the face-down 9S may not go on it). Alone and next home, 7H may
    go home and come back instead; with neither open, there is no free flip."""
    state = State.from_layout(
        [
            ["KS", "QH"],
            ["8C", "7H"],
            ["9S", "8S"],
            ["KH", "QC", "JH", "TS", "9H"],
            ["KC", "QS"],
            ["6H", "JC", "TC"],
            ["JS", "TH", "9C", "8H"],
        ],
        hidden=[0, 1, 1, 0, 0, 0, 0],
        foundations=[7, 5, 13, 7],
        rules=Rules.CLASSIC,
        score=320,
    )
    p = packed(state)
    assert breadth.free_flip(p) == (Move.parse("7H>3").key, Move.parse("7H>2").key)
    q = _flipped(p)
    assert (q.cols, q.hidden, q.found) == (p.cols, (0, 0, 1, 0, 0, 0, 0), p.found)

    def stuck_or_home(hearts: int) -> Position:
        return packed(
            State.from_layout(
                [
                    ["KH", "QC", "JH"],
                    ["8C", "7H"],
                    ["KC", "QH", "JC", "TH", "9C", "8H"],
                    ["9H", "TC", *(["6H"] if hearts == 5 else [])],
                    [],
                    [],
                    [],
                ],
                hidden=[0, 1, 0, 0, 0, 0, 0],
                foundations=[13, hearts, 13, 7],
                rules=Rules.CLASSIC,
                score=400,
            )
        )

    home = stuck_or_home(6)
    assert breadth.free_flip(home) == (Move.parse("7H>F").key, Move.parse("7H>2").key)
    after = _flipped(home)
    assert (after.cols, after.hidden, after.found) == (home.cols, (0,) * 7, home.found)
    assert breadth.free_flip(stuck_or_home(5)) is None


def _random_game(rnd: random.Random) -> State:
    """A position some random moves into a seeded deal, classic or relaxed."""
    deal = yukon.deal(GameCode(rnd.randint(1, 5000), rnd.choice(list(Rules))))
    return _play(deal, rnd, rnd.randint(0, 60))


def test_a_free_flip_loses_no_move() -> None:
    """The flip's soundness, on positions with one open: every legal move before it is
    legal after it, and leads to the same cards in the same places, with the flipped card
    face up there too; so a win before the flip is a win after it."""
    rnd = random.Random(11)
    checked = 0
    for n in range(1500):
        state = _random_ending(rnd) if n % 2 else _random_game(rnd)
        p = packed(state)
        if breadth.free_flip(p) is None:
            continue
        q = _flipped(p)
        turned = [i for i in range(7) if q.hidden[i] != p.hidden[i]]
        assert len(turned) == 1 and q.hidden[turned[0]] == p.hidden[turned[0]] - 1
        assert (q.cols, q.found) == (p.cols, p.found)
        after = {m.key for m in legal_moves(q)}
        for move in legal_moves(p):
            assert move.key in after, (state.to_text(), move)
            a, b = follow(p, move.key), follow(q, move.key)
            assert (a.cols, a.found) == (b.cols, b.found)
            s = turned[0]
            assert b.hidden[s] in (a.hidden[s], a.hidden[s] - 1)
            assert a.hidden[:s] + a.hidden[s + 1 :] == b.hidden[:s] + b.hidden[s + 1 :]
        checked += 1
    assert checked >= 60


def test_positions_a_move_from_a_dead_end_are_counted() -> None:
    """Of a loss's positions, those every move of which the searches try leads to a
    dead end, counted the long way."""
    positions = breadth.breadth_first(_small_loss(), 100_000).positions
    live = doomed = 0
    for p in positions.values():
        if dead_end(p):
            continue
        live += 1
        moves = breadth.searched_moves(p, -1)
        assert moves is not None
        doomed += all(dead_end(follow(p, m)) for m in moves)
    assert breadth.every_move_dead(positions) == (live, doomed)
    assert 0 < live < len(positions)
