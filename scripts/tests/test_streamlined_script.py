"""The smaller game of ``scripts/streamlined.py``, measured on the internals page: its
wins are wins, its losses are no proof, and it leaves the solver as it found it."""

from __future__ import annotations

import random

import pytest
from tests.test_solver import _random_ending, ace_needs_a_two, replays_to_a_win

import yukon
from yukon import Verdict, _solver

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

streamlined = scripts.load("streamlined")


def test_the_smaller_game_loses_a_deal_that_needs_a_two_in_its_column() -> None:
    """The solver's example: A♥ can leave only onto 2♠, so a game that sends 2♠ home
    at once loses what the full game wins."""
    state = ace_needs_a_two()
    assert streamlined.solve(state, 50_000, smaller=False).verdict is Verdict.WON
    assert streamlined.solve(state, 50_000, smaller=True).verdict is Verdict.LOST


def test_the_smaller_game_only_plays_its_own_moves_and_its_wins_are_wins() -> None:
    """Seeded endgames: every win of the smaller game replays to a win, brings no card
    back from a foundation and leaves no Ace or 2 in a column while it could go home;
    and the full game wins it too."""
    rnd = random.Random(17)
    wins = 0
    for _ in range(80):
        state = _random_ending(rnd)
        found = streamlined.solve(state, 3_000, smaller=True)
        if found.verdict is not Verdict.WON:
            continue
        wins += 1
        assert replays_to_a_win(state, found.moves)
        at = state
        for move in found.moves:
            assert at.locate(move.card).pile.kind == "column"  # never a return
            home = [
                m
                for m in at.legal_moves()
                if m.column is None
                and m.card.rank <= 2
                and at.locate(m.card).pile.kind == "column"
            ]
            if home:
                assert move in home, (at.to_text(), move)
            at = at.apply(move)
        assert yukon.solve(state, max_nodes=20_000).verdict is Verdict.WON
    assert wins >= 20


def test_the_solver_is_itself_again_after_the_smaller_game() -> None:
    with streamlined.streamlined():
        assert _solver._ordered is streamlined.no_returns
    assert _solver._ordered is streamlined._ordered
    assert _solver.safe_move is streamlined._safe_move


def test_the_late_wins_are_the_survey_rows_won_after_30_s() -> None:
    rows = streamlined.late_wins()
    assert rows and all(r["verdict"] == "won" for r in rows)
    assert all(int(r["nodes"]) > 10_000_000 for r in rows)
    assert len({r["code"] for r in rows}) == len(rows)
