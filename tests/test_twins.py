"""Each public entry point with a C and a Python twin, run on both and compared.

Through the harness (``tests/twins.py``): the deal (the ``YU1`` shuffle), the legal
moves and mask, a move made or refused, a move undone, the observation, a batch's
masks, observations, steps and random playouts, and the solver's and the hint's
answers. A rule changed in one language and not the other fails here, and the failure
names the rule (the refusal code Python gives for a move only C allows). The core's own
calls that have no public face (perft, the fit tables, the dead-end check, the search
step by step) are held to Python in test_core_rules.py and test_core.py.
"""

from __future__ import annotations

import random
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import yukon
from yukon import (
    ACTION_COUNT,
    Batch,
    Game,
    GameCode,
    Move,
    Rules,
    State,
    Verdict,
)

from . import twins
from .strategies import positions
from .test_solver import (
    _LOST_BY_SEARCH,
    _small_endings,
    lost,
    replays_to_a_win,
    return_wins,
)

pytestmark = twins.needs_both
MAX_SCORE = 10**12
"""Where every score stops (docs/api.md, ``State.from_layout``)."""


def rule_of(state: State, move: Move) -> str:
    """The rule a move tests: Python's refusal code when Python refuses it, else the
    rule that let it through (what C must have refused)."""
    refusal = state.check(move)
    if refusal is not None:
        return refusal.code.value
    if move.column is None:
        return "to a foundation (foundation order, last card)"
    target = state.columns[move.column]
    size = next(
        (
            len(c.cards) - c.cards.index(move.card)
            for c in state.columns
            if move.card in c.cards
        ),
        1,
    )
    if target.is_empty:
        return "king-only (a King to an empty column)"
    if size > 1:
        return f"group move of {size} cards (group-too-large at {yukon.GROUP_LIMIT})"
    return "rank and colour (same-colour, rank-mismatch), or a return from a foundation"


# -- the deal --------------------------------------------------------------------------


def _dealt(code: GameCode) -> tuple[object, ...]:
    return (code.deck, twins.whole(yukon.deal(code)))


@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_deals_are_dealt_alike(number: int, rules: Rules) -> None:
    code = GameCode(number, rules)
    twins.alike(lambda: _dealt(code), "the YU1 shuffle")


def test_the_first_and_last_deals_are_dealt_alike() -> None:
    for number in (0, 1, 2, yukon.DEAL_COUNT - 1):
        twins.alike(partial(_dealt, GameCode(number)), f"the YU1 shuffle of {number}")


# -- the rules: legal moves, a move made or refused, undone, the observation ------------


def _same_rules(state: State) -> None:
    """Every answer the rules give about ``state``, alike on each twin: the legal moves
    (each move only one twin allows named with its rule), the mask, the observation,
    each legal move made and undone, and the refusal of a spread of the others."""
    moves = twins.on_each(state.legal_moves)
    python = [m.key for m in moves["python"]]
    for name, got in moves.items():
        keys = [m.key for m in got]
        only_here = [Move.from_key(k) for k in keys if k not in python]
        only_python = [Move.from_key(k) for k in python if k not in keys]
        assert not only_here, (name, [(str(m), rule_of(state, m)) for m in only_here])
        assert not only_python, (
            name,
            [(str(m), rule_of(state, m)) for m in only_python],
        )
        assert keys == python, f"{name}: the order of legal moves"
    twins.alike(state.legal_mask, "the legal mask")
    for perfect in (False, True):
        twins.alike(
            partial(state.observation, perfect=perfect),
            f"the observation (perfect={perfect}): where each card lies, face down "
            "or up, its place, the face-down counts, the rules",
        )
    spread = range(python[0] % 29 if python else 0, ACTION_COUNT, 29)
    for key in sorted({*python, *spread}):
        move = Move.from_key(key)
        rule = rule_of(state, move)
        after = twins.alike(
            twins.raised(partial(state.apply, move)),
            f"{move}: the position after it or its refusal ({rule}; scoring: "
            f"+{yukon.FOUNDATION_POINTS} home, +{yukon.FLIP_POINTS} a flip, nothing "
            "for a return)",
            same=twins.refusal,
        )
        if isinstance(after, State):
            _same_undo(state, move, rule)


def _same_undo(state: State, move: Move, rule: str) -> None:
    """``move`` played and undone in a game: the position it was played in comes back
    (score and each card's place included), and the move played again from it gives
    the position after it, on each twin."""

    def undone() -> tuple[object, ...]:
        back = Game.from_state(state).play(move).undo()
        return (twins.whole(back.state), twins.whole(back.play(move).state))

    before, again = twins.alike(
        undone,
        f"undo of {move} ({rule}; turning a card face down again takes back "
        f"{yukon.FLIP_POINTS} points, a card taken from its foundation "
        f"{yukon.FOUNDATION_POINTS}), and the move played again",
    )
    assert before == twins.whole(state), f"undo of {move}: the position before it"
    assert again == twins.whole(state.apply(move)), f"{move} played again"


@given(positions(max_steps=200))
def test_the_twins_move_alike_on_random_games(state: State) -> None:
    _same_rules(state)


@pytest.mark.no_cover  # slow under coverage; the random games above cover the same code
def test_the_twins_move_alike_where_groups_are_long_and_cards_come_back() -> None:
    """Relaxed play into long columns (the 20-card limit) and classic endings with
    returns from the foundations, walked move by move."""
    rnd = random.Random(7)
    checked = long_columns = returns = 0
    for number in range(1, 41):
        for rules in Rules:
            state = yukon.deal(GameCode(number, rules))
            for _ in range(120):
                _same_rules(state)
                checked += 1
                long_columns += (
                    max(len(c.cards) for c in state.columns) > yukon.GROUP_LIMIT
                )
                moves = state.legal_moves()
                returns += any(
                    state.foundations[m.card.suit] > m.card.rank - 1 for m in moves
                )
                if not moves:
                    break
                longest = [m for m in moves if m.column is not None]
                state = state.apply(
                    rnd.choice(longest if longest and rnd.random() < 0.8 else moves)
                )
    assert checked > 5_000 and long_columns > 100 and returns > 100


@pytest.mark.parametrize(
    "score",
    [2**31 + 2, 2**32 + 4, MAX_SCORE - 15, MAX_SCORE - 5, MAX_SCORE],
)
def test_large_scores_are_kept_alike(score: int) -> None:
    """Scores past 2**31 (a 32-bit long on Windows) and at the score limit: the C core
    keeps 64 bits, and both stop at MAX_SCORE, in a move, its undo and a batch."""
    deal = yukon.deal("YU1-C-AAAAAAB")
    state = State.from_layout(
        [
            [str(c) for c in column.face_down + column.face_up]
            for column in deal.columns
        ],
        hidden=[column.hidden for column in deal.columns],
        score=score,
    )
    flip = Move.parse("6D>7")
    for move in (flip, Move.parse("QH>4")):  # a flip; none
        after = twins.alike(
            partial(state.apply, move), "scoring: where a score stops", same=twins.whole
        )
        assert after.score == min(score + 5 * (move == flip), MAX_SCORE)
        _same_undo(state, move, "scoring at the limit")

    def batched() -> int:
        batch = Batch([state])
        batch.try_step([flip.key], reward="score")
        return batch.states()[0].score

    assert twins.alike(batched, "a batch's score") == min(score + 5, MAX_SCORE)


# -- the batch -------------------------------------------------------------------------


def _states(count: int, seed: int) -> list[State]:
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        state = yukon.deal(GameCode(rnd.randrange(10_000), rnd.choice(list(Rules))))
        for _ in range(rnd.randrange(0, 120)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rnd.choice(moves))
        out.append(state)
    return out


def _batch_log() -> list[object]:
    """Everything a batch answers over many rounds of steps (keys drawn from its own
    games, so twins that differ draw differently and the logs part), playouts and
    steps that return cards and refuse keys."""
    batch = Batch(_states(16, 5))
    rnd = random.Random(5)
    log: list[object] = []

    def keys(home_first: bool, wild: float) -> list[int]:
        out = []
        for state in batch.states():
            legal = state.legal_moves()
            home = [  # back from a foundation
                m for m in legal if m.card.rank <= state.foundations[m.card.suit]
            ]
            pick = home if home_first and home else legal
            out.append(
                rnd.choice(pick).key
                if pick and rnd.random() >= wild
                else rnd.randrange(ACTION_COUNT)
            )
        return out

    for round_ in range(30):
        log.append(("masks", round_, bytes(batch.legal_masks())))
        for perfect in (False, True):
            log.append(("seen", round_, bytes(batch.observations(perfect=perfect))))
        if round_ % 3 == 2:  # now and then keys no game can play: refused alike
            wild = [rnd.randrange(ACTION_COUNT) for _ in range(len(batch))]
            log.append(
                (
                    "refused",
                    round_,
                    twins.refusal(twins.raised(partial(batch.step, wild))()),
                )
            )
            stepped = batch.try_step(wild, reward="score" if round_ % 2 else "progress")
        else:
            rewards, done = batch.step(keys(False, 0.0))
            log.append(("step", round_, list(rewards), done))
            continue
        log.append(("try", round_, list(stepped.rewards), *stepped[1:]))
        log.append(("states", round_, [twins.whole(s) for s in batch.states()]))
    log.append(("playouts", list(batch.random_playouts(300, 77))))
    log.append(("states", [twins.whole(s) for s in batch.states()]))
    for round_ in range(60):  # the views a step gives, returns and refusals included
        stepped = batch.try_step(keys(True, 0.1))
        log.append(("views", round_, list(stepped.rewards), *stepped[1:]))
    log.append(("end", [twins.whole(s) for s in batch.states()]))
    return log


def test_a_batch_answers_alike() -> None:
    """Every answer of a batch: masks, observations, steps, refusals, the views a step
    gives, random playouts and the games' positions."""
    log = twins.on_each(_batch_log)
    python = log["python"]
    for name, got in log.items():
        for mine, theirs in zip(got, python, strict=True):
            assert mine == theirs, f"{name} twin, {mine!r:.200}"


@settings(max_examples=20, deadline=None)
@given(positions(max_steps=60), st.integers(1, 6), st.integers(0, 400), st.integers())
def test_random_playouts_are_alike(
    state: State, games: int, most: int, seed: int
) -> None:
    seed %= 2**64

    def played() -> tuple[object, ...]:
        batch = Batch([state] * games)
        counts = list(batch.random_playouts(most, seed))
        return (counts, [twins.whole(s) for s in batch.states()])

    twins.alike(played, "random playouts: the same draws, the same games")


# -- the solver and the hint ----------------------------------------------------------


def same_solutions(state: State, max_nodes: int) -> yukon.Solution:
    """``yukon.solve`` on each twin: everything but the time must match."""
    return twins.alike(
        lambda: yukon.solve(state, max_nodes=max_nodes),
        f"the solution of {state.to_text()}",
        same=lambda s: (s.verdict, s.nodes, s.moves),
    )


def test_constructed_positions_are_solved_alike() -> None:
    for rules in Rules:
        assert same_solutions(lost(rules), 10_000).verdict is Verdict.LOST
    assert same_solutions(return_wins(), 10_000).verdict is Verdict.WON


@pytest.mark.parametrize(
    "code", ["YU1-C-AAAAAAB", "YU1-C-AAAAAAC", "YU1-R-AAAAAAD", *_LOST_BY_SEARCH]
)
def test_deals_are_solved_alike_position_for_position(code: str) -> None:
    solution = same_solutions(yukon.deal(code), 20_000)
    if solution.verdict is Verdict.WON:
        assert replays_to_a_win(yukon.deal(code), solution.moves)


@settings(max_examples=40, suppress_health_check=[HealthCheck.filter_too_much])
@given(_small_endings())
def test_small_endings_are_solved_alike(state: State) -> None:
    """Endgames with returns from the foundations, empty columns and both rule sets."""
    same_solutions(state, 3_000)


@pytest.mark.no_cover  # slow under coverage; what it runs is covered elsewhere
@settings(max_examples=25)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_deals_are_solved_alike(number: int, rules: Rules) -> None:
    solution = same_solutions(yukon.deal(GameCode(number, rules)), 3_000)
    if solution.verdict is Verdict.WON:
        assert replays_to_a_win(yukon.deal(GameCode(number, rules)), solution.moves)


def _hint(state: State) -> Move | None:
    return yukon.hint_move(state, rng=random.Random(3), samples=3, max_nodes=500)


@pytest.mark.no_cover  # the Python twin's hint is minutes under coverage; covered elsewhere
@pytest.mark.parametrize("code", ["YU1-C-AAAAAAB", "YU1-R-AAAAAAD", "YU1-C-AAAAAJV"])
def test_hints_are_alike(code: str) -> None:
    """The hint deals guesses of the face-down cards and searches each: the same
    guesses (a seeded generator) give the same move on each twin."""
    state = yukon.deal(code)
    for _ in range(2):
        move = twins.alike(
            partial(_hint, state),
            f"the hint at {state.to_text()}",
        )
        if move is None:
            break
        state = state.apply(move)


# -- the registry ----------------------------------------------------------------------


def test_the_python_twin_runs_no_c() -> None:
    """A block run on the Python twin has none of the compiled pieces bound anywhere
    in the package: one left bound would make the comparisons above compare C with C
    (a module that bound a piece by name without the registry knowing fails here)."""
    assert twins.compiled_strays() == []
