"""Positions and the rules that move between them.

A :class:`State` is one position: seven columns, four foundations, the score and the rule
set. It is immutable; :meth:`State.apply` returns the next position and leaves this one as
it was. A move rebuilds only the columns it touches, so positions share everything else.

Inside, cards are deck indices (ints) and a column is a ``bytes`` of them, bottom to top:
compact (a position takes well under a kilobyte) and quick to search and slice.
:attr:`State.columns` builds the readable :class:`Column` view on first use and keeps it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, SupportsIndex

import attrs

from . import _aids, _deprecated, _notation
from ._arguments import as_int, instance, quote
from ._cards import CARDS, NAME, Card, Suit, as_suit
from ._changes import Change, Location, describe, locate, view
from ._codes import GameCode, Rules, as_rules
from ._errors import InvalidCard, InvalidPosition
from ._implementation import follow as fast_follow
from ._implementation import moves as fast_moves
from ._implementation import observe as fast_observe
from ._implementation import shuffled_deck as fast_shuffled_deck
from ._implementation import take_back as fast_take_back
from ._moves import ACTION_COUNT, Move
from ._refusals import IllegalMove, Refusal, refusal_code
from ._rules import (
    EMPTY,
    ON_FOUNDATION,
    Broken,
    Position,
    follow,
    is_won,
    next_home,
    position,
    turns_up,
)
from ._scoring import FLIP_POINTS, FOUNDATION_POINTS, MAX_SCORE, progress
from ._values import built_once, checked_pickles
from .views import StateView

COLUMN_SIZES = (1, 6, 7, 8, 9, 10, 11)
"""Cards dealt to each column."""
HIDDEN_AT_DEAL = (0, 1, 2, 3, 4, 5, 6)
"""Face-down cards dealt to each column (21 in all, scoring's ``FACE_DOWN_AT_DEAL``)."""

_RELAXED = Rules.RELAXED


@checked_pickles
@attrs.frozen
@built_once
class Column:
    """One column: its cards from bottom to top, the first ``hidden`` of them face down."""

    cards: tuple[Card, ...]
    hidden: int

    def __attrs_post_init__(self) -> None:
        cards, hidden = self.cards, self.hidden
        if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
            raise TypeError("cards must be a tuple of Cards")
        if len(set(cards)) != len(cards):
            raise InvalidPosition("cards holds a card twice")
        if type(hidden) is not int:
            raise TypeError(
                f"hidden must be a whole number, not {type(hidden).__name__}"
            )
        if not 0 <= hidden <= max(len(cards) - 1, 0):  # the last card is face up
            raise InvalidPosition(
                f"hidden must be from 0 to {max(len(cards) - 1, 0)} (the last card is "
                f"face up), not {quote(hidden)}"
            )

    @property
    def face_down(self) -> tuple[Card, ...]:
        """The face-down cards, bottom to top."""
        return self.cards[: self.hidden]

    @property
    def face_up(self) -> tuple[Card, ...]:
        """The face-up cards, bottom to top: each can be taken with the cards on it."""
        return self.cards[self.hidden :]

    @property
    def last(self) -> Card | None:
        """The last (top) card, always face up; ``None`` for an empty column."""
        return self.cards[-1] if self.cards else None

    @property
    def is_empty(self) -> bool:
        """Whether the column holds no card (only a King may come here)."""
        return not self.cards

    def __len__(self) -> int:
        return len(self.cards)


def _column(cards: tuple[Card, ...], hidden: int) -> Column:
    """A column of a position, already checked: built without the constructor's checks
    (a position's seven views cost a third more with them)."""
    column: Column = object.__new__(Column)
    object.__setattr__(column, "cards", cards)
    object.__setattr__(column, "hidden", hidden)
    return column


def wrap(position: Position) -> State:
    """The public face of a packed position (see :mod:`yukon._rules`)."""
    state: State = _new(State)
    _SET_P(state, position)
    return state


_new = object.__new__


def packed(state: State) -> Position:
    """The packed position behind ``state``, for the solver and the other kernels."""
    return state._p


def board(state: State) -> tuple[object, ...]:
    """Where every card lies, face up or down, and nothing else: two positions with the
    same board differ at most in score, so a line of moves that comes back to a board
    has only gone round in a circle."""
    return state._p.key()[:4]


def trace(before: State, move: Move) -> int:
    """What :func:`step_back` needs to take back ``move``, legal in ``before``: whether
    the move turns a card up (bit 0), where its card came from (bits 1-3), and, when
    the score after it stands at :data:`MAX_SCORE` (some points may not have counted),
    the score before it plus one (bits 4 and up)."""
    return _trace(before._p, move.key, fast_follow(before._p, move.key))


def _trace(p: Position, key: int, after: Position) -> int:
    c = key >> 3
    came_from = p.where[c]
    if came_from == ON_FOUNDATION:
        bits = ON_FOUNDATION * 2
    else:
        pos = p.cols[came_from].index(c)
        bits = came_from * 2 + turns_up(p.hidden, came_from, pos)
    return bits | (p.score + 1) << 4 if after.score == MAX_SCORE else bits


def advance(state: State, move: Move) -> tuple[State, int]:
    """``state.apply(move)`` and its :func:`trace`, in one step: what a game's move
    needs, on its hot path."""
    p = state._p
    try:
        after = fast_follow(p, move.key)
    except Broken as broken:
        raise IllegalMove(_refusal(broken, move)) from None
    new: State = _new(State)
    _SET_P(new, after)
    return new, _trace(p, move.key, after)


def step_back(state: State, move: Move, trace: int) -> State:
    """The position before ``move``, given the one after it and its :func:`trace`."""
    p = fast_take_back(state._p, move.key, trace >> 1 & 7, bool(trace & 1))
    if trace >> 4:  # the score before, kept where it may not be worked out
        p.score = (trace >> 4) - 1
    before: State = _new(State)
    _SET_P(before, p)
    return before


class State:
    """A position: columns, foundations, score and rules. Immutable and hashable.

    Get one from :func:`deal` (or :attr:`Game.state`) and move on with :meth:`apply`.
    Two states are equal when cards, face-down counts, foundations, score and rules are.
    """

    __slots__ = ("_hash", "_p", "_view")

    _p: Position
    _hash: int
    _view: tuple[Column, ...]

    def __init__(self) -> None:
        raise TypeError("positions come from yukon.deal(code) and State.apply(move)")

    @classmethod
    def deal(cls, code: GameCode | str) -> State:
        """The opening position of a game code (see :func:`yukon.deal`)."""
        if not isinstance(code, GameCode):
            code = GameCode.parse(code)
        deck = fast_shuffled_deck(code.number)
        cols, start = [], 0
        for size in COLUMN_SIZES:
            cols.append(bytes(deck[start : start + size]))
            start += size
        return wrap(
            position(
                code.rules is _RELAXED, tuple(cols), HIDDEN_AT_DEAL, (0, 0, 0, 0), 0
            )
        )

    @classmethod
    def from_layout(
        cls,
        columns: Sequence[Sequence[Card | str]],
        *,
        hidden: Sequence[SupportsIndex] | None = None,
        foundations: Sequence[SupportsIndex] = (0, 0, 0, 0),
        rules: Rules | str = Rules.CLASSIC,
        score: int = 0,
    ) -> State:
        """A position built from its parts, checked card by card.

        ``columns`` are seven lists of cards (or card text), bottom to top; ``hidden`` says
        how many at the bottom of each are face down (default: none); ``foundations`` how
        many cards of each suit, spades first, are on the foundations. Every one of the 52
        cards must be somewhere exactly once, and the last card of a column is face up.
        Raises :class:`~yukon.InvalidPosition` naming what is wrong.
        """
        rules = as_rules(rules)
        _sequence("columns", columns, "7 columns, each a sequence of cards")
        if len(columns) != 7:
            raise InvalidPosition(f"a position has 7 columns, not {len(columns)}")
        for number, column in enumerate(columns, 1):
            _sequence(f"column {number}", column, "a sequence of cards or card texts")
        _sequence("foundations", foundations, "4 counts, spades first")
        found = tuple(as_int("foundations", n) for n in foundations)
        if len(found) != 4 or any(not 0 <= n <= 13 for n in found):
            raise InvalidPosition(
                f"foundations are 4 counts from 0 to 13, spades first, not {quote(found)}"
            )
        if hidden is not None:
            _sequence("hidden", hidden, "7 counts of face-down cards, or None")
        face_down = (
            tuple(as_int("hidden", n) for n in hidden)
            if hidden is not None
            else (0,) * 7
        )
        if len(face_down) != 7:
            raise InvalidPosition(
                f"hidden gives 7 counts, one a column, not {len(face_down)}"
            )
        score = as_int("score", score)
        if not 0 <= score <= MAX_SCORE:
            raise InvalidPosition(f"a score runs from 0 to {MAX_SCORE}")
        seen: dict[int, str] = {
            s * 13 + r: f"foundation {Suit(s).name.lower()}"
            for s, n in enumerate(found)
            for r in range(n)
        }
        cols = []
        for number, (column, down) in enumerate(
            zip(columns, face_down, strict=True), 1
        ):
            col = []
            for card in column:
                try:
                    c = (card if isinstance(card, Card) else Card.parse(card)).index
                except InvalidCard as error:
                    raise InvalidPosition(f"column {number}: {error}") from None
                if c in seen:
                    raise InvalidPosition(
                        f"{NAME[c]} appears twice: in {seen[c]} and column {number}"
                    )
                seen[c] = f"column {number}"
                col.append(c)
            if not 0 <= down <= max(len(col) - 1, 0):
                raise InvalidPosition(
                    f"column {number} has {len(col)} cards, so {quote(down)} cannot be "
                    "face down: the last card of a column is always face up"
                )
            cols.append(bytes(col))
        missing = [NAME[c] for c in range(52) if c not in seen]
        if missing:
            raise InvalidPosition("missing cards: " + " ".join(missing))
        placed = sum(found)
        if score % FLIP_POINTS or score < FOUNDATION_POINTS * placed:
            raise InvalidPosition(
                f"a score of {score} does not fit the scoring: it is made of 10s and 5s "
                f"and is at least 10 for each of the {placed} cards on the foundations"
            )
        return wrap(position(rules is _RELAXED, tuple(cols), face_down, found, score))

    @classmethod
    def from_text(cls, text: str) -> State:
        """The position written by :meth:`to_text`; raises :class:`InvalidPosition`."""
        return cls._from_layout(_notation.parse_position(text))

    @classmethod
    def from_json(cls, data: str | bytes) -> State:
        """The position written by :meth:`to_json`; raises :class:`InvalidPosition`."""
        obj = _notation.load_json(data, InvalidPosition)
        return cls._from_layout(_notation.parse_position_json(obj))

    @classmethod
    def _from_layout(cls, layout: _notation.Layout) -> State:
        return cls.from_layout(
            layout.columns,
            hidden=layout.hidden,
            foundations=layout.foundations,
            rules=layout.rules,
            score=layout.score,
        )

    def to_text(self) -> str:
        """The position as one line of text, like FEN in chess: rule, score, foundation
        tops, then the columns with face-down cards in brackets. Round-trips exactly
        through :meth:`from_text`. ::

            C 0 -,-,-,- 7H/[9S]4H8D8H5CJH/[6H9C]JS5HKH3S2H/...
        """
        p = self._p
        return _notation.format_position(self.rules, p.score, p.found, p.cols, p.hidden)

    def to_json(self) -> str:
        """The position as a JSON object with ``format`` and ``version`` fields."""
        return json.dumps(_notation.position_json(self._layout()))

    def _layout(self) -> _notation.Layout:
        p = self._p
        return _notation.Layout(
            self.rules,
            p.score,
            p.found,
            tuple(tuple(CARDS[c] for c in col) for col in p.cols),
            p.hidden,
        )

    # -- reading the position ------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rule set this position is played under."""
        return _RELAXED if self._p.relaxed else Rules.CLASSIC

    @property
    def columns(self) -> tuple[Column, ...]:
        """The seven columns, left to right (computed on first use, then kept)."""
        try:
            return self._view
        except AttributeError:
            view = tuple(
                _column(tuple(CARDS[c] for c in col), hidden)
                for col, hidden in zip(self._p.cols, self._p.hidden, strict=True)
            )
            object.__setattr__(self, "_view", view)
            return view

    @property
    def foundations(self) -> tuple[int, ...]:
        """How many cards lie on each foundation, in suit order (spades first)."""
        return self._p.found

    def foundation_top(self, suit: Suit | int) -> Card | None:
        """The top card of ``suit``'s foundation (a :class:`Suit` or 0-3), ``None``
        while it is empty; :class:`~yukon.InvalidCard` for any other suit."""
        suit = as_suit(suit)
        count = self._p.found[suit]
        return CARDS[next_home(self._p.found, suit) - 1] if count else None

    @property
    def score(self) -> int:
        """Points so far: 10 per card placed on a foundation, 5 per card turned up."""
        return self._p.score

    @property
    def is_won(self) -> bool:
        """Whether all 52 cards are on the foundations."""
        return is_won(self._p.found)

    # -- the rules -----------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move exactly once.

        Order: by destination, the foundations first, then columns 1-7 left to right;
        for each destination, the cards that can go there in suit order (spades, hearts,
        diamonds, clubs). At most one card of each suit fits a destination, so this order
        is total.
        """
        return fast_moves(self._p)

    def legal_keys(self) -> tuple[int, ...]:
        """The :attr:`Move.key` of each of :meth:`legal_moves`, in the same order."""
        return tuple(move.key for move in self.legal_moves())

    def legal_mask(self) -> bytes:
        """``ACTION_COUNT`` bytes, 1 at the key of each legal move and 0 elsewhere: the
        action mask a learner expects (``numpy.frombuffer`` reads it without a copy)."""
        mask = bytearray(ACTION_COUNT)
        for move in self.legal_moves():
            mask[move.key] = 1
        return bytes(mask)

    def observation(self, *, perfect: bool = False) -> bytes:
        """The position as ``OBSERVATION_SIZE`` bytes for a learner: where each card
        lies and its place there, the face-down counts and the rules (the layout is in
        the Learning page). Face-down cards are indistinguishable unless ``perfect``,
        so permuting them never changes the observation."""
        instance("perfect", perfect, bool, "True or False")
        return fast_observe(self._p, perfect)

    def sample_hidden(self, rng: random.Random) -> State:
        """This position with its face-down cards dealt again at random, from ``rng``,
        into the same places: a position the player could be facing, for planners that
        guess at what they cannot see (the hint does this)."""
        instance("rng", rng, random.Random, "a random.Random")
        p = self._p
        guess = sorted(
            c for col, down in zip(p.cols, p.hidden, strict=True) for c in col[:down]
        )
        rng.shuffle(guess)
        columns = []
        at = 0
        for col, down in zip(p.cols, p.hidden, strict=True):
            columns.append(bytes(guess[at : at + down]) + col[down:])
            at += down
        return wrap(position(p.relaxed, tuple(columns), p.hidden, p.found, p.score))

    @property
    def progress(self) -> int:
        """10 for each card home and 5 for each card turned up since the deal: a reward
        potential no line of moves can farm (see the Learning page); 0 at the deal,
        :data:`~yukon.CLEAN_WIN` when won. The app's :attr:`score` is unchanged."""
        p = self._p
        return progress(sum(p.found), sum(p.hidden))

    def check(self, move: Move | str) -> Refusal | None:
        """``None`` when ``move`` is legal here, else the :class:`Refusal` saying why."""
        if not isinstance(move, Move):
            move = _to_move(move)
        try:
            follow(self._p, move.key)
        except Broken as broken:
            return _refusal(broken, move)
        return None

    def apply(self, move: Move | str) -> State:
        """The position after ``move``; raises :class:`IllegalMove` if the rules refuse it.

        Flips happen by themselves: a face-down card left last in its column turns up
        (+5). A card placed on a foundation scores +10, every time it lands there. When
        several rules refuse a move, the first of these is named: where the card lies
        (face down, under another foundation card), then the destination (foundation
        order, same column, empty column, rank, colour), then the group's size.
        """
        if not isinstance(move, Move):
            move = _to_move(move)
        try:
            result = fast_follow(self._p, move.key)
        except Broken as broken:
            raise IllegalMove(_refusal(broken, move)) from None
        state: State = _new(State)  # wrap, inlined: the hot path of play
        _SET_P(state, result)
        return state

    def change(self, move: Move | str) -> Change:
        """What ``move`` would do here, without doing it: the cards that travel, from
        where to where, the card it turns up and the score it adds. Raises
        :class:`IllegalMove` as :meth:`apply` does."""
        if not isinstance(move, Move):
            move = _to_move(move)
        try:
            follow(self._p, move.key)
        except Broken as broken:
            raise IllegalMove(_refusal(broken, move)) from None
        return describe(self._p, move)

    def locate(self, card: Card | str) -> Location:
        """Where ``card`` lies: its pile, its place there and whether it is face up."""
        return locate(self._p, as_card(card).index)

    def movable_cards(self) -> tuple[Card, ...]:
        """The cards some legal move takes (each once, in deck order)."""
        return tuple(CARDS[c] for c in sorted({m.key >> 3 for m in self.legal_moves()}))

    @property
    def cards_home(self) -> int:
        """How many cards lie on the foundations."""
        return sum(self._p.found)

    @property
    def face_down_count(self) -> int:
        """How many cards are face down."""
        return sum(self._p.hidden)

    @property
    def all_face_up(self) -> bool:
        """Whether every card is face up: from here the player sees all the solver does."""
        return not any(self._p.hidden)

    def to_dict(self, *, hide_face_down: bool = True) -> StateView:
        """The position as plain JSON-ready data for a client in any language: rules,
        score, whether it is won, foundations, and each column's face-up cards by name.
        Face-down cards are given only as a count unless ``hide_face_down=False``, so a
        client shown this view cannot peek. The shape is published as a JSON Schema,
        ``yukon.schema("state")``."""
        instance("hide_face_down", hide_face_down, bool, "True or False")
        return view(self._p, hide_face_down=hide_face_down)

    # -- the app's aids (policies in yukon._aids) -----------------------------------

    def targets(self, card: Card | str) -> tuple[Move, ...]:
        """Placement help: every legal move of ``card`` picked up with the cards on it,
        the foundation first, then columns left to right; empty if it cannot be taken."""
        return _aids.targets(self, as_card(card))

    def tap_move(self, card: Card | str) -> Move | None:
        """The move a tap makes: ``card`` to its foundation when it is the last card of
        its column and the foundation takes it; else ``None``. (:meth:`Game.tap
        <yukon.Game.tap>` plays it.)"""
        return _aids.tap(self, as_card(card))

    def double_tap_move(self, card: Card | str) -> Move | None:
        """The move a double tap makes: the foundation if a tap would play, else the legal
        column holding the most cards (leftmost on a tie, an empty one for a King);
        ``None`` when there is no place or the card is not in a column."""
        card = as_card(card)
        in_column = self._p.where[card.index] != ON_FOUNDATION
        return _aids.double_tap(self, card, in_column=in_column)

    def tap(self, card: Card | str) -> Move | None:
        """Deprecated: :meth:`tap_move`, under the name it had until 0.2."""
        _deprecated.renamed("State.tap", "State.tap_move")
        return self.tap_move(card)

    def double_tap(self, card: Card | str) -> Move | None:
        """Deprecated: :meth:`double_tap_move`, under the name it had until 0.2."""
        _deprecated.renamed("State.double_tap", "State.double_tap_move")
        return self.double_tap_move(card)

    def auto_place(self, card: Card | str) -> Move | None:
        """Auto placement: the column a dragged group from ``card`` drops on (the legal
        one holding the most cards, leftmost on a tie); ``None`` when none takes it."""
        return _aids.auto_place(self, as_card(card))

    # -- cards by place, for clients that see only what a player sees --------------

    def card_at(self, column: SupportsIndex, index: SupportsIndex) -> Card | None:
        """The face-up card at ``index`` (from the bottom, 0) of ``column`` (0-6);
        ``None`` for a face-down card, which this never names. A column number out of
        range is a :class:`ValueError`, a place past the column's last card an
        :class:`IndexError`."""
        s = as_int("column", column)
        if not 0 <= s < 7:
            raise ValueError(f"column must be from 0 to 6, not {quote(column)}")
        at = as_int("index", index)
        cards = self._p.cols[s]
        if not 0 <= at < len(cards):
            raise IndexError(
                f"column {s + 1} holds {len(cards)} cards; there is no card at "
                f"index {quote(index)}"
            )
        return None if at < self._p.hidden[s] else CARDS[cards[at]]

    def tap_move_at(self, column: SupportsIndex, index: SupportsIndex) -> Move | None:
        """:meth:`tap_move` on the card at a place (see :meth:`card_at`); ``None`` for a
        face-down card, as for a card that cannot go home."""
        card = self.card_at(column, index)
        return None if card is None else self.tap_move(card)

    def double_tap_move_at(
        self, column: SupportsIndex, index: SupportsIndex
    ) -> Move | None:
        """:meth:`double_tap_move` on the card at a place (see :meth:`card_at`);
        ``None`` for a face-down card."""
        card = self.card_at(column, index)
        return None if card is None else self.double_tap_move(card)

    def tap_at(self, column: SupportsIndex, index: SupportsIndex) -> Move | None:
        """Deprecated: :meth:`tap_move_at`, under the name it had until 0.2."""
        _deprecated.renamed("State.tap_at", "State.tap_move_at")
        return self.tap_move_at(column, index)

    def double_tap_at(self, column: SupportsIndex, index: SupportsIndex) -> Move | None:
        """Deprecated: :meth:`double_tap_move_at`, under the name it had until 0.2."""
        _deprecated.renamed("State.double_tap_at", "State.double_tap_move_at")
        return self.double_tap_move_at(column, index)

    @property
    def is_stuck(self) -> bool:
        """Whether no legal move is left at all. The app never declares a loss; whether a
        win is still possible is the solver's question, not this one."""
        return not self.legal_moves()

    # -- value semantics -----------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return self._p.key()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            value = hash(self._key())
            object.__setattr__(self, "_hash", value)
            return value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a State is immutable; {name} cannot be set or deleted")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a State is immutable; {name} cannot be set or deleted")

    def __reduce__(self) -> tuple[Any, ...]:
        # Loaded through from_layout's checks: a pickle is input like any other.
        return (_unpickle, self._key())

    def __str__(self) -> str:
        """The position as text: foundations, columns with ``[face-down]`` cards, score."""
        p = self._p
        tops = [
            NAME[next_home(p.found, s) - 1] if n else "--"
            for s, n in enumerate(p.found)
        ]
        lines = ["Foundations: " + " ".join(tops)]
        for number, (col, hidden) in enumerate(zip(p.cols, p.hidden, strict=True), 1):
            cards = [NAME[c] for c in col]
            if hidden:
                cards[0] = "[" + cards[0]
                cards[hidden - 1] += "]"
            lines.append(f"{number}: " + " ".join(cards))
        lines.append(f"Score: {p.score}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<State {self.rules.name.lower()} score={self.score} "
            f"foundations={list(self.foundations)}>"
        )


_SET_P = vars(State)["_p"].__set__


def _refusal(broken: Broken, move: Move) -> Refusal:
    """The public :class:`Refusal` of the rule :func:`follow` found broken."""
    other = CARDS[broken.other] if broken.other < EMPTY else None
    return Refusal(refusal_code(broken.code), move, other, broken.size)


def _unpickle(
    relaxed: object, cols: object, hidden: object, found: object, score: object
) -> State:
    """A pickled position, checked as :meth:`State.from_layout` checks any layout."""
    if not isinstance(cols, tuple) or not all(isinstance(c, bytes) for c in cols):
        raise InvalidPosition("a pickled position's columns are not card bytes")
    if any(c >= 52 for col in cols for c in col):
        raise InvalidPosition("a pickled position holds a card that is no card")
    if isinstance(relaxed, Rules):  # pickled before 0.2: the rule set itself
        relaxed = relaxed is _RELAXED
    if type(relaxed) is not bool:
        raise InvalidPosition("a pickled position's rules are no rule set")
    return State.from_layout(
        [[CARDS[c] for c in col] for col in cols],
        hidden=hidden,  # type: ignore[arg-type]
        foundations=found,  # type: ignore[arg-type]
        rules=_RELAXED if relaxed else Rules.CLASSIC,
        score=score,  # type: ignore[arg-type]
    )


_make = _unpickle
"""What positions pickled by 0.1.0 are loaded through (they name ``_state._make``)."""


def _to_move(move: object) -> Move:
    if isinstance(move, str):
        return Move.parse(move)
    raise TypeError(
        f"expected a Move or move text such as '8S>5', not {type(move).__name__}"
    )


def as_card(card: Card | str) -> Card:
    """A card given as a :class:`Card` or its text (``"8S"``), as every method that
    takes a card accepts it; :class:`TypeError` names anything else."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise TypeError(
        f"expected a Card or card text such as '8S', not {type(card).__name__}"
    )


def _sequence(name: str, value: object, what: str) -> None:
    """Raise :class:`TypeError` unless ``value`` is a sequence (a list, a tuple; not
    text, which is a sequence of letters)."""
    if not isinstance(value, Sequence) or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")


def deal(code: GameCode | str) -> State:
    """The opening position of a game code such as ``"YU1-C-AAAAAAB"``."""
    return State.deal(code)
