"""What a move does, as data: which cards travel from which pile to which, which card
turns over, and what the score does. A frontend animates a :class:`Change` instead of
working it out by comparing two positions, and animates an undo from
:meth:`Change.inverse`.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ._arguments import instance, quote
from ._cards import CARDS, Card, Suit, as_suit
from ._moves import FOUNDATION, Move
from ._rules import ON_FOUNDATION, Position, is_won, next_home, turns_up
from ._scoring import move_points, scored
from ._values import built_once, checked_pickles
from .views import ChangeView, ColumnView, PileView, PlaceView, StateView, TurnView

_COLUMNS = 7
_SUIT_NAMES: tuple[Literal["spades", "hearts", "diamonds", "clubs"], ...] = (
    "spades",
    "hearts",
    "diamonds",
    "clubs",
)


@checked_pickles
@attrs.frozen
@built_once
class Pile:
    """A place cards lie in: one of the seven columns, or one suit's foundation."""

    kind: Literal["column", "foundation"]
    index: int
    """The column, 0-6, or the foundation's suit, 0-3 (spades, hearts, diamonds,
    clubs)."""

    def __attrs_post_init__(self) -> None:
        kind, index = self.kind, self.index
        if kind != "column" and kind != "foundation":  # not `in`: 0 == False
            raise ValueError(
                f"kind must be 'column' or 'foundation', not {quote(kind)}"
            )
        if type(index) is not int:
            raise TypeError(f"index must be a whole number, not {type(index).__name__}")
        if not 0 <= index < (_COLUMNS if kind == "column" else 4):
            what = "a column, 0 to 6" if kind == "column" else "a suit, 0 to 3"
            raise ValueError(f"index must be {what}, not {quote(index)}")

    @classmethod
    def column(cls, index: int) -> Pile:
        """Column ``index`` (0-6, left to right)."""
        instance("index", index, int, "a column number from 0 to 6")
        if not 0 <= index < _COLUMNS:
            raise ValueError(
                f"index must be a column number from 0 to 6, not {quote(index)}"
            )
        return cls("column", index)

    @classmethod
    def foundation(cls, suit: Suit | int) -> Pile:
        """The foundation of ``suit`` (a :class:`Suit` or 0-3)."""
        return cls("foundation", int(as_suit(suit)))

    @property
    def is_foundation(self) -> bool:
        """Whether this is a foundation (else a column)."""
        return self.kind == "foundation"

    def to_dict(self) -> PileView:
        """``{"column": 4}`` or ``{"foundation": "hearts"}``."""
        if self.kind == "foundation":
            return {"foundation": _SUIT_NAMES[self.index]}
        return {"column": self.index}

    def _place(self, index: int) -> PlaceView:
        if self.kind == "foundation":
            return {"foundation": _SUIT_NAMES[self.index], "index": index}
        return {"column": self.index, "index": index}

    def __str__(self) -> str:
        if self.kind == "foundation":
            return f"the {Suit(self.index).name.lower()} foundation"
        return f"column {self.index + 1}"


@checked_pickles
@attrs.frozen
@built_once
class Turn:
    """A card turning over in place: face up after a move, face down again on its undo."""

    card: Card
    pile: Pile
    index: int
    """Where the card lies in its column, counted from the bottom (0)."""
    face_up: bool
    """``True`` when the card turns face up, ``False`` when it turns face down."""

    def __attrs_post_init__(self) -> None:
        instance("card", self.card, Card, "a Card")
        instance("pile", self.pile, Pile, "a Pile")
        _place_index("index", self.index)
        instance("face_up", self.face_up, bool, "True or False")

    def to_dict(self, *, hide_face_down: bool = True) -> TurnView:
        """The turn as JSON-ready data; a card turning face down is not named
        (``"card": null``): after it, a player no longer sees it. ``hide_face_down=False``
        names it."""
        instance("hide_face_down", hide_face_down, bool, "True or False")
        hidden = hide_face_down and not self.face_up
        return {
            "card": None if hidden else str(self.card),
            "pile": self.pile.to_dict(),
            "index": self.index,
            "face_up": self.face_up,
        }


@checked_pickles
@attrs.frozen
@built_once
class Change:
    """What one move does to a position (or, from :meth:`inverse`, its undo).

    ``cards`` travel together, bottom card first, from ``source`` (the bottom card at
    ``source_index``, counted from the bottom of the pile) to ``destination`` (the bottom
    card then at ``destination_index``); then ``turn``, if any, turns a card over; the
    score changes by ``score_delta``.
    """

    move: Move
    """The move; for an :meth:`inverse`, the move being taken back."""
    cards: tuple[Card, ...]
    source: Pile
    source_index: int
    destination: Pile
    destination_index: int
    turn: Turn | None
    """The card the move turns face up (or its undo turns face down), if any."""
    score_delta: int
    is_return: bool
    """Whether the cards come back from a foundation (or, undone, go back there)."""
    is_undo: bool = False
    """Whether this describes taking the move back (see :meth:`inverse`)."""

    def __attrs_post_init__(self) -> None:
        instance("move", self.move, Move, "a Move")
        cards = instance("cards", self.cards, tuple, "a tuple of Cards")
        if not cards or not all(isinstance(card, Card) for card in cards):
            raise TypeError("cards must be a tuple of one Card or more")
        instance("source", self.source, Pile, "a Pile")
        _place_index("source_index", self.source_index)
        instance("destination", self.destination, Pile, "a Pile")
        _place_index("destination_index", self.destination_index)
        if self.turn is not None:
            instance("turn", self.turn, Turn, "a Turn or None")
        if type(self.score_delta) is not int:
            raise TypeError(
                f"score_delta must be a whole number, not {type(self.score_delta).__name__}"
            )
        instance("is_return", self.is_return, bool, "True or False")
        instance("is_undo", self.is_undo, bool, "True or False")

    @property
    def flipped(self) -> Card | None:
        """The card turned face up by the move, ``None`` when none is."""
        return self.turn.card if self.turn is not None and self.turn.face_up else None

    def inverse(self) -> Change:
        """The undo of this change: the same cards travel back, the turned card turns
        over again, and the score goes back."""
        turn = self.turn
        return Change(
            self.move,
            self.cards,
            self.destination,
            self.destination_index,
            self.source,
            self.source_index,
            None if turn is None else attrs.evolve(turn, face_up=not turn.face_up),
            -self.score_delta,
            self.is_return,
            not self.is_undo,
        )

    def to_dict(self, *, hide_face_down: bool = True) -> ChangeView:
        """The change as JSON-ready data (the schema ``yukon.schema("change")``). An
        undo's card turning face down again is not named, so a client that only ever
        sees what a player sees can take it; ``hide_face_down=False`` names it."""
        instance("hide_face_down", hide_face_down, bool, "True or False")
        return {
            "format": "yukon.change",
            "version": 1,
            "move": str(self.move),
            "cards": [str(card) for card in self.cards],
            "source": self.source._place(self.source_index),
            "destination": self.destination._place(self.destination_index),
            "turn": None
            if self.turn is None
            else self.turn.to_dict(hide_face_down=hide_face_down),
            "score_delta": self.score_delta,
            "is_return": self.is_return,
            "is_undo": self.is_undo,
        }


def _place_index(name: str, value: object) -> None:
    """A card's place in a pile, counted from its bottom: 0 to 51."""
    if type(value) is not int:
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if not 0 <= value < len(CARDS):
        raise ValueError(f"{name} must be from 0 to 51, not {quote(value)}")


def describe(p: Position, move: Move) -> Change:
    """The change ``move`` makes in ``p``, which must allow it."""
    c = move.key >> 3
    dest = move.key & 7
    suit = c // 13
    at = p.where[c]
    turn = None
    flip = False
    if at == ON_FOUNDATION:
        source = Pile("foundation", suit)
        source_index = c % 13
        cards: tuple[int, ...] = (c,)
    else:
        col = p.cols[at]
        pos = col.index(c)
        source = Pile("column", at)
        source_index = pos
        cards = tuple(col[pos:])
        flip = turns_up(p.hidden, at, pos)
        if flip:
            turn = Turn(CARDS[col[pos - 1]], source, pos - 1, True)
    if dest == FOUNDATION:
        destination = Pile("foundation", suit)
        destination_index = c % 13
    else:
        destination = Pile("column", dest)
        destination_index = len(p.cols[dest])
    return Change(
        move,
        tuple(CARDS[x] for x in cards),
        source,
        source_index,
        destination,
        destination_index,
        turn,
        scored(p.score, move_points(dest == FOUNDATION, flip)) - p.score,
        at == ON_FOUNDATION,
    )


@attrs.frozen
@built_once
class Location:
    """Where a card lies: its pile, its place there counted from the bottom (0), and
    whether it is face up."""

    pile: Pile
    index: int
    face_up: bool


def locate(p: Position, card: int) -> Location:
    """Where card ``card`` lies in ``p``."""
    at = p.where[card]
    if at == ON_FOUNDATION:
        return Location(Pile("foundation", card // 13), card % 13, True)
    column = at & 7
    return Location(Pile("column", column), p.cols[column].index(card), at < 8)


def view(p: Position, *, hide_face_down: bool) -> StateView:
    """A position as JSON-ready data (the schema ``yukon.schema("state")``)."""
    columns: list[ColumnView] = []
    for col, down in zip(p.cols, p.hidden, strict=True):
        column: ColumnView = {
            "hidden": down,
            "face_up": [str(CARDS[c]) for c in col[down:]],
        }
        if not hide_face_down:
            column["face_down"] = [str(CARDS[c]) for c in col[:down]]
        columns.append(column)
    return {
        "format": "yukon.state",
        "version": 1,
        "rules": "relaxed" if p.relaxed else "classic",
        "score": p.score,
        "won": is_won(p.found),
        "foundations": [
            {
                "suit": _SUIT_NAMES[suit],
                "count": count,
                "top": str(CARDS[next_home(p.found, suit) - 1]) if count else None,
            }
            for suit, count in zip(Suit, p.found, strict=True)
        ],
        "columns": columns,
    }
