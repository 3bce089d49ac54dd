"""A game: a position plus what a player sees around it, the move counter and undo.

The app keeps the last 100 moves for undo. Undo restores the position, face-down cards
and score included (they are all part of the :class:`~yukon.State`), but the move counter
never goes down: it counts every move the player made.
"""

from __future__ import annotations

import attrs

from ._cards import Card
from ._codes import GameCode
from ._errors import IllegalMove, NothingToUndo
from ._moves import Move
from ._refusals import Refusal, RefusalCode
from ._state import State, _to_card

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

    # -- what a frontend does ----------------------------------------------------------

    @property
    def info(self) -> InfoBar:
        """The info bar's data: score, move counter, game code. (The time is the
        frontend's to keep: the library never reads the clock.)"""
        return InfoBar(self.score, self._moves, self._code)

    def attempt(self, move: Move | str) -> Outcome:
        """Play ``move`` if the rules allow it; never raises for an illegal move. A drag
        and drop is ``game.attempt(Move(card, column))``."""
        if not isinstance(move, Move):
            move = Move.parse(move)
        try:
            return Outcome(self.play(move), move, None)
        except IllegalMove as refused:
            return Outcome(self, None, refused.refusal)

    def tap(self, card: Card | str) -> Outcome:
        """A tap on ``card``: to its foundation if it can go, else the refusal saying
        why not (the game unchanged)."""
        card = _to_card(card)
        move = self._state.tap(card)
        if move is None:
            return Outcome(self, None, self._state.check(Move.to_foundation(card)))
        return Outcome(self.play(move), move, None)

    def double_tap(self, card: Card | str) -> Outcome:
        """A double tap on ``card`` (see :meth:`State.double_tap`); when it finds no
        place, the refusal is the card's own (face down, not in play) or ``NO_PLACE``."""
        card = _to_card(card)
        return self._placed(card, self._state.double_tap(card))

    def auto_place(self, card: Card | str) -> Outcome:
        """The drop of a group dragged from ``card`` with auto placement on (see
        :meth:`State.auto_place`); refusals as for :meth:`double_tap`."""
        card = _to_card(card)
        return self._placed(card, self._state.auto_place(card))

    def _placed(self, card: Card, move: Move | None) -> Outcome:
        if move is not None:
            return Outcome(self.play(move), move, None)
        carrier = Move.to_foundation(card)
        refusal = self._state.check(carrier)
        if refusal is None or refusal.code not in _PICK_UP_REFUSALS:
            refusal = Refusal(RefusalCode.NO_PLACE, carrier)
        return Outcome(self, None, refusal)

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
_PICK_UP_REFUSALS = (RefusalCode.FACE_DOWN, RefusalCode.NOT_IN_PLAY)


@attrs.frozen
class InfoBar:
    """What the app's info bar shows, less the time (the frontend's clock)."""

    score: int
    moves: int
    code: GameCode


@attrs.frozen
class Outcome:
    """What a frontend action did: the game after it, and the move played or the refusal.

    Exactly one of :attr:`move` and :attr:`refusal` is set. When nothing was played,
    :attr:`game` is the game the action was asked of, unchanged.
    """

    game: Game
    move: Move | None
    refusal: Refusal | None

    @property
    def played(self) -> bool:
        """Whether a move was played."""
        return self.move is not None


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
