"""The message protocol of a game played by a client that is not trusted: the web
page's worker and ``yukon serve`` speak it.

A client sends one JSON message per action (``{"op": "tap", "place": {"column": 6,
"index": 6}}``) and gets one answer: what the player sees (the sealed view of
:meth:`Game.sealed <yukon.Game.sealed>`: no face-down card, no game code until the game
is over) and what the message did. Cards are addressed by place, never by name. Every
message is checked against the schema ``yukon.schema("message")`` by hand (this module
runs in Pyodide with ``attrs`` alone); every answer follows ``yukon.schema("answer")``.
The side that owns the game keeps it whole with :meth:`Session.save` and
:meth:`Session.restore`; nothing of that crosses to the client.

>>> from yukon.protocol import Session
>>> session = Session()
>>> answer = session.handle({"op": "new", "code": "YU1-C-AAAAAAB"})
>>> answer["moves"], answer["code"]
(0, 'YU1-C-AAAAAAB')
>>> session.handle({"op": "drop", "place": {"column": 6, "index": 6}, "to": 1})["played"]
True
>>> session.handle({"op": "tap", "place": {"column": 7, "index": 0}})["error"]
'bad-message'
"""

from __future__ import annotations

import datetime
import json
import logging
import random
import re
from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from ._aids import Settings
from ._cards import Card
from ._changes import Change
from ._codes import GameCode
from ._deals import daily, winnable
from ._errors import (
    InvalidGameCode,
    InvalidRecord,
    InvalidStatistics,
    NoDealFound,
    YukonError,
)
from ._game import Game, Outcome
from ._grading import WINNABLE_GRADES, Grade, known_grading
from ._moves import Move
from ._refusals import CannotFinish, Refusal
from ._statistics import Played, Statistics
from .views import ChangeView, RedoView, SpotView, StateView

__all__ = [
    "DEALS",
    "ERRORS",
    "OPS",
    "SETTINGS",
    "Answer",
    "InvalidMessage",
    "Message",
    "RefusalView",
    "Session",
    "StatisticsView",
    "check_message",
    "parse_json",
    "parse_message",
]

Message = dict[str, Any]
"""A message, as :func:`check_message` lets it through."""

SETTINGS = ("double_click", "placement_help", "interactive_rules", "auto_placement")
"""The settings a ``settings`` message may change (see :class:`~yukon.Settings`)."""

_COMMON = frozenset({"op", "id", "elapsed_ms"})
_PLACE = frozenset({"place"})
OPS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    # op: (the fields it may carry besides op, id and elapsed_ms; those it needs)
    "new": (frozenset({"code", "rules", "deal", "grade", "date"}), frozenset()),
    "load": (frozenset({"saved"}), frozenset({"saved"})),
    "show": (frozenset(), frozenset()),
    "tap": (_PLACE, _PLACE),
    "double_tap": (_PLACE, _PLACE),
    "targets": (_PLACE, _PLACE),
    "drop": (frozenset({"place", "to"}), frozenset({"place", "to"})),
    "undo": (frozenset(), frozenset()),
    "redo": (frozenset(), frozenset()),
    "hint": (frozenset(), frozenset()),
    "finish": (frozenset(), frozenset()),
    "give_up": (frozenset(), frozenset()),
    "settings": (frozenset({"name", "value"}), frozenset({"name", "value"})),
    "statistics": (frozenset({"date"}), frozenset({"date"})),
}
"""Each message's op and the fields it takes."""

ERRORS: Mapping[str, int] = {
    "bad-json": 400,
    "bad-message": 400,
    "bad-code": 400,
    "bad-record": 422,
    "no-game": 422,
    "no-card": 422,
    "nothing-to-undo": 422,
    "nothing-to-redo": 422,
    "game-over": 422,
    "too-long": 422,
    "no-deal": 422,
    "bad-date": 400,
    "internal": 500,
}
"""Every ``error`` code an answer may carry, with the HTTP status ``yukon serve`` gives
it: 400 a message that does not follow the schema, 422 one the game cannot take."""

_PLAYS = frozenset({"tap", "double_tap", "drop", "redo", "finish"})
_OVER = _PLAYS | {"undo", "hint", "give_up"}
DEALS = ("random", "winnable", "daily")
"""The deals a ``new`` message may ask for (``deal``) besides a code: a random one, one
the solver proved winnable (of ``grade``, when given), or the daily deal of ``date``."""
_GRADES = tuple(grade.value for grade in WINNABLE_GRADES)
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_ID_LIMIT = 2**53 - 1
_ELAPSED_LIMIT = 10**12

_log = logging.getLogger("yukon.protocol")


class InvalidMessage(YukonError, ValueError):
    """A message the protocol does not take: ``code`` is the answer's stable ``error``
    (one of :data:`ERRORS`), the text says what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


def _bad(text: str) -> InvalidMessage:
    return InvalidMessage("bad-message", text)


def _whole(name: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"{name} must be a whole number from {low} to {high}")
    return value


def _spot(value: object) -> SpotView:
    if not isinstance(value, dict):
        raise _bad('place must be {"column": C, "index": I} or {"foundation": F}')
    if set(value) == {"foundation"}:
        return {"foundation": _whole("place.foundation", value["foundation"], 0, 3)}
    if set(value) == {"column", "index"}:
        return {
            "column": _whole("place.column", value["column"], 0, 6),
            "index": _whole("place.index", value["index"], 0, 51),
        }
    raise _bad('place must be {"column": C, "index": I} or {"foundation": F}')


def check_message(message: object) -> Message:
    """``message`` if it follows ``yukon.schema("message")``, else
    :class:`InvalidMessage` (``bad-message``) saying which field is wrong and how."""
    if not isinstance(message, dict):
        raise _bad("a message must be a JSON object")
    op = message.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise _bad(f"op must be one of {', '.join(OPS)}")
    takes, needs = OPS[op]
    for key in message:
        if key not in _COMMON and key not in takes:
            raise _bad(f"{op} takes no field {str(key)[:40]!r}")
    for key in sorted(needs):
        if key not in message:
            raise _bad(f"{op} needs the field {key!r}")
    if "id" in message:
        ident = message["id"]
        if not (
            ident is None
            or (isinstance(ident, str) and len(ident) <= 100)
            or (type(ident) is int and -_ID_LIMIT <= ident <= _ID_LIMIT)
        ):
            raise _bad("id must be null, text of at most 100 characters or a number")
    if "elapsed_ms" in message:
        _whole("elapsed_ms", message["elapsed_ms"], 0, _ELAPSED_LIMIT)
    if "place" in message:
        _spot(message["place"])
    if "to" in message:
        to = message["to"]
        if to != "foundation" and (type(to) is not int or not 0 <= to <= 6):
            raise _bad('to must be a column from 0 to 6 or "foundation"')
    if "code" in message and (
        not isinstance(message["code"], str) or len(message["code"]) > 40
    ):
        raise _bad("code must be a game code such as YU1-C-AAAAAAB")
    if "rules" in message:
        if message["rules"] not in ("C", "R"):
            raise _bad('rules must be "C" or "R"')
        if "code" in message:
            raise _bad("new takes a code or rules, not both")
    if "date" in message and (
        not isinstance(message["date"], str) or not _DATE.fullmatch(message["date"])
    ):
        raise _bad("date must be a calendar day written YYYY-MM-DD")
    if op == "new":
        _check_deal(message)
    if "saved" in message and not isinstance(message["saved"], dict):
        raise _bad("saved must be a game record (a JSON object)")
    if "name" in message and message["name"] not in SETTINGS:
        raise _bad(f"name must be one of {', '.join(SETTINGS)}")
    if "value" in message and type(message["value"]) is not bool:
        raise _bad("value must be true or false")
    return message


def _check_deal(message: Mapping[str, object]) -> None:
    """A ``new`` message's ``deal``, ``grade`` and ``date`` go together as the schema
    says: a grade only for a winnable deal, a date exactly for the daily deal, and
    neither with a code."""
    deal = message.get("deal")
    if "deal" in message and deal not in DEALS:
        raise _bad(f"deal must be one of {', '.join(DEALS)}")
    if "grade" in message and message["grade"] not in _GRADES:
        raise _bad(f"grade must be one of {', '.join(_GRADES)}")
    if "code" in message and "deal" in message:
        raise _bad("new takes a code or a deal, not both")
    if "grade" in message and deal != "winnable":
        raise _bad('grade goes with deal "winnable"')
    if (deal == "daily") != ("date" in message):
        raise _bad('date goes with deal "daily", and it needs one')


def _no_constant(name: str) -> object:
    raise InvalidMessage("bad-json", f"{name} is not a JSON number")


def parse_message(text: str | bytes) -> Message:
    """A message from JSON text, checked by :func:`check_message`; JSON that does not
    parse (``NaN`` and ``Infinity`` included) is :class:`InvalidMessage` ``bad-json``."""
    return check_message(parse_json(text))


def parse_json(text: str | bytes) -> object:
    """JSON text read strictly: ``NaN``, ``Infinity``, text that is not UTF-8 and
    nesting too deep are :class:`InvalidMessage` ``bad-json``."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        if isinstance(error, InvalidMessage):
            raise
        raise InvalidMessage("bad-json", "the message is not JSON") from None
    return data


class RefusalView(TypedDict):
    """A refused move: its stable code and its sentence in English and Hebrew."""

    code: str
    en: str
    he: str


class HintView(TypedDict):
    move: str
    place: SpotView
    to: int | Literal["foundation"]


class _Answer(TypedDict):
    id: str | int | None
    view: StateView | None
    score: int | None
    moves: int | None
    can_undo: bool
    can_redo: bool
    elapsed_ms: int | None
    next_redo: RedoView | None
    given_up: bool
    changes: list[ChangeView]
    refusal: RefusalView | None
    settings: dict[str, bool]


class StatisticsView(TypedDict):
    """The player's record (schema ``yukon.schema("statistics")``) and the daily streak
    as it stands on the message's ``date``."""

    record: dict[str, Any]
    daily_streak: int


class Answer(_Answer, total=False):
    """The answer to one message (schema ``yukon.schema("answer")``)."""

    game: str
    code: str
    deal: str
    grade: str
    daily: str
    statistics: StatisticsView
    played: bool
    pick: Literal[True]
    targets: list[int | Literal["foundation"]]
    hint: HintView | None
    error: str
    message: str


def _day(text: str) -> datetime.date:
    """A message's ``date``, already of the form YYYY-MM-DD: a calendar day, else
    ``bad-date``."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise InvalidMessage("bad-date", f"{text} is no calendar day") from None


def _refusal(refusal: Refusal | None) -> RefusalView | None:
    if refusal is None:
        return None
    return {
        "code": refusal.code.value,
        "en": refusal.message_in("en"),
        "he": refusal.message_in("he"),
    }


def _to(move: Move) -> int | Literal["foundation"]:
    return "foundation" if move.column is None else move.column


class Session:
    """One player's game, settings, whether the player may see the game code, and the
    player's record (:class:`~yukon.Statistics`, counted as its module says: a game
    won, or left (a new deal, a load, giving up) after a move, not won).

    :meth:`handle` never raises: a message it cannot take is answered with ``error``
    and the game as it was. ``rng`` draws random and winnable deals (default: the
    system's randomness); ``hint_samples`` and ``hint_nodes`` are a hint's guesses and
    the positions searched in each (see :meth:`Game.hint <yukon.Game.hint>`: a page
    running pure Python in Pyodide asks for less), ``finish_seconds`` bounds an
    auto-finish; ``max_moves`` (``None``: no limit) caps the move counter a game may
    reach.
    """

    def __init__(
        self,
        *,
        rng: random.Random | None = None,
        hint_samples: int = 8,
        hint_nodes: int = 2_000,
        finish_seconds: float = 10.0,
        max_moves: int | None = None,
    ) -> None:
        self.game: Game | None = None
        self.settings = Settings()
        self.given_up = False
        """The player gave the game up: it is over, and its code may be shown."""
        self.code_known = False
        """The player gave the game's code (or its record): showing it tells nothing."""
        self.deal = "random"
        """How the game was dealt: ``random``, ``code`` (the player's), ``saved`` (a
        ``load``), ``winnable`` or ``daily``."""
        self.day: datetime.date | None = None
        """The day whose daily deal the game is, or ``None``."""
        self.record = Statistics()
        """The player's record: the games that count, this one once it is over."""
        self.counted = False
        """Whether the game is in :attr:`record` already."""
        self._rng = rng
        self._hint_samples = hint_samples
        self._hint_nodes = hint_nodes
        self._finish_seconds = finish_seconds
        self._max_moves = max_moves

    # -- the owning side's copy ------------------------------------------------------

    def save(self) -> str:
        """The session whole, as JSON, for the side that owns the game (the worker's
        IndexedDB, the server's database): it names every card. Never for the client."""
        game = self.game
        return json.dumps(
            {
                "format": "yukon.session",
                "version": 2,
                "game": None if game is None else game.to_record(),
                "settings": {name: getattr(self.settings, name) for name in SETTINGS},
                "given_up": self.given_up,
                "code_known": self.code_known,
                "deal": self.deal,
                "daily": None if self.day is None else self.day.isoformat(),
                "record": self.record.to_dict(),
                "counted": self.counted,
            },
            separators=(",", ":"),
        )

    @classmethod
    def restore(cls, text: str | bytes, **options: Any) -> Session:
        """The session :meth:`save` wrote (version 2, or version 1 from before the
        record: it starts an empty one), its game checked as a record is and its record
        as :meth:`Statistics.from_dict <yukon.Statistics.from_dict>` checks one; raises
        :class:`~yukon.InvalidRecord` for anything else. ``options`` as for the
        constructor."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != "yukon.session":
                raise InvalidRecord("not a saved session")
            version = data.get("version")
            if type(version) is not int or version not in (1, 2):
                raise InvalidRecord("a saved session is of version 1 or 2")
            session = cls(**options)
            if data["game"] is not None:
                session.game = Game.from_record(data["game"])
            session.settings = Settings(**data["settings"])
            given_up, known = data["given_up"], data["code_known"]
            if type(given_up) is not bool or type(known) is not bool:
                raise InvalidRecord("a saved session's flags are true or false")
            session.given_up, session.code_known = given_up, known
            session.deal = "code" if known else "random"
            if version == 2:
                session._restore_record(data)
        except InvalidRecord:
            raise
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            raise InvalidRecord(f"not a saved session: {error}") from None
        return session

    def _restore_record(self, data: Mapping[str, Any]) -> None:
        deal, day, counted = data["deal"], data["daily"], data["counted"]
        if deal not in ("random", "code", "saved", "winnable", "daily"):
            raise InvalidRecord(f"a saved session's deal is no deal: {deal!r}")
        if type(counted) is not bool:
            raise InvalidRecord("a saved session's flags are true or false")
        if (deal == "daily") != isinstance(day, str):
            raise InvalidRecord("a saved session has a day exactly for a daily deal")
        self.deal, self.counted = deal, counted
        if isinstance(day, str):
            self.day = datetime.date.fromisoformat(day)
            game = self.game
            if game is None or game.code != daily(self.day, game.state.rules):
                raise InvalidRecord("a saved daily deal is not that day's deal")
        try:
            self.record = Statistics.from_dict(data["record"])
        except InvalidStatistics as error:
            raise InvalidRecord(f"a saved session's record: {error}") from None

    # -- what crosses to the client --------------------------------------------------

    def answer(
        self,
        changes: tuple[Change, ...] = (),
        refusal: Refusal | None = None,
        **more: Any,
    ) -> Answer:
        """The sealed view of the game, the settings, and ``more``."""
        settings = {name: getattr(self.settings, name) for name in SETTINGS}
        game = self.game
        if game is None:
            empty: Answer = {
                "id": None,
                "view": None,
                "score": None,
                "moves": None,
                "can_undo": False,
                "can_redo": False,
                "elapsed_ms": None,
                "next_redo": None,
                "given_up": False,
                "changes": [],
                "refusal": _refusal(refusal),
                "settings": settings,
            }
            return {**empty, **more}  # type: ignore[typeddict-item]
        sealed = game.sealed(changes, given_up=self.given_up)
        answer: Answer = {
            "id": None,
            "view": sealed["state"],
            "score": sealed["score"],
            "moves": sealed["moves"],
            "can_undo": sealed["undo"] > 0,
            "can_redo": sealed["redo"] > 0,
            "elapsed_ms": sealed["elapsed_ms"],
            "next_redo": sealed["next_redo"],
            "given_up": self.given_up,
            "changes": sealed["changes"],
            "refusal": _refusal(refusal),
            "settings": settings,
        }
        code = sealed["code"]
        if code is None and self.code_known and game.code is not None:
            code = str(game.code)
        if code is not None:
            answer["code"] = code
        answer["deal"] = self.deal
        grade = self.grade_shown()
        if grade is not None:
            answer["grade"] = grade.value
        if self.day is not None:
            answer["daily"] = self.day.isoformat()
        return {**answer, **more}  # type: ignore[typeddict-item]

    def grade_shown(self) -> Grade | None:
        """The game's grade, when the catalog knows it and showing it tells the player
        nothing new. A random deal's grade says its deal is in the public catalog,
        where its face-up cards would find it: it is shown once the game is over. A
        winnable or daily deal is from the catalog anyway (the player asked for one),
        and a code or a saved game is the player's own."""
        game = self.game
        if game is None or game.code is None:
            return None
        known = known_grading(game.code)
        if known is None:
            return None
        if self.deal == "random" and not (self.given_up or game.is_won):
            return None
        return known.grade

    # -- the player's record -----------------------------------------------------------

    def _count(self) -> None:
        """Count the game in :attr:`record`, once: won, or left not won after a move
        (the rule of :class:`~yukon.Statistics`'s module)."""
        game = self.game
        if game is None or self.counted:
            return
        clock = game.meta.get("elapsed_ms")
        seconds = clock / 1000 if type(clock) is int else None
        known = known_grading(game.code) if game.code is not None else None
        played = Played.of(
            game,
            seconds=seconds,
            grade=None if known is None else known.grade,
            daily=self.day,
        )
        if played is not None:
            self.record = self.record.add(played)
            self.counted = True

    def _statistics(self, day: datetime.date) -> Answer:
        view: StatisticsView = {
            "record": self.record.to_dict(),
            "daily_streak": self.record.daily_streak_on(day),
        }
        return self.answer(statistics=view)

    def handle_text(self, text: str | bytes) -> str:
        """One message as JSON text, answered as JSON text (see :meth:`handle`)."""
        try:
            message: object = parse_message(text)
        except InvalidMessage as error:
            return json.dumps(self._error(error, None))
        return json.dumps(self.handle(message))

    def handle(self, message: object) -> Answer:
        """Take one message and answer it; a message that cannot be taken is answered
        with ``error`` (a code of :data:`ERRORS`), ``message`` and the game as it was."""
        ident = message.get("id") if isinstance(message, dict) else None
        try:
            checked = check_message(message)
            answer = self._act(checked)
            if "elapsed_ms" in checked and self.game is not None:
                self.game = self.game.with_meta(elapsed_ms=checked["elapsed_ms"])
                answer["elapsed_ms"] = checked["elapsed_ms"]
            if self.game is not None and self.game.is_won and not self.counted:
                self._count()  # with the clock of the winning move's message
        except InvalidMessage as error:
            return self._error(error, ident)
        except Exception:  # the promise: an answer, whatever went wrong
            _log.exception("a message could not be answered")
            failed = InvalidMessage("internal", "the message could not be answered")
            return self._error(failed, ident)
        answer["id"] = ident
        return answer

    def _error(self, error: InvalidMessage, ident: object) -> Answer:
        answer = self.answer(error=error.code, message=error.message)
        answer["id"] = ident if isinstance(ident, (str, int)) else None
        return answer

    # -- the actions -----------------------------------------------------------------

    def _act(self, message: Message) -> Answer:
        op = message["op"]
        if op == "new":
            return self._new(message)
        if op == "load":
            return self._load(message["saved"])
        if op == "settings":
            self.settings = self.settings.replace(**{message["name"]: message["value"]})
            return self.answer()
        if op == "statistics":
            return self._statistics(_day(message["date"]))
        game = self.game
        if game is None:
            raise InvalidMessage("no-game", "there is no game yet: start one with new")
        if self.given_up and op in _OVER:
            raise InvalidMessage("game-over", "the game was given up")
        if (
            op in _PLAYS
            and self._max_moves is not None
            and game.move_count >= self._max_moves
        ):
            raise InvalidMessage(
                "too-long", f"a game here takes at most {self._max_moves} moves"
            )
        if op == "show":
            return self.answer()
        if op == "give_up":
            self.given_up = True
            self._count()  # left, not won
            return self.answer()
        if op in ("tap", "double_tap"):
            return self._tap(message["place"], double=op == "double_tap")
        if op == "targets":
            card = self._card(message["place"])
            spots = [] if card is None else [_to(m) for m in game.state.targets(card)]
            return self.answer(targets=spots)
        if op == "drop":
            return self._drop(message["place"], message["to"])
        if op == "undo":
            if not game.can_undo:
                raise InvalidMessage("nothing-to-undo", "there is no move to undo")
            change = game.last_change
            self.game = game.undo()
            return self.answer(() if change is None else (change.inverse(),))
        if op == "redo":
            if not game.can_redo:
                raise InvalidMessage(
                    "nothing-to-redo", "there is no undone move to redo"
                )
            self.game = game.redo()
            change = self.game.last_change
            return self.answer(() if change is None else (change,))
        if op == "hint":
            hint = game.hint(samples=self._hint_samples, max_nodes=self._hint_nodes)
            return self.answer(hint=None if hint is None else self._hint(hint.move))
        return self._finish(game)

    def _new(self, message: Message) -> Answer:
        text = message.get("code")
        rules = message.get("rules", "C")
        deal, day = message.get("deal", "random"), None
        rng = self._rng if self._rng is not None else random.SystemRandom()
        if text:
            try:
                code = GameCode.parse(text)
            except InvalidGameCode:
                raise InvalidMessage(
                    "bad-code", "code must be a game code such as YU1-C-AAAAAAB"
                ) from None
            deal = "code"
        elif deal == "winnable":
            grade = message.get("grade")
            try:  # tries=0: the catalog only, never a search of seconds
                code = winnable(rules, grade=grade, rng=rng, tries=0)
            except NoDealFound as error:
                raise InvalidMessage("no-deal", str(error)) from None
        elif deal == "daily":
            day = _day(message["date"])
            code = daily(day, rules)
        else:
            code = GameCode.random(rules, rng)
        self._leave(Game.new(code), deal, day)
        self.code_known = bool(text)
        return self.answer()

    def _leave(self, game: Game, deal: str, day: datetime.date | None) -> None:
        """The game on the board left for ``game``: counted, not won, if a move was
        made (and not counted yet)."""
        self._count()
        self.game, self.deal, self.day = game, deal, day
        self.given_up, self.counted = False, game.is_won

    def _load(self, saved: Mapping[str, Any]) -> Answer:
        try:
            game = Game.from_dict(saved)
        except (InvalidRecord, TypeError, ValueError, RecursionError) as error:
            raise InvalidMessage("bad-record", f"the saved game: {error}") from None
        self._leave(game, "saved", None)  # a game saved won was counted when it was won
        self.code_known = True
        return self.answer()

    def _card(self, place: SpotView) -> Card | None:
        """The face-up card at a place, ``None`` for a card back or an empty
        foundation; a place past a column's last card is ``no-card``."""
        assert self.game is not None
        state = self.game.state
        if "foundation" in place:
            return state.foundation_top(place["foundation"])
        column = place["column"]
        if place["index"] >= len(state.columns[column]):
            raise InvalidMessage(
                "no-card", f"column {column} has no card at index {place['index']}"
            )
        return state.card_at(column, place["index"])

    def _outcome(self, outcome: Outcome) -> Answer:
        self.game = outcome.game
        change = outcome.change if outcome.played else None
        return self.answer(
            () if change is None else (change,), outcome.refusal, played=outcome.played
        )

    def _tap(self, place: SpotView, *, double: bool) -> Answer:
        game = self.game
        assert game is not None
        card = self._card(place)
        if "foundation" in place:
            if card is None:
                return self.answer(played=False)
            if not double:
                return self.answer(played=False, pick=True)
            return self._outcome(game.double_tap(card))
        column, index = place["column"], place["index"]
        if double:
            return self._outcome(game.double_tap_at(column, index))
        outcome = game.tap_at(column, index)
        if outcome.played or card is None:
            return self._outcome(outcome)  # played, or a card back's refusal
        return self.answer(played=False, pick=True)  # a tap picks the card up

    def _drop(self, place: SpotView, to: int | str) -> Answer:
        game = self.game
        assert game is not None
        card = self._card(place)
        if card is None:
            if "foundation" in place:  # an empty foundation: nothing to move
                return self.answer(played=False)
            # A card back: the library refuses it by place, naming no card.
            return self._outcome(game.tap_at(place["column"], place["index"]))
        if to == "foundation":
            return self._outcome(game.attempt(Move.home(card)))
        if self.settings.auto_placement:
            return self._outcome(game.auto_place(card))
        assert isinstance(to, int)
        return self._outcome(game.attempt(Move(card, to)))

    def _hint(self, move: Move) -> HintView:
        assert self.game is not None
        where = self.game.state.locate(move.card)
        pile = where.pile
        place: SpotView = (
            {"foundation": pile.index}
            if pile.is_foundation
            else {"column": pile.index, "index": where.index}
        )
        return {"move": str(move), "place": place, "to": _to(move)}

    def _finish(self, before: Game) -> Answer:
        try:
            finished = before.auto_finish(max_seconds=self._finish_seconds)
        except CannotFinish as refused:
            return self.answer(refusal=refused.refusal)
        state, changes = before.state, []
        for move in finished.line[len(before.line) :]:
            changes.append(state.change(move))
            state = state.apply(move)
        self.game = finished
        return self.answer(tuple(changes))
