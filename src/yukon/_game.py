"""A game: a position plus what a player sees around it, the move counter, undo and
redo.

The app keeps the last 100 moves for undo. Undo restores the position, face-down cards
and score included (they are all part of the :class:`~yukon.State`), but the move counter
never goes down: it counts every move the player made. Redo plays an undone move again
(and counts it); any other move forgets the moves left to redo.
"""

from __future__ import annotations

import json
import random
import types
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple, SupportsIndex

import attrs

from . import _deprecated, _notation
from ._arguments import instance, quote
from ._cards import Card
from ._changes import Change
from ._codes import GameCode
from ._errors import InvalidPosition, InvalidRecord, NothingToRedo, NothingToUndo
from ._hint import Hint
from ._implementation import CHOSEN
from ._moves import Move
from ._planner import NODES, SAMPLES, checked_budget, followed
from ._refusals import CannotFinish, IllegalMove, Refusal, RefusalCode
from ._solver import solve
from ._state import State, advance, as_card, board, step_back
from ._values import built_once
from ._verdicts import Verdict, check_budgets
from .views import GameData, RedoView, SealedView, SpotView

UNDO_LIMIT = 100
"""How many of the most recent moves can be undone; older ones are forgotten."""


def _to_code(value: GameCode | str) -> GameCode:
    return value if isinstance(value, GameCode) else GameCode.parse(value)


class _Line(NamedTuple):
    """The moves from the deal to the current position, newest first, as a linked list:
    a move or an undo costs the same however long the game, and games share their
    pasts. Each link keeps its move and a small trace of it (see
    :func:`yukon._state.trace`), from which undo works the position before the move out
    again."""

    move: Move
    trace: int
    rest: _Line | None
    """The links before this one."""
    length: int
    """Moves in the line, this one included."""
    kept: list[State | None] | None
    """Working a position out again is quick in the C core; in pure Python it costs as
    much as the move, so there the newest links also keep the position before them, in
    a box :func:`_forget` empties once undo can no longer reach it."""


_KEPT = 0 if CHOSEN.searches is not None else UNDO_LIMIT // 2
"""How many of the newest links keep the position before them: none where the C core
works positions out again, else half the undo limit (deeper undo works them out)."""


def _before(line: _Line, after: State) -> State:
    """The position before the newest move of ``line``, given the one after it."""
    kept = line.kept
    before = kept[0] if kept else None
    return step_back(after, line.move, line.trace) if before is None else before


def _forget(line: _Line) -> None:
    """Empty the boxes of the links more than ``_KEPT`` back from ``line``; run every
    ``_KEPT`` moves, so a game keeps at most ``2 * _KEPT`` positions."""
    rest: _Line | None = line
    for _ in range(_KEPT):
        if rest is None:
            return
        rest = rest.rest
    while rest is not None and rest.kept and rest.kept[0] is not None:
        rest.kept[0] = None
        rest = rest.rest


def _newest_first(line: _Line | None) -> Iterator[Move]:
    while line is not None:
        yield line.move
        line = line.rest


def _same_line(a: _Line | None, b: _Line | None) -> bool:
    """Whether two lines hold the same moves (without recursion, however long)."""
    if (a.length if a else 0) != (b.length if b else 0):
        return False
    while a is not None and b is not None and a is not b:
        if a.move != b.move:
            return False
        a, b = a.rest, b.rest
    return True


class _Origin(NamedTuple):
    """Where a game comes from, shared by all the games of its line: the game code it
    was dealt from, or the position it started from, and the frontend's notes."""

    code: GameCode | None
    start: State | None
    meta: _notation.Meta


class _Now(NamedTuple):
    """A game's parts, in one slot so that a new game costs one write."""

    origin: _Origin
    state: State
    counter: int
    """Every move played, undone or not."""
    undoable: int
    """How many of the newest moves of the line undo can take back."""
    line: _Line | None
    redo: tuple[Move, ...]
    """The moves undo took back that redo can play again, the next one first."""


class Game:
    """One game from its deal: current position, move counter and undo history.

    Each step returns a new :class:`Game`; the old one stays valid, so a frontend can keep
    any earlier game object around. Games are immutable values: equal when code, position,
    counter, line and undo history are.
    """

    __slots__ = ("_now",)

    _now: _Now

    def __init__(self, code: GameCode | str) -> None:
        """A fresh game of ``code``, as :meth:`new`."""
        if hasattr(self, "_now"):
            raise TypeError("a Game is immutable: __init__ cannot run on it again")
        code = _to_code(code)
        _SET_NOW(self, _Now(_Origin(code, None, ()), State.deal(code), 0, 0, None, ()))

    @classmethod
    def new(cls, code: GameCode | str) -> Game:
        """A fresh game of ``code``: the deal, no moves, score 0."""
        return cls(code)

    @classmethod
    def from_state(cls, state: State) -> Game:
        """A game that starts from ``state`` (a puzzle, an endgame to practise, a loaded
        position): no moves, no undo. It has no game code; its records carry the
        starting position instead, so they replay as any record does."""
        instance("state", state, State, "a State, such as yukon.deal(code) gives")
        game: Game = _new(Game)
        _SET_NOW(game, _Now(_Origin(None, state, ()), state, 0, 0, None, ()))
        return game

    @property
    def code(self) -> GameCode | None:
        """The game code this game was dealt from; ``None`` for a game started from a
        position (:meth:`from_state`)."""
        return self._now.origin.code

    @property
    def start(self) -> State:
        """The position the game started from: the deal, or the one given to
        :meth:`from_state`."""
        code, start, _ = self._now.origin
        if start is not None:
            return start
        assert code is not None
        return State.deal(code)

    @property
    def meta(self) -> Mapping[str, _notation.Scalar]:
        """A frontend's notes kept with the game, such as the clock: ``elapsed_ms``
        (the milliseconds played, by convention). They travel with the game through
        :meth:`to_record`, :meth:`to_json` and :meth:`to_dict`; the library never reads
        them."""
        return types.MappingProxyType(dict(self._now.origin.meta))

    def with_meta(self, **notes: _notation.Scalar) -> Game:
        """The game with these notes added or replaced: names of letters, digits and
        ``_``; values that are text, numbers, booleans or ``None``; at most 4 KiB as
        JSON. ``game.with_meta(elapsed_ms=61_000)``. Raises :class:`ValueError` naming
        what is wrong."""
        origin = self._now.origin
        meta = _notation.check_meta(
            {**dict(origin.meta), **notes}, ValueError, TypeError
        )
        game: Game = _new(Game)
        _SET_NOW(game, self._now._replace(origin=origin._replace(meta=meta)))
        return game

    @property
    def state(self) -> State:
        """The current position."""
        return self._now.state

    @property
    def move_count(self) -> int:
        """The move counter: every move played, undone or not. Undo never lowers it."""
        return self._now.counter

    @property
    def moves(self) -> int:
        """Deprecated: :attr:`move_count`, under the name it had until 0.2."""
        _deprecated.renamed("Game.moves", "Game.move_count")
        return self._now.counter

    @property
    def history(self) -> tuple[tuple[State, Move], ...]:
        """The undoable moves, oldest first: the position before each and the move
        (worked out by taking the moves back, when asked)."""
        steps = []
        state, undoable, line = self._now.state, self._now.undoable, self._now.line
        for _ in range(undoable):
            assert line is not None
            state = _before(line, state)
            steps.append((state, line.move))
            line = line.rest
        return tuple(reversed(steps))

    @property
    def line(self) -> tuple[Move, ...]:
        """The moves from the deal to the current position, oldest first (moves taken back
        by undo are not in it). Replaying them from the deal gives :attr:`state`."""
        line = self._now.line
        return tuple(reversed(tuple(_newest_first(line))))

    @property
    def score(self) -> int:
        """The current score (the position's)."""
        return self.state.score

    @property
    def is_won(self) -> bool:
        """Whether all 52 cards are on the foundations."""
        return self.state.is_won

    @property
    def last_change(self) -> Change | None:
        """What the newest move of :attr:`line` did: the change that made the current
        position (``None`` for a game with no move). After an undo, the move before."""
        state, line = self._now.state, self._now.line
        if line is None:
            return None
        return _before(line, state).change(line.move)

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a move to take back."""
        return self._now.undoable > 0

    @property
    def last_move(self) -> Move | None:
        """The most recent move that can still be undone."""
        undoable, line = self._now.undoable, self._now.line
        return line.move if undoable and line is not None else None

    def play(self, move: Move | str) -> Game:
        """The game after ``move`` (a :class:`Move` or move text such as ``"8S>5"``).

        Raises :class:`~yukon.IllegalMove` (or :class:`~yukon.InvalidMove` for bad text)
        and leaves this game as it was.
        """
        if not isinstance(move, Move):
            move = Move.parse(move)
        return self._advance(move, ())

    def _advance(self, move: Move, redo: tuple[Move, ...]) -> Game:
        """The game after ``move``, with ``redo`` left to play again."""
        code, state, moves, undoable, line, _ = self._now
        after, trail = advance(state, move)
        length = line.length + 1 if line else 1
        if _KEPT:
            line = _TUPLE(_Line, (move, trail, line, length, [state]))
            if not length % _KEPT:
                _forget(line)
        else:
            line = _TUPLE(_Line, (move, trail, line, length, None))
        game: Game = _new(Game)
        counted = min(undoable + 1, UNDO_LIMIT)
        if moves < _MAX_COUNTER:  # the counter stops where records stop: see below
            moves += 1
        _SET_NOW(game, _TUPLE(_Now, (code, after, moves, counted, line, redo)))
        return game

    def undo(self) -> Game:
        """The game with the last move taken back; the move counter stays as it is, and
        :meth:`redo` can play the move again."""
        code, state, moves, undoable, line, redo = self._now
        if not undoable or line is None:
            raise NothingToUndo(
                "there is no move to undo"
                + (
                    f" (only the last {UNDO_LIMIT} moves can be undone)"
                    if self.move_count
                    else ""
                )
            )
        game: Game = _new(Game)
        before = _before(line, state)
        now = (code, before, moves, undoable - 1, line.rest, (line.move, *redo))
        _SET_NOW(game, _TUPLE(_Now, now))
        return game

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` has an undone move to play again."""
        return bool(self._now.redo)

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """The moves :meth:`redo` plays again, the next one first: those undo took back
        since the last other move."""
        return self._now.redo

    def redo(self) -> Game:
        """The game with the last undone move played again; it counts as a move. Any
        move other than a redo forgets what was left to redo. Raises
        :class:`~yukon.NothingToRedo` when nothing is."""
        redo = self._now.redo
        if not redo:
            raise NothingToRedo("there is no undone move to redo")
        return self._advance(redo[0], redo[1:])

    # -- help from the solver ----------------------------------------------------------

    def hint(
        self,
        *,
        rng: random.Random | None = None,
        samples: int = SAMPLES,
        max_nodes: int = NODES,
    ) -> Hint | None:
        """The no-peeking hint (see :func:`yukon.hint`) for this game, with how sure it
        is and the rest of its plan. While the game has followed the plan made after its
        last flip, the next move of that plan (worked out again with ``rng``, so the
        same plan when ``rng`` is in the same state, as the default is: a game
        remembers no hint); else a plan made here. It never proposes a move back to a board this
        game has already had (the cards where they lay, whatever the score), so
        following hints never goes round in a circle. ``None`` when no card can be
        turned up without going back to a board (or no move is left)."""
        budget = checked_budget(samples, max_nodes)
        start, played, seen = self._since_flip()
        return followed(start, played, self.state, rng, budget, seen)

    def _since_flip(self) -> tuple[State, tuple[Move, ...], set[tuple[object, ...]]]:
        """The board after this game's last flip, the moves played since and the boards
        they passed: a flip cannot be taken back but by undo, so no board before it can
        come again."""
        state, line = self._now.state, self._now.line
        seen = {board(state)}
        moves: list[Move] = []
        while line is not None and not line.trace & 1:
            moves.append(line.move)
            state = _before(line, state)
            seen.add(board(state))
            line = line.rest
        return state, tuple(reversed(moves)), seen

    def auto_finish(self, *, max_seconds: float = 10.0) -> Game:
        """The game played to its win, once every card is face up (the solver then sees
        nothing the player does not). Raises :class:`~yukon.CannotFinish` while cards
        are face down, when no win is left, or when none is found in ``max_seconds``;
        the game it was asked of is unchanged."""
        check_budgets(None, max_seconds, None)
        state = self.state
        if not state.all_face_up:
            raise CannotFinish(
                Refusal(RefusalCode.FACE_DOWN_LEFT, None, size=state.face_down_count)
            )
        solution = solve(state, max_seconds=max_seconds)
        if solution.verdict is Verdict.LOST:
            raise CannotFinish(Refusal(RefusalCode.NO_WIN_LEFT, None))
        if solution.verdict is Verdict.UNKNOWN:
            raise CannotFinish(Refusal(RefusalCode.NO_WIN_FOUND, None))
        game = self
        for move in solution.moves:
            game = game.play(move)
        return game

    # -- records -----------------------------------------------------------------------

    def to_record(self) -> str:
        """The game as one line of text: ``yukon/1``, the game code, the moves from the
        deal, the counters when undo was used, and the moves left to redo.
        :meth:`from_record` restores it exactly, undo history, redo and move counter
        included. ::

            yukon/1 YU1-C-AAAAAAB 6C>1 5H>5 AH>F
        """
        return _notation.format_record(self._record(with_claims=False))

    def to_json(self) -> str:
        """The game as JSON: code, moves, counters, and the score and position they lead
        to (checked when loading). See :meth:`from_json`."""
        return json.dumps(self.to_dict(hide_face_down=False))

    def to_dict(self, *, hide_face_down: bool = True) -> GameData:
        """What :meth:`to_json` writes, as plain data, for an app that embeds the game
        in its own save file (schema: ``yukon.schema("game")``). By default the record
        leaves out the position it claims (``"position": null``), which names the
        face-down cards, and the moves left to redo from the first that names a card
        now face down: the code and the moves still load the same game. That is no
        secret from a player: the code is the deal (:meth:`sealed` is the view for a
        client that must not learn it). A game started from a position needs that
        position, face-down cards and all: it raises :class:`ValueError` unless
        ``hide_face_down=False``, which writes the record whole."""
        instance("hide_face_down", hide_face_down, bool, "True or False")
        data = _notation.record_json(self._record(with_claims=True))
        if hide_face_down:
            if data["start"] is not None:
                raise ValueError(
                    "a game started from a position is saved with that position, "
                    "face-down cards included: hide_face_down=True needs a game code"
                )
            data["position"] = None
            data["redo"] = [str(move) for move in self._redo_seen()]
        return data

    def _redo_seen(self) -> tuple[Move, ...]:
        """The moves left to redo up to the first whose card is face down now."""
        hidden = {card for column in self.state.columns for card in column.face_down}
        seen = []
        for move in self._now.redo:
            if move.card in hidden:
                break
            seen.append(move)
        return tuple(seen)

    def sealed(
        self, changes: Iterable[Change] = (), *, given_up: bool = False
    ) -> SealedView:
        """The game as its player sees it, for a client that must not learn a face-down
        card (schema: ``yukon.schema("sealed")``): the position with face-down cards as
        counts, score, move counter, the clock (the ``elapsed_ms`` note), how many moves
        undo and redo may take, the next redo by place, and ``changes`` (the moves just
        made). No game code, deal number or history naming a card: the code is the
        deal. It is revealed once the game is over: won, or ``given_up``.

        Raises :class:`ValueError` when a change names a card face down now (it is not
        a change of the moves just made)."""
        instance("given_up", given_up, bool, "True or False")
        state = self.state
        hidden = {str(c) for column in state.columns for c in column.face_down}
        shown = []
        for change in changes:
            instance("changes", change, Change, "Change values")
            view = change.to_dict()
            if hidden.intersection(view["cards"]) or (
                view["turn"] is not None and view["turn"]["card"] in hidden
            ):
                raise ValueError(
                    "changes must be those of the moves just made: one names a card "
                    "face down now"
                )
            shown.append(view)
        redo = self._now.redo
        next_redo: RedoView | None = None
        if redo:
            move = redo[0]
            where = state.locate(move.card)
            place: SpotView = (
                {"foundation": where.pile.index}
                if where.pile.is_foundation
                else {"column": where.pile.index, "index": where.index}
            )
            next_redo = {
                "place": place,
                "to": "foundation" if move.column is None else move.column,
            }
        clock = self._now.origin.meta
        elapsed = dict(clock).get("elapsed_ms")
        over = state.is_won or given_up
        code = self.code
        return {
            "format": "yukon.sealed",
            "version": 1,
            "state": state.to_dict(),
            "score": state.score,
            "moves": self.move_count,
            "elapsed_ms": elapsed if type(elapsed) is int and elapsed >= 0 else None,
            "undo": self._now.undoable,
            "redo": len(redo),
            "next_redo": next_redo,
            "changes": shown,
            "won": state.is_won,
            "given_up": given_up,
            "code": str(code) if over and code is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """The game :meth:`to_dict` gave, checked as :meth:`from_json` does."""
        if not isinstance(data, Mapping):
            raise TypeError(f"data must be a mapping, not {type(data).__name__}")
        return cls._replay(_notation.parse_record_json(dict(data)))

    @classmethod
    def from_record(cls, text: str) -> Game:
        """The game a record describes, every move checked against the rules.

        Raises :class:`~yukon.InvalidRecord` naming the move and the rule, or what else
        is wrong; never returns a half-loaded game.
        """
        return cls._replay(_notation.parse_record(text))

    @classmethod
    def from_json(cls, data: str | bytes) -> Game:
        """The game written by :meth:`to_json`, checked as :meth:`from_record` does, and
        its claimed score and position checked against the replay."""
        obj = _notation.load_json(data, InvalidRecord)
        return cls._replay(_notation.parse_record_json(obj))

    def _record(self, *, with_claims: bool) -> _notation.RecordData:
        line = self.line
        undoable = self._now.undoable
        plain = self.move_count == len(line) and undoable == min(len(line), UNDO_LIMIT)
        code, start, meta = self._now.origin
        return _notation.RecordData(
            code,
            line,
            None if plain and not with_claims else self.move_count,
            None if plain and not with_claims else undoable,
            self.score if with_claims else None,
            self.state.to_text() if with_claims else None,
            None if start is None else start.to_text(),
            meta,
            self._now.redo,
        )

    @classmethod
    def _replay(cls, data: _notation.RecordData) -> Game:
        if data.code is not None:
            game = cls(data.code)
        else:
            try:
                game = cls.from_state(State.from_text(str(data.start)))
            except InvalidPosition as failure:
                raise InvalidRecord(f"the starting position: {failure}") from None
        for number, move in enumerate(data.moves, 1):
            try:
                game = game.play(move)
            except IllegalMove as refused:
                raise InvalidRecord(f"move {number} ({move}): {refused}") from None
        played = len(data.moves)
        counter = played if data.counter is None else data.counter
        undoable = min(played, UNDO_LIMIT) if data.undoable is None else data.undoable
        if counter < played:
            raise InvalidRecord(
                f"the move counter {counter} is less than the {played} moves played"
            )
        if undoable > min(played, UNDO_LIMIT) or (
            min(played, UNDO_LIMIT) - undoable > counter - played
        ):
            raise InvalidRecord(
                f"undo={undoable} does not fit {played} moves and a counter of {counter}"
            )
        if data.score is not None and data.score != game.score:
            raise InvalidRecord(
                f"the record claims a score of {quote(data.score)}; its moves score "
                f"{game.score}"
            )
        if data.position is not None and data.position != game.state.to_text():
            raise InvalidRecord("the record's position is not where its moves lead")
        origin = game._now.origin._replace(meta=data.meta)
        redo = _check_redo(game.state, data.redo)
        # What play cannot make: every move left to redo was played (and counted) and
        # then undone, and undo takes back no more than UNDO_LIMIT moves in all.
        if counter < played + len(data.redo) or undoable + len(data.redo) > UNDO_LIMIT:
            raise InvalidRecord(
                f"{len(data.redo)} moves to redo do not fit {played} moves played, "
                f"undo={undoable} and a counter of {counter}"
            )
        return _game(origin, game.state, counter, undoable, game._now.line, redo)

    # -- what a frontend does ----------------------------------------------------------

    @property
    def info(self) -> InfoBar:
        """The info bar's data: score, move counter, game code. (The time is the
        frontend's to keep: the library never reads the clock.)"""
        return InfoBar(self.score, self.move_count, self.code)

    def attempt(self, move: Move | str) -> Outcome:
        """Play ``move`` if the rules allow it; never raises for an illegal move. A drag
        and drop is ``game.attempt(Move(card, column))``."""
        if not isinstance(move, Move):
            move = Move.parse(move)
        try:
            return self._played(move)
        except IllegalMove as refused:
            return Outcome(self, None, refused.refusal)

    def tap(self, card: Card | str) -> Outcome:
        """A tap on ``card``: to its foundation if it can go, else the refusal saying
        why not (the game unchanged)."""
        card = as_card(card)
        move = self.state.tap_move(card)
        if move is None:
            return Outcome(self, None, self.state.check(Move.home(card)))
        return self._played(move)

    def double_tap(self, card: Card | str) -> Outcome:
        """A double tap on ``card`` (see :meth:`State.double_tap`); when it finds no
        place, the refusal is the card's own (face down, not in play), ``RETURN_BY_DRAG``
        for a foundation's top card (it comes back only by a drag), or ``NO_PLACE``."""
        card = as_card(card)
        return self._placed(card, self.state.double_tap_move(card), tapped=True)

    def tap_at(self, column: SupportsIndex, index: SupportsIndex) -> Outcome:
        """A tap on the card at ``index`` (from the bottom, 0) of ``column`` (0-6), for
        a client that knows where cards lie but not which face-down card is which: as
        :meth:`tap` for a face-up card; for a face-down one, the refusal ``CARD_BACK``,
        which names no card. Place errors as :meth:`State.card_at`."""
        card = self.state.card_at(column, index)
        return self._card_back() if card is None else self.tap(card)

    def double_tap_at(self, column: SupportsIndex, index: SupportsIndex) -> Outcome:
        """A double tap on the card at a place, as :meth:`tap_at` is a tap."""
        card = self.state.card_at(column, index)
        return self._card_back() if card is None else self.double_tap(card)

    def _card_back(self) -> Outcome:
        return Outcome(self, None, Refusal(RefusalCode.CARD_BACK, None))

    def auto_place(self, card: Card | str) -> Outcome:
        """The drop of a group dragged from ``card`` with auto placement on (see
        :meth:`State.auto_place`); refusals as for :meth:`double_tap`."""
        card = as_card(card)
        return self._placed(card, self.state.auto_place(card))

    def _played(self, move: Move) -> Outcome:
        change = self.state.change(move)
        return Outcome(self.play(move), move, None, change)

    def _placed(
        self, card: Card, move: Move | None, *, tapped: bool = False
    ) -> Outcome:
        if move is not None:
            return self._played(move)
        carrier = Move.home(card)
        refusal = self.state.check(carrier)
        if tapped and refusal and refusal.code is RefusalCode.ALREADY_ON_FOUNDATION:
            refusal = Refusal(RefusalCode.RETURN_BY_DRAG, carrier)
        elif refusal is None or refusal.code not in _PICK_UP_REFUSALS:
            refusal = Refusal(RefusalCode.NO_PLACE, carrier)
        return Outcome(self, None, refusal)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Game is immutable; {name} cannot be set or deleted")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Game is immutable; {name} cannot be set or deleted")

    def _key(self) -> tuple[object, ...]:
        now = self._now
        return (now.origin, now.state, now.counter, now.undoable, now.redo)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or (
            self._key() == other._key() and _same_line(self._now.line, other._now.line)
        )

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        code, start, meta = self._now.origin
        return (
            _unpickle,
            (
                code,
                self.state,
                self.move_count,
                self._now.undoable,
                self.line,
                start,
                meta,
                self._now.redo,
            ),
        )

    def __repr__(self) -> str:
        origin = self.code if self.code is not None else "from a position"
        return f"<Game {origin} moves={self.move_count} score={self.score}>"


_new = object.__new__
_PICK_UP_REFUSALS = (RefusalCode.FACE_DOWN, RefusalCode.NOT_IN_PLAY)


@attrs.frozen
@built_once
class InfoBar:
    """What the app's info bar shows, less the time (the frontend's clock)."""

    score: int
    moves: int
    code: GameCode | None
    """``None`` for a game started from a position."""


@attrs.frozen
@built_once
class Outcome:
    """What a frontend action did: the game after it, and the move played or the refusal.

    Exactly one of :attr:`move` and :attr:`refusal` is set. When nothing was played,
    :attr:`game` is the game the action was asked of, unchanged.
    """

    game: Game
    move: Move | None
    refusal: Refusal | None
    change: Change | None = None
    """What the move did (see :class:`~yukon.Change`), when one was played."""

    @property
    def played(self) -> bool:
        """Whether a move was played."""
        return self.move is not None


def _game(
    origin: _Origin,
    state: State,
    moves: int,
    undoable: int,
    line: _Line | None,
    redo: tuple[Move, ...] = (),
) -> Game:
    """A game from parts already known to be right."""
    game: Game = _new(Game)
    _SET_NOW(game, _Now(origin, state, moves, undoable, line, redo))
    return game


def _check_redo(state: State, redo: tuple[Move, ...]) -> tuple[Move, ...]:
    """``redo``, checked as a record's moves are: at most :data:`UNDO_LIMIT` moves
    (undo takes back no more), each legal after the ones before it."""
    if len(redo) > UNDO_LIMIT:
        raise InvalidRecord(f"at most {UNDO_LIMIT} moves can be left to redo")
    for number, move in enumerate(redo, 1):
        try:
            state = state.apply(move)
        except IllegalMove as refused:
            raise InvalidRecord(f"redo move {number} ({move}): {refused}") from None
    return redo


_MAX_COUNTER = _notation.MAX_COUNTER
"""Where the move counter stops, as a score stops at its limit: far past any game
played, and the largest counter a record holds, so every game that play reaches
saves and loads. Refusing the move instead would make a legal move illegal for a
number the player only reads."""

_TUPLE = tuple.__new__
"""Builds a :class:`_Now` or a :class:`_Line` from a tuple of its fields, on the paths
every move takes: one C call instead of the class's generated ``__new__`` (play and undo
about a tenth faster, measured side by side)."""

_SET_NOW = vars(Game)["_now"].__set__
"""The one writer of a game's slot: games refuse attribute writes."""


def _unpickle(
    code: object,
    state: object,
    moves: object,
    undoable: object,
    line: object,
    start: object = None,
    meta: object = (),
    redo: object = (),
) -> Game:
    """A pickled game, checked as a record is: its line replayed from the deal (or its
    starting position) under the rules, and the position it claims compared with the
    replay's."""
    if not isinstance(line, tuple) or not (
        isinstance(code, GameCode) if start is None else isinstance(start, State)
    ):
        raise InvalidRecord("a pickled game needs its game code and its line")
    if not isinstance(meta, tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 for pair in meta
    ):
        raise InvalidRecord("a pickled game's notes are no notes")
    notes = _notation.check_meta(dict(meta), InvalidRecord)
    if isinstance(undoable, tuple):  # pickled before 0.2: the undo history itself
        undoable = len(undoable)
    if type(undoable) is not int or type(moves) is not int:
        raise InvalidRecord("a pickled game needs its undo count and move counter")
    if not all(isinstance(move, Move) for move in line):
        raise InvalidRecord("a pickled game's line holds something that is no move")
    if not isinstance(redo, tuple) or not all(isinstance(m, Move) for m in redo):
        raise InvalidRecord("a pickled game's moves to redo are no moves")
    game = Game._replay(
        _notation.RecordData(
            code if start is None else None,  # type: ignore[arg-type]
            line,
            moves,
            undoable,
            start=None if not isinstance(start, State) else start.to_text(),
            meta=notes,
            redo=redo,
        )
    )
    if game.state != state:
        raise InvalidRecord("a pickled game's position is not where its moves lead")
    return game
