"""The hint's planner: plans that end by turning a card up, followed move by move, never
reading a face-down card, and no hint once no card can be turned up."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import Game, GameCode, Rules, State, Verdict, _grading, _planner

from .builders import flip_reachable
from .strategies import codes

# The planner is Python over the solver in both twins (tests/test_twins.py holds the
# solvers together); whole plans at these budgets take minutes without the core.
pytestmark = pytest.mark.same_without_core

LOOPED = (
    "YU1-C-AAAAAAC 6C>3 QS>2 2H>3 6S>2 AS>F 9C>3 5C>2 4H>2 7H>3 3S>3 9D>4 6H>2 8S>4 "
    "TS>3 JD>2 TS>2 5C>4 TS>3 8H>6 2S>F 5C>2 TS>2 5C>4 7C>6"
)
"""A game the voting hint wandered on: after its last flip (T♠ to column 3) no card
can be turned up, whatever is moved, short of taking a card back from a foundation."""


def _redealt(state: State, rnd: random.Random) -> State:
    """``state`` with its face-down cards shuffled among their places."""
    down = [c for column in state.columns for c in column.face_down]
    rnd.shuffle(down)
    columns, at = [], 0
    for column in state.columns:
        columns.append(down[at : at + column.hidden] + list(column.face_up))
        at += column.hidden
    return State.from_layout(
        columns,
        hidden=[c.hidden for c in state.columns],
        foundations=state.foundations,
        rules=state.rules,
        score=state.score,
    )


def _flips(state: State, move: yukon.Move) -> bool:
    return state.apply(move).face_down_count < state.face_down_count


@settings(max_examples=6, deadline=None)
@given(codes, st.integers(0, 2**32 - 1))
def test_a_plan_ends_with_its_only_flip(code: GameCode, seed: int) -> None:
    """The hint's move and plan are legal in turn, and only the last turns a card up."""
    state = yukon.deal(code)
    advice = Game.new(code).hint(rng=random.Random(seed), samples=2, max_nodes=300)
    assert advice is not None  # a deal always has a card to turn up
    line = (advice.move, *advice.plan)
    for move in line[:-1]:
        assert state.check(move) is None and not _flips(state, move)
        state = state.apply(move)
    assert state.check(line[-1]) is None and _flips(state, line[-1])
    assert advice.samples == 2 and 0.0 <= advice.share <= 1.0


@settings(max_examples=6, deadline=None)
@given(codes)
def test_a_game_asked_after_each_move_gets_the_plan(code: GameCode) -> None:
    """A frontend asking after every move is told the plan's next move, with the rest
    of the plan and the same share, until the flip (the game remembers no hint)."""
    game = Game.new(code)
    advice = game.hint(samples=2, max_nodes=300)
    assert advice is not None
    followed = 0
    while advice.plan:
        game = game.play(advice.move)
        again = game.hint(samples=2, max_nodes=300)
        assert again == yukon.Hint(advice.plan[0], advice.share, 2, advice.plan[1:])
        advice, followed = again, followed + 1
    assert _flips(game.state, advice.move)


@settings(max_examples=5, deadline=None)
@given(st.integers(1, 10_000), st.integers(0, 2**32 - 1))
def test_the_games_hint_never_peeks_along_its_plan(number: int, seed: int) -> None:
    """Two games from positions that differ only in where the face-down cards lie,
    following the same plan: at every move the hint is the same (move, plan, share)."""
    state = yukon.deal(GameCode(number))
    one = Game.from_state(state)
    other = Game.from_state(_redealt(state, random.Random(seed)))
    first = one.hint(rng=random.Random(seed), samples=2, max_nodes=300)
    assert first == other.hint(rng=random.Random(seed), samples=2, max_nodes=300)
    assert first is not None
    for move in first.plan and (first.move, *first.plan[:-1]):
        one, other = one.play(move), other.play(move)
        hint = one.hint(rng=random.Random(seed), samples=2, max_nodes=300)
        assert hint == other.hint(rng=random.Random(seed), samples=2, max_nodes=300)


def test_no_hint_once_no_card_can_be_turned_up() -> None:
    """The voting hint kept offering moves here (it wandered to the move cap in such
    games); no card can be turned up, so the blind game is over: no hint."""
    game = Game.from_record(LOOPED)
    assert game.state.face_down_count > 0 and game.state.legal_moves()
    assert not flip_reachable(game.state)
    assert game.hint() is None
    assert yukon.hint_move(game.state) is None


def test_a_hint_when_every_card_is_face_up_is_the_solvers_win() -> None:
    state = yukon.deal(GameCode(3, Rules.RELAXED))
    line = iter(yukon.solve(state, max_nodes=200_000).moves)
    while not state.all_face_up:  # along the solver's win until nothing is hidden
        state = state.apply(next(line))
    advice = Game.from_state(state).hint()
    assert advice is not None and advice.share == 1.0
    for move in (advice.move, *advice.plan):
        state = state.apply(move)
    assert state.is_won


@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_hint_judges_lines_by_guesses_without_peeking(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Relaxed deals, whose guesses are won: the hint solves guesses after its lines,
    and the same guesses are won whatever the face-down cards' order."""
    won: list[bool] = []
    solve = yukon.solve

    def recorded(state: State, **budgets: Any) -> yukon.Solution:
        solution = solve(state, **budgets)
        won.append(solution.verdict is Verdict.WON)
        return solution

    monkeypatch.setattr(_planner, "solve", recorded)
    state = yukon.deal(GameCode(number, Rules.RELAXED))
    first = Game.from_state(state).hint(rng=random.Random(number), samples=4)
    once = list(won)
    other = _redealt(state, random.Random(number))
    second = Game.from_state(other).hint(rng=random.Random(number), samples=4)
    assert any(once) and won == once + once
    assert first == second and first is not None and first.share > 0


def test_the_blind_player_ends_at_a_face_up_board_or_no_hint() -> None:
    """Classic 40004, which the voting hint played to its 1,000-move cap at this budget
    and seed (7 cards still face down): the planner's player stops long before it."""
    game, played = _grading.played_blind(
        Game.new(GameCode(40004)), random.Random(40004), 2, 300
    )
    assert played < 200
    assert game.state.all_face_up or game.hint(samples=2, max_nodes=300) is None


def test_the_games_hint_refuses_bad_arguments() -> None:
    game = Game.new(GameCode(1))
    with pytest.raises(TypeError, match="rng"):
        game.hint(rng=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples"):
        game.hint(samples=-1)
    with pytest.raises(TypeError, match="max_nodes"):
        game.hint(max_nodes="many")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        yukon.hint_move("YU1-C-AAAAAAB")  # type: ignore[arg-type]
