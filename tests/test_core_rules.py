"""The C core's own calls held to the Python rules: the rule tables, perft from the
fixtures, the tuple-level legal moves and ``apply`` perft walks with, the dead-end check
the searches prune with, and how the compiled readers, ``follow`` and ``take_back``
refuse or hand on what is no position or no legal undo.

These calls have no public face; everything the public API does on either twin (the
deal, legal moves, a move made, refused and undone, the observation, the batch, the
solver) is run on both and compared in test_twins.py, through the harness."""

from __future__ import annotations

import json
import os
import pathlib
import random

import pytest
from hypothesis import given

import yukon
from yukon import Move, Rules, State
from yukon._moves import MOVES, move_by_key
from yukon._prunings import dead_end
from yukon._rules import (
    FITS_CLASSIC,
    FITS_RELAXED,
    Position,
    follow,
    take_back,
)
from yukon._scoring import FLIP_POINTS, FOUNDATION_POINTS, MAX_SCORE
from yukon._shuffle import shuffled_deck
from yukon._state import packed

from .strategies import positions
from .test_solver import _random_ending
from .test_twins import rule_of

if os.environ.get("YUKON_REQUIRE_CORE"):
    from yukon import _core
else:
    _core = pytest.importorskip("yukon._core")

# Bound at import unless YUKON_IMPLEMENTATION=python chose the Python rules; binding
# again is harmless, and lets these tests compare the two either way.
_core.bind(Position, follow, take_back)
_core.set_moves(MOVES)

FIXTURES: dict[str, list[int]] = json.loads(
    pathlib.Path(__file__).with_name("perft.json").read_text()
)


def _parts(
    state: State,
) -> tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...], bool]:
    return (
        packed(state).cols,
        packed(state).hidden,
        packed(state).found,
        state.rules is Rules.RELAXED,
    )


def test_the_rule_tables_are_the_same() -> None:
    assert _core.GROUP_LIMIT == yukon.GROUP_LIMIT, "the group limit"
    assert _core.FOUNDATION_POINTS == FOUNDATION_POINTS, "scoring: a card placed home"
    assert _core.FLIP_POINTS == FLIP_POINTS, "scoring: a card turned face up"
    assert _core.MAX_SCORE == MAX_SCORE, "scoring: where a score stops"
    for relaxed, table in ((False, FITS_CLASSIC), (True, FITS_RELAXED)):
        compiled = _core.fits(relaxed)
        wrong = [
            (
                yukon.Card.from_index(c),
                "an empty column" if t == 52 else str(yukon.Card.from_index(t)),
            )
            for c in range(52)
            for t in range(53)
            if compiled[c * 53 + t] != table[c * 53 + t]
        ]
        rule = (
            "king-only"
            if any(t == "an empty column" for _, t in wrong)
            else "rank, colour"
        )
        assert not wrong, (
            f"{'relaxed' if relaxed else 'classic'} fit table ({rule}): {wrong[:5]}"
        )


@pytest.mark.parametrize(("code", "counts"), sorted(FIXTURES.items()))
def test_the_core_counts_the_perft_fixtures(code: str, counts: list[int]) -> None:
    parts = _parts(yukon.deal(code))
    assert [_core.perft(*parts, depth) for depth in range(1, len(counts) + 1)] == counts


def _same_parts(state: State) -> None:
    """The tuple-level calls perft walks with: the legal move keys, in order, and the
    position after each legal move."""
    parts = _parts(state)
    python = [move.key for move in state.legal_moves()]
    compiled = _core.legal_moves(*parts)
    only_c = [move_by_key(k) for k in compiled if k not in python]
    only_python = [move_by_key(k) for k in python if k not in compiled]
    assert not only_c, [(str(m), rule_of(state, m)) for m in only_c]
    assert not only_python, [(str(m), rule_of(state, m)) for m in only_python]
    assert compiled == python, "the order of legal moves"
    p = packed(state)
    for move in state.legal_moves():
        after = follow(p, move.key)  # the Python statement, whatever State.apply uses
        columns, hidden, found = _core.apply(*parts, move.key)
        assert (columns, hidden, found) == (
            after.cols,
            after.hidden,
            after.found,
        ), f"{move}: the position after it ({rule_of(state, move)}; flips, returns)"


@given(positions(max_steps=200))
def test_the_cores_tuple_calls_move_as_the_rules_do_on_random_games(
    state: State,
) -> None:
    _same_parts(state)


def test_the_compiled_readers_refuse_what_is_no_position() -> None:
    odd = Position()
    with pytest.raises(AttributeError):
        _core.moves(odd)
    p = packed(yukon.deal("YU1-C-AAAAAAB"))
    odd.relaxed, odd.cols, odd.hidden = p.relaxed, p.cols[:6], p.hidden
    odd.found, odd.score, odd.where = p.found, p.score, p.where
    with pytest.raises(ValueError, match="not a position"):
        _core.moves(odd)
    with pytest.raises(ValueError, match="not a position"):
        _core.observe(odd, False)
    with pytest.raises(TypeError):
        _core.observe(p)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _core.set_moves(MOVES[:3])
    with pytest.raises(TypeError):
        _core.Batch([object()])


def test_the_compiled_take_back_hands_an_undo_it_cannot_make_to_python() -> None:
    """A trace that names no undo of this position is the Python statement's to judge:
    the same exception, or the same position, as it gives."""
    p = packed(yukon.deal("YU1-C-AAAAAAB"))
    seven_clubs = Move.parse("7C>3").key  # 7♣ does not lie in column 3
    for args in (
        (seven_clubs, 6, False),
        (Move.parse("7C>F").key, 6, False),  # no clubs on the foundation
        (Move.parse("7H>2").key, 0, True),  # 7♥ lies in column 1, alone
        (Move.parse("7C>7").key, 7, True),  # nothing turns over under a foundation
        (9_999, 0, False),
    ):
        try:
            expected: object = take_back(p, *args)
        except Exception as error:  # the Python statement's own exception
            with pytest.raises(type(error)):
                _core.take_back(p, *args)
        else:
            assert isinstance(expected, Position)
            got = _core.take_back(p, *args)
            assert got.key() == expected.key() and got.where == expected.where
    with pytest.raises(TypeError):
        _core.take_back(p, 0, 0)  # type: ignore[call-arg]


def test_the_compiled_follow_hands_what_it_cannot_read_to_python() -> None:
    p = packed(yukon.deal("YU1-C-AAAAAAB"))
    odd = Position()
    odd.relaxed, odd.cols, odd.hidden = p.relaxed, p.cols[:6], p.hidden
    odd.found, odd.score, odd.where = p.found, p.score, p.where
    with pytest.raises(IndexError):  # what the Python follow does with six columns
        _core.follow(odd, Move.parse("7C>7").key)
    with pytest.raises(AttributeError):
        _core.follow(Position(), 0)
    with pytest.raises(TypeError):
        _core.follow(p)  # type: ignore[call-arg]


def test_the_core_refuses_an_illegal_move_to_apply() -> None:
    parts = _parts(yukon.deal("YU1-C-AAAAAAB"))
    with pytest.raises(ValueError, match="not a legal move"):
        _core.apply(*parts, Move.parse("7C>3").key)
    with pytest.raises(ValueError, match="depth"):
        _core.perft(*parts, 7)


def _same_dead_ends(state: State) -> int:
    """The compiled dead-end check answers as ``_prunings.dead_end`` for every card
    named as the one moved last, and for none; how many answers were dead ends."""
    p, parts = packed(state), _parts(state)
    dead = 0
    for moved in (-1, *range(52)):
        python = dead_end(p, moved)
        assert _core.dead_end(*parts, moved) is python, (
            f"the dead-end check (cards that can never move), moved={moved}: "
            f"Python says {python}"
        )
        dead += python
    return dead


@given(positions(max_steps=200))
def test_the_compiled_dead_end_check_is_the_pythons(state: State) -> None:
    _same_dead_ends(state)


def test_the_dead_end_checks_agree_on_endgames_where_many_are_dead() -> None:
    """Small seeded endgames, many of them lost: both checks find the same dead ends,
    and there are plenty to find."""
    rnd = random.Random(11)
    assert sum(_same_dead_ends(_random_ending(rnd)) for _ in range(300)) > 500


def test_the_compiled_dead_end_check_refuses_what_is_no_card() -> None:
    with pytest.raises(ValueError, match="moved"):
        _core.dead_end(*_parts(yukon.deal("YU1-C-AAAAAAB")), 52)


def test_the_compiled_shuffle_agrees_past_the_deals_and_refuses_past_64_bits() -> None:
    """Numbers no game code names (the deals are held together in test_twins.py): the
    same 64-bit arithmetic, and a refusal past it."""
    for number in (2**32, 2**63, 2**64 - 1):
        assert _core.shuffled_deck(number) == shuffled_deck(number), "the YU1 shuffle"
    with pytest.raises(OverflowError):
        _core.shuffled_deck(2**64)
