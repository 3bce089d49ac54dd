"""A deliberately plain restatement of the rules, for checking the engine against.

It reads only the public view of a position (columns of Card objects, face-down counts,
foundation counts) and tries every (card, destination) pair the slow, obvious way. It
shares no code with the engine's move generation or apply.
"""

from __future__ import annotations

from collections.abc import Iterator

import yukon
from yukon import Card, Move, State, Suit

ALL_CARDS = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]
ALL_MOVES = [Move(card, dest) for card in ALL_CARDS for dest in [None, *range(7)]]


def where(state: State, card: Card) -> tuple[str, int, int]:
    """('column', column index, position) or ('foundation', suit, position)."""
    for i, column in enumerate(state.columns):
        if card in column.cards:
            return ("column", i, column.cards.index(card))
    return ("foundation", card.suit, card.rank - 1)


def is_legal(state: State, move: Move) -> bool:
    card = move.card
    place, index, position = where(state, card)
    if place == "foundation":
        if state.foundations[index] != card.rank:  # not the top card
            return False
        group = [card]
        source = -1
    else:
        column = state.columns[index]
        if position < column.hidden:
            return False
        group = list(column.cards[position:])
        source = index
    if move.column is None:
        return (
            place == "column"
            and len(group) == 1
            and state.foundations[card.suit] == card.rank - 1
        )
    if move.column == source or len(group) > 20:
        return False
    target = state.columns[move.column]
    if not target.cards:
        return card.rank == 13
    top = target.cards[-1]
    if top.rank != card.rank + 1:
        return False
    return state.rules is yukon.Rules.RELAXED or top.is_red != card.is_red


def legal_moves(state: State) -> set[Move]:
    return {move for move in ALL_MOVES if is_legal(state, move)}


def expected_after(
    state: State, move: Move
) -> tuple[list[list[Card]], list[int], list[int], int]:
    """Columns, face-down counts, foundations and score after a legal move."""
    columns = [list(c.cards) for c in state.columns]
    hidden = [c.hidden for c in state.columns]
    foundations = list(state.foundations)
    score = state.score
    place, index, position = where(state, move.card)
    if place == "foundation":
        foundations[index] -= 1
        group = [move.card]
    else:
        group = columns[index][position:]
        del columns[index][position:]
        if columns[index] and hidden[index] == len(columns[index]):
            hidden[index] -= 1
            score += 5
    if move.column is None:
        foundations[move.card.suit] += 1
        score += 10
    else:
        columns[move.column].extend(group)
    return columns, hidden, foundations, score


def perft(state: State, depth: int) -> int:
    """How many move sequences of exactly ``depth`` moves start here (reference rules)."""
    if depth == 0:
        return 1
    return sum(
        perft(after, depth - 1)
        for after in (
            State.from_layout(
                cols, hidden=hid, foundations=found, rules=state.rules, score=score
            )
            for cols, hid, found, score in (
                expected_after(state, m) for m in legal_moves(state)
            )
        )
    )


def random_line(state: State, choices: Iterator[int], steps: int) -> list[State]:
    """Positions along a line of legal moves picked by ``choices`` (engine's moves)."""
    line = [state]
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[next(choices) % len(moves)])
        line.append(state)
    return line


def assert_invariants(state: State) -> None:
    """What every position promises: each card exactly once, face-down cards only under
    face-up ones, the last card of a column face up, a score the scoring can make."""
    cards = [card for column in state.columns for card in column.cards]
    cards += [
        Card(rank, suit)
        for suit in Suit
        for rank in range(1, state.foundations[suit] + 1)
    ]
    assert len(cards) == 52 and len(set(cards)) == 52
    for column in state.columns:
        assert 0 <= column.hidden < max(len(column.cards), 1)
    assert state.score % 5 == 0 and state.score >= 10 * sum(state.foundations)


def _layout_key(state: State) -> str:
    return state.to_text().split(" ", 2)[2]  # everything but rule and score


def winnable(state: State, limit: int = 20_000) -> bool | None:
    """Whether any line of legal moves (by the reference rules) wins from ``state``:
    breadth-first over every reachable position. ``None`` if more than ``limit``
    positions are reachable (too many to enumerate)."""
    seen = {_layout_key(state)}
    frontier = [state]
    while frontier:
        following = []
        for position in frontier:
            if position.is_won:
                return True
            for move in legal_moves(position):
                cols, hid, found, score = expected_after(position, move)
                after = State.from_layout(
                    cols,
                    hidden=hid,
                    foundations=found,
                    rules=position.rules,
                    score=score,
                )
                key = _layout_key(after)
                if key not in seen:
                    seen.add(key)
                    following.append(after)
                    if len(seen) > limit:
                        return None
        frontier = following
    return False
