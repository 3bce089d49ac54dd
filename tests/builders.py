"""Hand-built positions for the app's specific cases."""

from __future__ import annotations

import attrs
import pytest

import yukon
from yukon import Card, Rules, State, Suit, _solver


def position(
    columns: dict[int, str],
    *,
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
    rules: Rules = Rules.CLASSIC,
    filler: int = 6,
    score: int | None = None,
) -> State:
    """A position from column texts such as ``"[9S 4H] 8D"`` (brackets: face down).

    Column numbers are 1-7, as players count. Cards named nowhere (and not on the
    foundations) go face down at the bottom of column ``filler`` (its last card face up if
    nothing else lies there), so that every position holds all 52 cards.
    """
    cols: list[list[Card]] = [[] for _ in range(7)]
    hidden = [0] * 7
    for number, text in columns.items():
        words = text.split()
        for word in words:
            cols[number - 1].append(Card.parse(word.strip("[]")))
            if word.startswith("["):
                hidden[number - 1] = -1
            if hidden[number - 1] == -1 and word.endswith("]"):
                hidden[number - 1] = len(cols[number - 1])
    used = {card for col in cols for card in col}
    used |= {Card(r, s) for s in Suit for r in range(1, foundations[s] + 1)}
    rest = [c for c in (Card.from_index(i) for i in range(52)) if c not in used]
    cols[filler - 1][:0] = rest
    hidden[filler - 1] += len(rest)
    if cols[filler - 1] and hidden[filler - 1] == len(cols[filler - 1]):  # last face up
        hidden[filler - 1] -= 1
    if score is None:  # the least a position with these foundations can score
        score = 10 * sum(foundations)
    return yukon.State.from_layout(
        cols, hidden=hidden, foundations=foundations, rules=rules, score=score
    )


def m(text: str) -> yukon.Move:
    return yukon.Move.parse(text)


def tuned(monkeypatch: pytest.MonkeyPatch, **changes: int) -> None:
    """The solver's :class:`~yukon._solver.Tuning` with ``changes``, for one test."""
    monkeypatch.setattr(_solver, "TUNING", attrs.evolve(_solver.TUNING, **changes))


def flip_reachable(state: yukon.State, most: int | None = None) -> bool | None:
    """Whether any line of moves, none from a foundation, turns a card up: every board
    reachable without a flip is searched (the tests' own oracle for the hint's "no card
    can be turned up"); ``None`` when more than ``most`` boards were searched first."""
    seen = {state.to_text()}
    stack = [state]
    while stack:
        here = stack.pop()
        for move in here.legal_moves():
            if here.locate(move.card).pile.kind == "foundation":
                continue
            after = here.apply(move)
            if after.face_down_count < here.face_down_count:
                return True
            if after.to_text() not in seen:
                seen.add(after.to_text())
                stack.append(after)
        if most is not None and len(seen) > most:
            return None
    return False
