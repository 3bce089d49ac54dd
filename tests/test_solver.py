"""The solver, the hint and the survey."""

from __future__ import annotations

import functools
import io
import json
import pathlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import yukon
from yukon import (
    Card,
    GameCode,
    Rules,
    State,
    Suit,
    Verdict,
    _hint,
    _prunings,
    _search,
    _solver,
)
from yukon._prunings import dead_end, dominated, safe_move, table_key
from yukon._rules import CHILDREN, FITS_CLASSIC, FITS_RELAXED, ON_FOUNDATION
from yukon._search import PORTFOLIO, shape, to_turn
from yukon._state import packed
from yukon._survey import Tally, read_done, survey, wilson

from . import reference
from .builders import position, tuned
from .strategies import _play, positions


def replays_to_a_win(state: State, moves: tuple[yukon.Move, ...]) -> bool:
    for move in moves:
        state = state.apply(move)
    return state.is_won


# -- verdicts ------------------------------------------------------------------------


@settings(max_examples=15)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_every_won_line_replays_to_a_win(number: int, rules: Rules) -> None:
    state = yukon.deal(GameCode(number, rules))
    solution = yukon.solve(state, max_nodes=3_000)
    assert solution.nodes <= 3_000
    if solution.verdict is Verdict.WON:
        assert replays_to_a_win(state, solution.moves)
        game = yukon.Game.new(GameCode(number, rules))
        for move in solution.moves:
            game = game.play(move)
        assert game.is_won
    else:
        assert solution.moves == ()


def test_known_deals() -> None:
    won = yukon.solve(yukon.deal("YU1-C-AAAAAAB"), max_nodes=5_000)
    assert won.verdict is Verdict.WON and len(won.moves) > 52
    lost = yukon.solve(yukon.deal("YU1-C-AAAAAAY"), max_nodes=5_000)  # deal 24
    assert lost.verdict is Verdict.LOST and lost.moves == ()


def test_a_budget_gives_unknown_and_says_which() -> None:
    solution = yukon.solve(yukon.deal("YU1-C-AAAAAAD"), max_nodes=50)
    assert solution.verdict is Verdict.UNKNOWN and solution.nodes == 50
    assert solution.stopped_by == "nodes"
    timed = yukon.solve(yukon.deal("YU1-C-AAAAAAD"), max_seconds=0.0)
    assert (timed.verdict, timed.stopped_by) == (Verdict.UNKNOWN, "seconds")
    finished = yukon.solve(yukon.deal("YU1-C-AAAAAAB"))
    assert (finished.verdict, finished.stopped_by) == (Verdict.WON, None)


# Kings needed under their own lower cards: Q♥ can never move (every King it could go
# on lies face down under it, and J♥, which its foundation needs first, too).
def lost(rules: Rules = Rules.CLASSIC) -> State:
    return position(
        {1: "[KS KC KH KD JH] QH", 2: "[QS] JS"},
        foundations=(10, 10, 12, 12),
        rules=rules,
    )


# Only a return wins (classic): Q♥ must leave J♥, and its only places are the black
# Kings, both on their foundations; K♠ comes back to an empty column, Q♥ follows, and
# everything goes home.
def return_wins() -> State:
    return position({1: "[JH] QH", 2: "KH"}, foundations=(13, 10, 13, 13))


@pytest.mark.parametrize("rules", list(Rules))
def test_lost_by_construction_agrees_with_exhaustive_enumeration(rules: Rules) -> None:
    state = lost(rules)
    assert yukon.solve(state).verdict is Verdict.LOST
    assert reference.winnable(state) is False


def test_a_return_can_be_the_only_way_to_win() -> None:
    state = return_wins()
    solution = yukon.solve(state)
    assert solution.verdict is Verdict.WON
    assert replays_to_a_win(state, solution.moves)
    returned = [m.card for m in solution.moves if m.column is not None]
    assert Card.parse("KS") in returned or Card.parse("KC") in returned
    assert _solver.solve_with(state, prune=False).verdict is Verdict.WON
    # Without foundation returns the same position is lost: enumerate every line.
    assert not _winnable_without_returns(state)


def test_after_a_return_only_its_use_or_more_returns_in_suit_order() -> None:
    """K♣ back in an empty column: only Q♥ going on it is tried. Moving K♣ on is a
    longer way to a return straight there; K♠ (a suit before clubs, not onto K♣) comes
    back before K♣ in the order that reaches the same positions; and Q♣, which K♣
    covered, could come back onto K♥, but nothing could ever go on it (J♥ lies face
    down, J♦ and every card that could lead to one are home with nothing to go on)."""
    state = return_wins()
    back = state.apply(yukon.Move(Card.parse("KC"), 3))
    assert {str(m) for m in _prunings.ordered(packed(back), 3)} == {"QH>4"}
    legal = {str(m) for m in back.legal_moves()}
    assert {"KC>F", "KC>5", "KS>5", "QC>2"} <= legal
    assert "KS>5" in {str(m) for m in _prunings.ordered(packed(state), -1)}


# Only a row of returns wins (classic): J♥ must leave 10♥ (under which lie the red
# Queens), and its only places are the black Queens, each under its King on a
# foundation. Nothing could ever go on K♠ or K♣ (both red Queens lie face down under
# J♥), yet bringing one back is what lets its Queen come back, onto a red King, for J♥.
def returns_in_a_row_win() -> State:
    return position({1: "[QD QH TH] JH", 2: "KH", 3: "KD"}, foundations=(13, 9, 11, 13))


def test_a_return_nothing_goes_on_can_let_the_card_under_it_come_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = returns_in_a_row_win()
    solution = yukon.solve(state)
    assert solution.verdict is Verdict.WON
    assert replays_to_a_win(state, solution.moves)
    king, queen = (m.card for m in solution.moves[:2])
    assert (king.rank, queen.rank) == (13, 12) and king.suit == queen.suit
    assert _solver.solve_with(state, prune=False).verdict is Verdict.WON

    # Looking only at what could go on the returned card itself loses the win.
    def only_itself(
        c: int,
        dest: int,
        where: bytearray,
        children: tuple[tuple[int, ...], ...],
        memo: dict[tuple[int, int], bool],
    ) -> bool:
        home = ON_FOUNDATION
        return any(
            where[x] == home or (where[x] < home and where[x] != dest)
            for x in children[c]
        )

    monkeypatch.setattr(_prunings, "could_take_a_card", only_itself)
    assert _solver.solve_with(state, compiled=False).verdict is Verdict.LOST


# A 2 can be the only place for an Ace (classic): A♥ carries 5♠, which can neither go
# home (3♠ lies under A♥) nor anywhere else (6♥ lies under A♥, 6♦ is home under K♦), so
# A♥ leaves only with 5♠, onto 2♠. With 2♠ home no red 3 can take it back, and no column
# can empty for K♦ or K♣ to come back to. So 2♠, next on its foundation, must not be
# forced home while a red Ace is out, which is why the safe-move rule asks both red
# Aces to be home first.
def ace_needs_a_two() -> State:
    return position(
        {
            1: "[KH] 2S",
            2: "[KS 3S 6H 3H] AH 5S",
            3: "[QH] 4S",
            4: "[QS] 7S",
            5: "[JH] 2H",
            6: "[JS] TH 9H 8H 7H 5H 4H",
            7: "[TS] 9S 8S 6S",
        },
        foundations=(1, 0, 13, 13),
    )


def _home(state: State, *cards: str) -> set[tuple[object, ...]]:
    """The table of a search that has searched ``state`` with ``cards`` sent home."""
    for card in cards:
        state = state.apply(yukon.Move(Card.parse(card), None))
    return {table_key(packed(state), -1)}


def test_a_position_is_covered_by_the_same_with_cards_home_that_could_come_back() -> (
    None
):
    """Dominance: 3♠ lies on 4♥ (it may go there), so the position with 3♠ home covers
    this one, and so does the one with 4♥ home after it (on 5♠); a King alone in its
    column comes back to an empty column. Not so for a card on a face-down card (home,
    it turns that card up), nor on a card it may not go on."""
    state = position(
        {1: "[KS] 5S 4H 3S", 2: "KD", 3: "[QH] 4S"},
        foundations=(2, 3, 12, 13),
    )
    covered = packed(state)
    assert dominated(covered, _home(state, "3S"))
    assert dominated(covered, _home(state, "3S", "4H"))
    assert dominated(covered, _home(state, "KD"))
    assert dominated(covered, _home(state, "KD", "3S", "4H"))
    assert not dominated(covered, set())
    assert not dominated(covered, {table_key(covered, -1)})
    on_face_down = position({1: "[KS 5S] 3S", 3: "[QH] 4S"}, foundations=(2, 3, 13, 13))
    assert not dominated(packed(on_face_down), _home(on_face_down, "3S"))
    misplaced = position({1: "[KS] 5D 3S", 3: "[QH] 4S"}, foundations=(2, 3, 4, 13))
    assert not dominated(packed(misplaced), _home(misplaced, "3S"))
    # The compiled core skips the same positions of this one's search: it searches as
    # many, and wins as the plain search does.
    skipping = _solver.solve_with(state, compiled=False)
    plain = _solver.solve_with(state, prune=False)
    assert skipping.verdict is plain.verdict is Verdict.WON
    assert yukon.solve(state).nodes == skipping.nodes


def test_a_two_next_on_its_foundation_can_be_needed_where_it_is() -> None:
    state = ace_needs_a_two()
    solution = yukon.solve(state)
    assert solution.verdict is Verdict.WON
    assert replays_to_a_win(state, solution.moves)
    assert safe_move(packed(state)) is None
    two_home = state.apply(yukon.Move(Card.parse("2S"), None))
    assert reference.winnable(two_home) is False  # every line, no pruning
    assert yukon.solve(two_home).verdict is Verdict.LOST


def _winnable_without_returns(state: State) -> bool:
    seen: set[str] = set()
    frontier = [state]
    while frontier:
        position = frontier.pop()
        if position.is_won:
            return True
        key = position.to_text()
        if key in seen:
            continue
        seen.add(key)
        on_columns = {c for column in position.columns for c in column.cards}
        frontier.extend(
            position.apply(m) for m in position.legal_moves() if m.card in on_columns
        )
    return False


def _small_endings() -> st.SearchStrategy[State]:
    """Endgames with few cards left, mostly face down in one to three columns: small
    enough to search completely, hard enough that many are lost."""

    @st.composite
    def build(draw: st.DrawFn) -> State:
        rules = draw(st.sampled_from(list(Rules)))
        found = draw(
            st.lists(st.integers(5, 13), min_size=4, max_size=4).filter(
                lambda f: 4 <= 52 - sum(f) <= 11
            )
        )
        rest = [Card(r, s) for s in Suit for r in range(found[s] + 1, 14)]
        rest = draw(st.permutations(rest))
        spread = draw(st.integers(1, 3))
        columns: list[list[Card]] = [[] for _ in range(7)]
        for card in rest:
            columns[draw(st.integers(0, spread - 1))].append(card)
        hidden = [
            draw(st.integers(max(0, len(c) - 3), len(c) - 1)) if c else 0
            for c in columns
        ]
        return State.from_layout(
            columns,
            hidden=hidden,
            foundations=found,
            rules=rules,
            score=10 * sum(found),
        )

    return build()


@settings(max_examples=40, suppress_health_check=[HealthCheck.filter_too_much])
@given(_small_endings())
def test_prunings_never_lose_a_win(state: State) -> None:
    """The solver's prunings (safe foundation moves, returns waiting for their use and
    made only when something could use them, positions after a return covered by the
    same position searched in full, Kings staying put) against a plain search of every
    legal move."""
    pruned = yukon.solve(state, max_nodes=6_000)
    plain = _solver.solve_with(state, max_nodes=6_000, prune=False)
    resolved = {Verdict.WON, Verdict.LOST}
    if pruned.verdict in resolved and plain.verdict in resolved:
        assert pruned.verdict is plain.verdict
    if pruned.verdict is Verdict.WON:
        assert replays_to_a_win(state, pruned.moves)


def _could_take_as_stated(
    c: int, dest: int, where: bytearray, children: tuple[tuple[int, ...], ...]
) -> bool:
    """The useful-returns test as the module notes state it, card by card: some card
    that may go on ``c`` or on a lower card of its suit lies face up (not, for ``c``
    itself, in ``dest``), or lies home and could come back onto it in turn."""

    @functools.cache
    def could(card: int, column: int) -> bool:
        for lower in range(card, card - card % 13 - 1, -1):
            away = column if lower == card else -1
            for x in children[lower]:
                if where[x] < ON_FOUNDATION and where[x] != away:
                    return True
                if where[x] == ON_FOUNDATION and could(x, away):
                    return True
        return False

    return could(c, dest)


@settings(max_examples=60, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(_small_endings(), positions(max_steps=250)))
def test_what_could_take_a_returned_card_is_as_stated(state: State) -> None:
    """The solver's test of a useful return, with one memo shared by every card and
    column of a position as the searches share it, and with a memo of its own, against
    the statement card by card: for every card and every column it might come back
    to."""
    p = packed(state)
    children = CHILDREN[p.relaxed]
    shared: dict[tuple[int, int], bool] = {}
    for c in range(52):
        for dest in range(7):
            stated = _could_take_as_stated(c, dest, p.where, children)
            alone = _prunings.could_take_a_card(c, dest, p.where, children, {})
            assert alone is stated, (c, dest)
            assert _prunings.could_take_a_card(c, dest, p.where, children, shared) is (
                stated
            ), (c, dest)


def _random_ending(rnd: random.Random) -> State:
    """A small endgame as :func:`_small_endings` draws them, from a seeded generator."""
    rules = rnd.choice(list(Rules))
    found = [13] * 4
    while not 4 <= 52 - sum(found) <= 11:
        found = [rnd.randint(5, 13) for _ in range(4)]
    rest = [Card(r, s) for s in Suit for r in range(found[s] + 1, 14)]
    rnd.shuffle(rest)
    spread = rnd.randint(1, 3)
    columns: list[list[Card]] = [[] for _ in range(7)]
    for card in rest:
        columns[rnd.randrange(spread)].append(card)
    hidden = [rnd.randint(max(0, len(c) - 3), len(c) - 1) if c else 0 for c in columns]
    return State.from_layout(
        columns, hidden=hidden, foundations=found, rules=rules, score=10 * sum(found)
    )


def _seeded_positions(seed: int, count: int) -> list[State]:
    """``count`` seeded small endgames (:func:`_random_ending`) and as many positions of
    random games of whole deals, classic and relaxed, from the deal to 150 moves on."""
    rnd = random.Random(seed)
    found = [_random_ending(rnd) for _ in range(count)]
    for number in range(1, count + 1):
        deal = yukon.deal(
            GameCode(number, Rules.CLASSIC if number % 2 else Rules.RELAXED)
        )
        found.append(_play(deal, rnd, rnd.randint(0, 150)))
    return found


@pytest.mark.slow
@pytest.mark.no_cover  # slow under coverage; what it runs is covered elsewhere
def test_dead_ends_are_lost() -> None:
    """A dead end is a proof of loss: never a position exhaustive enumeration wins.
    Checked on every dead end among 800 seeded small endgames (about one in 25 is
    one; those small enough to enumerate are checked), so the test cannot pass by
    finding none."""
    rnd = random.Random(5)
    proved = 0
    for _ in range(800):
        state = _random_ending(rnd)
        if dead_end(packed(state)):
            winnable = reference.winnable(state, limit=400)
            assert winnable is not True, state.to_text()
            proved += winnable is False
    assert proved >= 20


def test_dead_end_examples() -> None:
    assert dead_end(packed(lost())) and dead_end(packed(lost(Rules.RELAXED)))
    # Deal 120 is lost as dealt: 9S lies on 10D and can go only on 10D or 10H (face
    # down under 5C in column 7); its foundation needs AS, face down under it.
    dealt = yukon.deal("YU1-C-AAAAAEQ")
    assert dead_end(packed(dealt))
    assert yukon.solve(dealt).verdict is Verdict.LOST
    # The same shape with 10H free is no dead end, and with 10H under 9S it is.
    shape = {1: "[8S TD] 9S", 2: "TH"}
    assert not dead_end(packed(position(shape, foundations=(7, 9, 9, 13))))
    shape = {1: "[8S TH TD] 9S"}
    assert dead_end(packed(position(shape, foundations=(7, 9, 9, 13))))
    # Q♥ lies on J♣ on Q♦, and every place for the three is face down under them: J♣'s
    # places are Q♦ (under it) and Q♥ (on it, travelling with it), and Q♦ cannot go
    # home with J♣ on it. Lost, though J♣'s places are not covered by another card.
    glued = position(
        {1: "[KH KS JH KC] QD JC QH", 2: "KD QC"}, foundations=(12, 10, 11, 10)
    )
    assert dead_end(packed(glued)) and reference.winnable(glued) is False
    # J♣ may move to Q♦ but never goes home: 10♦ on it can go nowhere (J♠ and 9♦ lie
    # face down under Q♣). So Q♣ cannot go home either, and its places are face down.
    never_home = position(
        {1: "[KH KD JS 9D] QC", 2: "JC TD", 3: "KC QD", 4: "KS QS JD"},
        foundations=(10, 12, 8, 10),
    )
    assert dead_end(packed(never_home)) and reference.winnable(never_home) is False
    # Twins: Q♥ must leave column 1 before it can go home (J♥ lies under it), and only
    # for K♠ (K♣ lies under it); so must Q♦ under it. Whichever is on K♠ first can
    # leave it only for K♣ or its foundation, both under the other Q. Checked by the
    # plain search, which has no dead ends (the enumeration is too slow for 5 empty
    # columns).
    twins = position(
        {1: "[KC JH JD QD] QH", 2: "KS", 3: "KH KD"}, foundations=(12, 10, 10, 12)
    )
    assert dead_end(packed(twins))
    assert _solver.solve_with(twins, prune=False).verdict is Verdict.LOST
    # Deal 61 is lost as dealt for the same reason: 10♥ and 10♦ in column 7, J♠ under
    # both, and so are 2♥ and 4♦.
    assert dead_end(packed(yukon.deal("YU1-C-AAAAACJ")))
    # A black King on its foundation can come back to take Q-hearts: no dead end.
    assert not dead_end(packed(return_wins()))
    # A King that is not at the bottom, with empty columns about, can still move.
    assert not dead_end(
        packed(position({1: "[QH] KS", 2: "[KH] QS"}, foundations=(11, 11, 13, 13)))
    )


@settings(max_examples=30, deadline=None)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.randoms(use_true_random=False))
def test_dead_end_after_a_move_agrees_with_the_full_check(
    number: int, rnd: random.Random
) -> None:
    """The quick check after a move (only sets holding the moved card) decides as the
    full check does, whenever the position before the move was no dead end: after
    tableau moves, foundation moves and returns alike."""
    state = yukon.deal(GameCode(number))
    for _ in range(120):
        moves = state.legal_moves()
        if not moves or dead_end(packed(state)):
            break
        move = rnd.choice(moves)
        after = state.apply(move)
        assert dead_end(packed(after), move.card.index) == dead_end(packed(after))
        state = after


_LOST_BY_SEARCH = ("YU1-C-AAAAAHR", "YU1-C-AAAAAFX")
"""Deals 199 and 153: lost, but no dead ends as dealt, so proving it takes a search
(21 and 411 positions for one search alone)."""


@pytest.mark.parametrize("code", _LOST_BY_SEARCH)
def test_shared_searches_search_every_position_once(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Searches that share one table prove a loss by searching every reachable
    position once: as many positions as one search alone must search, whatever order
    the eight take them in. Separate tables search some positions more than once."""
    state = yukon.deal(code)
    alone = _search.Search(packed(state), PORTFOLIO[0], prune=True)
    assert alone.run(1_000_000) is Verdict.LOST and alone.nodes > 1
    tuned(monkeypatch, share_after=0)
    shared = _solver.solve_with(state, compiled=False)
    assert shared.verdict is Verdict.LOST and shared.nodes == alone.nodes
    tuned(monkeypatch, share_after=10**9)
    separate = _solver.solve_with(state, compiled=False)
    assert separate.verdict is Verdict.LOST and separate.nodes >= alone.nodes
    tuned(monkeypatch, share_after=alone.nodes // 2)
    late = _solver.solve_with(state, compiled=False)
    assert late.verdict is Verdict.LOST and late.nodes >= alone.nodes


def test_tidying_searches_count_misplaced_and_buried_cards() -> None:
    # Q♣ lies on a face-down K♠ it may not go on, K♥ on Q♣, K♦ on J♣: three misplaced.
    # Q♣ and K♥ lie on K♠ (next for spades), K♦ on J♣ (next for clubs): three buried.
    def layout(rules: Rules) -> State:
        return State.from_layout(
            [["KS", "QC", "KH"], ["JC", "KD"], ["KC"], [], [], [], []],
            hidden=[1, 0, 0, 0, 0, 0, 0],
            foundations=(12, 12, 12, 10),
            score=460,
            rules=rules,
        )

    state = layout(Rules.CLASSIC)
    for weights in PORTFOLIO:
        if weights.misplaced or weights.buried:
            expected = 2 * (weights.flip * 1 + 6) + 3 * weights.misplaced
            expected += 3 * weights.buried
            assert shape(packed(state), weights, FITS_CLASSIC, {}) == expected
    # In relaxed rules Q♣ may go on K♠: one misplaced card fewer.
    weights = PORTFOLIO[-1]
    assert (
        shape(packed(layout(Rules.RELAXED)), weights, FITS_RELAXED, {})
        == shape(packed(state), weights, FITS_CLASSIC, {}) - weights.misplaced
    )


def test_turning_work_counts_what_lies_on_the_places_of_each_lowest_face_up_card() -> (
    None
):
    def layout(rules: Rules) -> State:
        return State.from_layout(
            [
                ["9C", "JD", "TC"],
                ["JH", "9S", "9D", "TS"],
                ["8D", "KS"],
                ["KH", "QC"],
                ["KD", "QS"],
                ["TH", "JS", "TD"],
                ["QH", "JC", "KC", "QD"],
            ],
            hidden=[2, 2, 1, 0, 0, 0, 0],
            foundations=(8, 9, 7, 8),
            score=320,
            rules=rules,
        )

    # Column 1: 10♣ cannot go home before 9♣ under it, J♦ lies under it too, and J♥
    # lies face down with three cards on it: 3 + 3. Column 2: 9♦ may go on 10♣, which
    # is free (10♠ lies in its own column): 0. Column 3: a King, and the shortest
    # other column holds 2 cards.
    assert to_turn(packed(layout(Rules.CLASSIC)), FITS_CLASSIC, {}) == 6 + 0 + 2
    # Relaxed: 10♣ may also go on J♠, with one card on it.
    assert to_turn(packed(layout(Rules.RELAXED)), FITS_RELAXED, {}) == 1 + 0 + 2


@given(_small_endings())
@settings(max_examples=60, suppress_health_check=[HealthCheck.filter_too_much])
def test_safe_moves_are_legal_foundation_moves(state: State) -> None:
    move = safe_move(packed(state))
    if move is not None:
        assert move.column is None and state.check(move) is None


# -- the hint --------------------------------------------------------------------------


def _shuffle_face_down(state: State, rnd: random.Random) -> State:
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


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**32))
def test_the_hint_never_peeks(number: int, seed: int) -> None:
    state = yukon.deal(GameCode(number))
    other = _shuffle_face_down(state, random.Random(seed))
    assert [c.face_up for c in other.columns] == [c.face_up for c in state.columns]
    first = yukon.hint_move(state, rng=random.Random(seed), samples=3, max_nodes=300)
    second = yukon.hint_move(other, rng=random.Random(seed), samples=3, max_nodes=300)
    assert first == second
    assert first is not None and state.check(first) is None


@pytest.mark.parametrize("number", range(1, 9))
def test_the_grading_hint_votes_without_peeking(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Relaxed deals, whose guesses are won within the budget: the voting hint the
    grades measure with plays the move that wins the most guesses, and the face-down
    cards' order does not change it."""
    won: list[bool] = []
    solve = _solver.solve

    def recorded(state: State, **budgets: Any) -> yukon.Solution:
        solution = solve(state, **budgets)
        won.append(solution.verdict is Verdict.WON)
        return solution

    monkeypatch.setattr(_hint, "solve", recorded)
    state = yukon.deal(GameCode(number, Rules.RELAXED))
    other = _shuffle_face_down(state, random.Random(number))
    first = _hint.advise(state, rng=random.Random(number), samples=3, max_nodes=3_000)
    votes = sum(won)
    second = _hint.advise(other, rng=random.Random(number), samples=3, max_nodes=3_000)
    assert votes >= 1 and sum(won) - votes == votes  # the voting path, both times
    assert first == second and first is not None and state.check(first.move) is None


def test_hint_repeats_and_handles_dead_ends() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    assert yukon.hint_move(state, samples=2, max_nodes=500) == yukon.hint_move(
        state, samples=2, max_nodes=500
    )
    stuck = lost()
    while not stuck.is_stuck:
        stuck = stuck.apply(stuck.legal_moves()[0])
        if stuck.is_won:  # pragma: no cover - LOST cannot be won
            raise AssertionError
    assert yukon.hint_move(stuck) is None


# -- the survey ------------------------------------------------------------------------


def test_wilson_interval_known_values() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 10)[0] == pytest.approx(0.0)


def test_tally_brackets_the_unknowns() -> None:
    """8 won, 1 lost, 1 unknown: from 8 of 10 won (lower bound) to 9 of 10 won (upper),
    the Wilson bounds as statistics packages give them (0.4902 and 0.9821)."""
    tally = Tally(won=8, lost=1, unknown=1)
    low, high = tally.interval
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9821, abs=1e-4)
    table = tally.table()
    assert "won             8" in table and "winnable    80.0%" in table


def test_survey_writes_json_lines_and_resumes(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "survey.jsonl"
    progress = io.StringIO()
    first = survey(
        Rules.CLASSIC,
        1,
        3,
        str(out),
        workers=1,
        max_nodes=2_000,
        max_seconds=None,
        progress=progress,
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["code"] for r in rows] == [
        "YU1-C-AAAAAAB",
        "YU1-C-AAAAAAC",
        "YU1-C-AAAAAAD",
    ]
    assert set(rows[0]) == {
        *("code", "verdict", "nodes", "seconds", "moves", "budget", "stopped_by")
    }
    budget = {"max_seconds": None, "max_nodes": 2_000, "max_memory": 2 * 2**30}
    assert rows[0]["budget"] == budget
    assert "3/3 deals" in progress.getvalue()
    assert first.total == 3
    # A torn last line (a run stopped mid-write) is ignored and that deal solved again.
    out.write_text(out.read_text() + '{"code": "YU1-C-AAAAAA')
    second = survey(
        Rules.CLASSIC, 1, 5, str(out), workers=1, max_nodes=2_000, max_seconds=None
    )
    assert second.total == 5
    assert sorted(read_done(str(out))) == [str(GameCode(n)) for n in range(1, 6)]
    lines = out.read_text().splitlines()
    assert len(lines) == 6  # 3 + the torn one + 2 new; deals 1-3 were not solved again
    assert sum(line.startswith('{"code": "YU1-C-AAAAAAB"') for line in lines) == 1


def test_survey_runs_on_a_local_dask_cluster(tmp_path: pathlib.Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        tally = survey(
            Rules.RELAXED,
            10,
            3,
            str(tmp_path / "dask.jsonl"),
            max_nodes=1_000,
            max_seconds=None,
            scheduler=cluster.scheduler_address,
        )
    assert tally.total == 3
    lines = (tmp_path / "dask.jsonl").read_text().splitlines()
    assert sorted(json.loads(line)["code"] for line in lines) == [
        str(GameCode(n, Rules.RELAXED)) for n in (10, 11, 12)
    ]
