"""A small depth-first search that plays deals out to a win, for the scoring tests.

It only uses the public API. It never returns a card from a foundation (so the wins it
finds are clean) and it does not peek at anything a test could check it against: the
score is whatever the engine says at the end.
"""

from __future__ import annotations

from yukon import Move, Rules, State


def _ordered(state: State) -> list[Move]:
    """Legal moves except foundation returns, most promising first: foundation moves,
    then moves that turn a card up, then other moves; cards that already lie on a card
    they fit, and Kings leaving a column's base, last."""
    relaxed = state.rules is Rules.RELAXED
    place = {}
    for column in state.columns:
        for position, card in enumerate(column.cards):
            under = column.cards[position - 1] if position > column.hidden else None
            settled = (
                under is not None
                and under.rank == card.rank + 1
                and (relaxed or under.is_red != card.is_red)
            )
            place[card] = (position - column.hidden, column.hidden, settled)
    ranked = []
    for move in state.legal_moves():
        if move.card not in place:
            continue  # a foundation return
        above_hidden, hidden, settled = place[move.card]
        if move.column is None:
            rank = 0
        elif above_hidden == 0 and hidden:
            rank = 1
        elif above_hidden == 0:
            rank = 9  # a King at a column's base moving to another empty column
        elif settled:
            rank = 8  # it already lies on a card it fits: moving it rarely helps
        else:
            rank = 2
        ranked.append((rank, move))
    ranked.sort(key=lambda pair: pair[0])
    return [move for _, move in ranked]


def win(state: State, max_nodes: int = 20_000) -> list[Move] | None:
    """A winning line of moves from ``state`` without foundation returns, if found."""
    seen: set[State] = set()
    line: list[Move] = []
    nodes = 0

    def search(state: State) -> bool:
        nonlocal nodes
        if state.is_won:
            return True
        nodes += 1
        if nodes > max_nodes or state in seen:
            return False
        seen.add(state)
        for move in _ordered(state):
            line.append(move)
            if search(state.apply(move)):
                return True
            line.pop()
        return False

    return line if search(state) else None
