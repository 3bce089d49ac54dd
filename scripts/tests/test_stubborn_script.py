"""The stubborn sets of ``scripts/stubborn.py``, measured for the internals page and
left out: each set is closed as its rules say, so that no move from outside it gets in
its way, checked one move at a time; and on a hard deal's first positions no set
leaves out a move."""

from __future__ import annotations

import pytest
from tests.test_solver import _seeded_positions

from yukon import Move, State
from yukon._moves import FOUNDATION
from yukon._rules import ON_FOUNDATION, follow, legal_moves
from yukon._state import packed

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

stubborn = scripts.load("stubborn")


def test_no_move_from_outside_a_set_gets_in_its_way() -> None:
    """For every legal move ``b`` outside a set: each legal move of the set stays legal
    after ``b``, ``b`` after it, and either order reaches the same position; and no
    move of the set that is not legal becomes legal by ``b``."""
    outside = 0
    for state in _seeded_positions(31, 400):
        p = packed(state)
        legal = {m.key for m in legal_moves(p)}
        at = stubborn.places(p)
        for start in sorted(legal):
            found = stubborn.stubborn(p, at, start, legal)
            assert start in found
            for b in sorted(legal - found):
                outside += 1
                after_b = follow(p, b)
                legal_after_b = {m.key for m in legal_moves(after_b)}
                for a in found:
                    if a not in legal:
                        assert a not in legal_after_b, (state.to_text(), a, b)
                        continue
                    assert a in legal_after_b, (state.to_text(), a, b)
                    after_a = follow(p, a)
                    assert b in {m.key for m in legal_moves(after_a)}
                    both = follow(after_a, b).key() == follow(after_b, a).key()
                    assert both, (state.to_text(), a, b)
    assert outside >= 20


def test_no_set_leaves_out_a_move_on_a_hard_deal_s_first_positions() -> None:
    seen = stubborn.look("YU1-C-AAAAAKU", 300)
    assert seen.positions == 300 and seen.with_moves > 250
    assert seen.left_out == 0


def test_a_set_that_leaves_a_move_out() -> None:
    """One column, QD on five face-down cards; hearts and clubs home to their Kings,
    spades to the Jack. A King brought back to an empty column and JS brought back onto
    QD leave each other alone, and the Kings' moves, which get in each other's way, make
    the smallest set."""
    state = State.from_layout(
        [["QS", "JD", "KD", "TD", "KS", "QD"], [], [], [], [], [], []],
        hidden=[5, 0, 0, 0, 0, 0, 0],
        foundations=[11, 13, 9, 13],
        score=460,
    )
    p = packed(state)
    moves = [m.key for m in legal_moves(p)]
    kings = {m for m in moves if str(Move.from_key(m))[:2] in ("KH", "KC")}
    assert len(kings) == 12 and len(moves) == 13
    assert stubborn.smallest(p, moves) == kings


def test_what_depends_on_a_legal_move() -> None:
    """As the module notes say: every move of the same card, every move into or out of
    the place it goes to, every move into the column it leaves, and for a move to or
    from a foundation, every move to or from that foundation."""
    checked = 0
    for state in _seeded_positions(32, 20):
        p = packed(state)
        at = stubborn.places(p)
        for a in (m.key for m in legal_moves(p)):
            card, dest = a >> 3, a & 7
            source = p.where[card]
            found = set(stubborn.dependent(at, a))
            into = {m for m in stubborn.ACTIONS if m & 7 == dest}
            out_of: set[int] = set()
            if dest != FOUNDATION:
                out_of = {m for m in stubborn.ACTIONS if p.where[m >> 3] % 8 == dest}
                out_of -= {m for m in out_of if p.where[m >> 3] == ON_FOUNDATION}
            else:
                into = {m for m in into if (m >> 3) // 13 == card // 13}
                out_of = {
                    m
                    for m in stubborn.ACTIONS
                    if p.where[m >> 3] == ON_FOUNDATION and (m >> 3) // 13 == card // 13
                }
            same_card = set(range(card * 8, card * 8 + 8))
            assert same_card | into | out_of <= found
            if source < ON_FOUNDATION:
                assert {m for m in stubborn.ACTIONS if m & 7 == source} <= found
            checked += 1
    assert checked >= 100
