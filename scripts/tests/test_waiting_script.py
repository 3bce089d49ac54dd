"""The stronger dead-end check of ``scripts/waiting.py``, measured for the internals
page and left out: uncapped it is the solver's check, a foundation stopped lower only
keeps more cards from moving, and on a position the check passes it never finds a loss
(the page gives the argument)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.strategies import positions
from tests.test_solver import _seeded_positions, _small_endings

import yukon
from yukon import State
from yukon._solver import _twins_deadlocked, dead_end
from yukon._state import packed

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

waiting = scripts.load("waiting")

any_position = st.one_of(_small_endings(), positions(max_steps=250))


def test_uncapped_it_is_the_solvers_dead_end_check() -> None:
    """The plain statement finds a card in a column that never moves exactly when the
    solver's check calls the position a dead end (twins apart, a check of its own)."""
    dead = 0
    for state in _seeded_positions(21, 400):
        p = packed(state)
        stuck = waiting.never_move(p)
        in_columns = any(c in stuck for col in p.cols for c in col)
        assert (in_columns or _twins_deadlocked(p)) == dead_end(p), state.to_text()
        dead += in_columns
    assert dead >= 20


@given(any_position, st.randoms(use_true_random=False))
def test_a_lower_limit_only_keeps_more_cards_from_moving(
    state: State, rnd: random.Random
) -> None:
    p = packed(state)
    limit = tuple(rnd.randint(p.found[s], 13) for s in range(4))
    assert waiting.never_move(p) <= waiting.never_move(p, limit)


def test_a_limit_can_keep_cards_from_moving() -> None:
    grew = 0
    for state in _seeded_positions(22, 100):
        p = packed(state)
        limit = tuple(p.found[s] + 1 if p.found[s] < 13 else 13 for s in range(4))
        grew += waiting.never_move(p) < waiting.never_move(p, limit)
    assert grew >= 20


@given(any_position)
def test_it_finds_no_loss_the_check_misses(state: State) -> None:
    p = packed(state)
    if not dead_end(p):
        assert waiting.lost_waiting(p) == [], state.to_text()


def test_it_finds_the_check_s_dead_ends() -> None:
    """So the property above is not met by a check that never fires: on most dead ends
    (not those where only Kings or twins are stuck) it names cards."""
    named = dead = 0
    for state in _seeded_positions(23, 400):
        p = packed(state)
        if dead_end(p):
            dead += 1
            named += bool(waiting.lost_waiting(p))
    assert dead >= 20 and named >= 0.8 * dead


def test_a_card_whose_lower_card_cannot_come_home_first() -> None:
    """Deal 120 is a dead end as dealt: 9S has no place and AS lies under it, so every
    spade above AS waits for a card that never moves."""
    named = waiting.lost_waiting(packed(yukon.deal("YU1-C-AAAAAEQ")))
    assert set(range(1, 13)) <= set(named)
