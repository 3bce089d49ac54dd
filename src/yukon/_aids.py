"""The app's aids: tap, double tap, auto placement and placement help.

Each aid is a policy over a position's legal moves, stated here once so that no frontend
has to restate a rule. This module knows positions only through :class:`Board`, the
few questions it asks of them; :class:`~yukon.State` answers them and offers the aids as
methods.

The policies (SPEC part 2):

- **Tap** sends the card to its foundation when it is the last card of its column and
  its foundation takes it; otherwise nothing.
- **Double tap** does what a tap does if it can; otherwise it places the card, with every
  card on it, on the legal destination column holding the most cards (face-down ones
  count), the leftmost on a tie; a King with nowhere better goes to the leftmost empty
  column. Only cards in columns are double-tapped: a foundation's top card comes back
  only by dragging.
- **Auto placement** is the drop of a dragged group: the same choice of column, never
  the foundations. It applies to a foundation's top card too, since that can be dragged.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence, Sized
from typing import Any, Protocol

import attrs

from ._arguments import boolean, quote
from ._cards import Card
from ._moves import Move
from ._values import built_once


class AidRule(enum.Enum):
    """The refusals of the aids and of auto-finish, which are no rules of a move: the
    values of :class:`~yukon.RefusalCode`'s members of the same names, where each is
    explained (the rules of a move state theirs in ``_rules.MoveRule``)."""

    NO_PLACE = "no-place"
    RETURN_BY_DRAG = "return-by-drag"
    CARD_BACK = "card-back"
    FACE_DOWN_LEFT = "face-down-left"
    NO_WIN_LEFT = "no-win-left"
    NO_WIN_FOUND = "no-win-found"


class Board(Protocol):
    """What the aids ask of a position: the board a player sees, its legal moves and
    why a move is refused."""

    @property
    def columns(self) -> Sequence[Sized]: ...

    def legal_moves(self) -> tuple[Move, ...]: ...

    def check(self, move: Move) -> object:
        """Why ``move`` is refused; ``None`` when it is legal."""


def targets(board: Board, card: Card) -> tuple[Move, ...]:
    """Every legal move of ``card`` picked up with the cards on it: the foundation first,
    then columns left to right. Empty when the card cannot be picked up."""
    index = card.index
    return tuple(m for m in board.legal_moves() if m.key >> 3 == index)


def tap(board: Board, card: Card) -> Move | None:
    """The move of ``card`` to its foundation, when the rules allow it."""
    move = Move.home(card)
    return move if board.check(move) is None else None


def auto_place(board: Board, card: Card) -> Move | None:
    """The column a dragged group from ``card`` drops on: the legal one holding the most
    cards, leftmost on a tie (so a King with nowhere better takes the leftmost empty
    column); ``None`` when no column takes it."""
    columns = board.columns
    best: Move | None = None
    most = -1
    for move in targets(board, card):
        if move.column is not None and len(columns[move.column]) > most:
            best, most = move, len(columns[move.column])
    return best


def double_tap(board: Board, card: Card, *, in_column: bool) -> Move | None:
    """The foundation when a tap would play, else :func:`auto_place`'s column; ``None``
    for a card not in a column (``in_column`` false) or with no place."""
    if not in_column:
        return None
    return tap(board, card) or auto_place(board, card)


def _switch(default: bool) -> Any:
    """A setting that is on or off: ``True`` or ``False`` only (``"no"`` is no switch)."""
    return attrs.field(default=default, validator=_only_bool)


def _only_bool(_: object, field: attrs.Attribute[bool], value: object) -> None:
    boolean(field.name, value)


@attrs.frozen
@built_once
class Settings:
    """The app's settings and their defaults: the values a frontend should start from.
    Each is ``True`` or ``False``; anything else raises :class:`TypeError`."""

    double_click: bool = _switch(True)
    """Double tap places a card (foundation first, then the best column)."""
    placement_help: bool = _switch(True)
    """Show the possible places (:meth:`State.targets`) while dragging."""
    interactive_rules: bool = _switch(True)
    """Show the rule (:attr:`Refusal.message`) when a move is refused."""
    auto_placement: bool = _switch(False)
    """Pick the destination column (:meth:`State.auto_place`) when a group is released."""

    def replace(self, **changes: bool) -> Settings:
        """These settings with some changed: ``settings.replace(double_click=False)``.
        An unknown name raises :class:`TypeError`, as a value that is no bool does."""
        unknown = sorted(set(changes) - set(attrs.fields_dict(Settings)))
        if unknown:
            raise TypeError(f"Settings has no setting {quote(unknown[0])}")
        return attrs.evolve(self, **changes)
