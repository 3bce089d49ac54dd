"""A game: a position plus what a player sees around it, the move counter and undo.

The app keeps the last 100 moves for undo. Undo restores the position, face-down cards
and score included (they are all part of the :class:`~yukon.State`), but the move counter
never goes down: it counts every move the player made.
"""

from __future__ import annotations

import attrs

from ._codes import GameCode
from ._errors import NothingToUndo
from ._moves import Move
from ._state import State

UNDO_LIMIT = 100
"""How many of the most recent moves can be undone; older ones are forgotten."""


def _to_code(value: GameCode | str) -> GameCode:
    return value if isinstance(value, GameCode) else GameCode.parse(value)


@attrs.frozen(repr=False)
class Game:
    """One game from its deal: current position, move counter and undo history.

    Each step returns a new :class:`Game`; the old one stays valid, so a frontend can keep
    any earlier game object around. The history holds references to earlier positions,
    which share their unchanged columns, not copies.
    """

    code: GameCode = attrs.field(converter=_to_code)
    """The game code this game was dealt from."""
    state: State
    """The current position."""
    moves: int = 0
    """The move counter: every move played, undone or not. Undo never lowers it."""
    history: tuple[tuple[State, Move], ...] = ()
    """The undoable moves, oldest first: the position before each and the move played."""

    @classmethod
    def new(cls, code: GameCode | str) -> Game:
        """A fresh game of ``code``: the deal, no moves, score 0."""
        code = _to_code(code)
        return cls(code, State.deal(code))

    @property
    def score(self) -> int:
        """The current score (the position's)."""
        return self.state.score

    @property
    def is_won(self) -> bool:
        """Whether all 52 cards are on the foundations."""
        return self.state.is_won

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a move to take back."""
        return bool(self.history)

    @property
    def last_move(self) -> Move | None:
        """The most recent move that can still be undone."""
        return self.history[-1][1] if self.history else None

    def play(self, move: Move | str) -> Game:
        """The game after ``move`` (a :class:`Move` or move text such as ``"8S>5"``).

        Raises :class:`~yukon.IllegalMove` (or :class:`~yukon.InvalidMove` for bad text)
        and leaves this game as it was.
        """
        if not isinstance(move, Move):
            move = Move.parse(move)
        after = self.state.apply(move)
        history = self.history
        if len(history) >= UNDO_LIMIT:
            history = history[len(history) - UNDO_LIMIT + 1 :]
        return Game(self.code, after, self.moves + 1, (*history, (self.state, move)))

    def undo(self) -> Game:
        """The game with the last move taken back; the move counter stays as it is."""
        if not self.history:
            raise NothingToUndo(
                "there is no move to undo"
                + (" (only the last 100 moves can be undone)" if self.moves else "")
            )
        before, _ = self.history[-1]
        return Game(self.code, before, self.moves, self.history[:-1])

    def __repr__(self) -> str:
        return f"<Game {self.code} moves={self.moves} score={self.score}>"
