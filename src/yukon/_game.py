"""A game: a position plus what a player sees around it, the move counter and undo.

The app keeps the last 100 moves for undo. Undo restores the position, face-down cards
and score included (they are all part of the :class:`~yukon.State`), but the move counter
never goes down: it counts every move the player made.
"""

from __future__ import annotations

from ._codes import GameCode
from ._errors import NothingToUndo
from ._moves import Move
from ._state import State

UNDO_LIMIT = 100
"""How many of the most recent moves can be undone; older ones are forgotten."""


def _to_code(value: GameCode | str) -> GameCode:
    return value if isinstance(value, GameCode) else GameCode.parse(value)


class Game:
    """One game from its deal: current position, move counter and undo history.

    Each step returns a new :class:`Game`; the old one stays valid, so a frontend can keep
    any earlier game object around. Games are immutable values: equal when code, position,
    counter and history are. The history holds references to earlier positions, which
    share their unchanged columns, not copies.
    """

    __slots__ = ("_code", "_history", "_moves", "_state")

    _code: GameCode
    _state: State
    _moves: int
    _history: tuple[tuple[State, Move], ...]

    def __init__(self, code: GameCode | str) -> None:
        """A fresh game of ``code``, as :meth:`new`."""
        self._code = _to_code(code)
        self._state = State.deal(self._code)
        self._moves = 0
        self._history = ()

    @classmethod
    def new(cls, code: GameCode | str) -> Game:
        """A fresh game of ``code``: the deal, no moves, score 0."""
        return cls(code)

    @property
    def code(self) -> GameCode:
        """The game code this game was dealt from."""
        return self._code

    @property
    def state(self) -> State:
        """The current position."""
        return self._state

    @property
    def moves(self) -> int:
        """The move counter: every move played, undone or not. Undo never lowers it."""
        return self._moves

    @property
    def history(self) -> tuple[tuple[State, Move], ...]:
        """The undoable moves, oldest first: the position before each and the move."""
        return self._history

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
        state = self._state
        after = state.apply(move)
        history = self._history
        if len(history) >= UNDO_LIMIT:
            history = history[len(history) - UNDO_LIMIT + 1 :]
        return _game(self._code, after, self._moves + 1, (*history, (state, move)))

    def undo(self) -> Game:
        """The game with the last move taken back; the move counter stays as it is."""
        if not self.history:
            raise NothingToUndo(
                "there is no move to undo"
                + (" (only the last 100 moves can be undone)" if self.moves else "")
            )
        before, _ = self._history[-1]
        return _game(self._code, before, self._moves, self._history[:-1])

    def _key(self) -> tuple[object, ...]:
        return (self._code, self._state, self._moves, self._history)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        return (_game, self._key())

    def __repr__(self) -> str:
        return f"<Game {self.code} moves={self.moves} score={self.score}>"


_new = object.__new__


def _game(
    code: GameCode, state: State, moves: int, history: tuple[tuple[State, Move], ...]
) -> Game:
    """A game from parts already known to be right (the fast path of play and undo)."""
    game = _new(Game)
    game._code = code
    game._state = state
    game._moves = moves
    game._history = history
    return game
