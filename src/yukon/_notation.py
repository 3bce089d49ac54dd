"""Notation: position text, game records and their JSON forms. Syntax only.

This module turns text into plain data and back; whether the data make a real position
or a real game is for :class:`~yukon.State` and :class:`~yukon.Game` to decide, so every
loaded position and record passes the same checks as one built by hand.

**Position text** (one line, fields separated by single spaces)::

    C 25 AS,-,-,- 7H/[9S]4H8D8H5CJH/-/...

rule letter, score, the four foundation tops in suit order (``-`` for empty), then the
seven columns separated by ``/``, each bottom to top with its face-down cards in brackets
at the start, ``-`` for an empty column.

**Game record** (one line)::

    yukon/1 YU1-C-AAAAAAB 6C>1 5H>5 AH>F moves=7 undo=2

the format tag (may be left out when reading), the game code (or, for a game started
from a position, that position's text in braces: ``{C 0 -,-,-,- ...}``), the moves from
the start to the current position, then ``moves=`` (the move counter) and ``undo=`` (how
many of the last moves can be undone) when they differ from the plain replay of the
moves, ``redo=`` (the moves redo can play again, the next first, separated by commas)
and ``meta=`` (the frontend's notes: compact JSON in URL-safe base64) when there are
any.

JSON forms carry ``"format"`` and ``"version"`` fields. Input is untrusted: anything that
does not parse raises :class:`~yukon.InvalidPosition` or :class:`~yukon.InvalidRecord`.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Sequence
from typing import Any, Final

import attrs

from ._arguments import quote
from ._cards import CARDS, NAME, RANK_LETTERS, SUIT_LETTERS, Card
from ._codes import GameCode, Rules
from ._errors import (
    InvalidCard,
    InvalidGameCode,
    InvalidMove,
    InvalidPosition,
    InvalidRecord,
)
from ._moves import Move
from ._scoring import MAX_SCORE
from .views import GameData, PositionData

RECORD_TAG = "yukon/1"
"""The first word of a version-1 game record."""
POSITION_FORMAT: Final = "yukon.position"
GAME_FORMAT: Final = "yukon.game"
VERSION: Final = 1
MAX_MOVES = 2_000_000
"""The most moves a record holds. :meth:`~yukon.Game.to_record` and
:meth:`~yukon.Game.to_json` refuse a longer game, so whatever they write loads."""
MAX_CHARS = 8 * MAX_MOVES + 4_096
"""The longest text (or JSON) accepted: what the library writes for a game of
:data:`MAX_MOVES` moves (each at most 8 characters in JSON, 5 in a record line) and its
claims. Longer input is refused before it is parsed."""
MAX_COUNTER = 10**12
"""The largest move counter accepted."""
MAX_REDO = 100
"""The most moves a record may leave to redo: undo takes back no more
(:data:`yukon.UNDO_LIMIT`)."""


@attrs.frozen
class Layout:
    """A position as plain data, before any rule has looked at it."""

    rules: Rules
    score: int
    foundations: tuple[int, ...]
    columns: tuple[tuple[Card, ...], ...]
    hidden: tuple[int, ...]


@attrs.frozen
class RecordData:
    """A game record as plain data: the deal (or the position the game started
    from), the moves, the counters and the frontend's notes."""

    code: GameCode | None
    moves: tuple[Move, ...]
    counter: int | None = None
    """The move counter, when it is not simply the number of moves."""
    undoable: int | None = None
    """How many moves can be undone, when it is not simply all the last ones (up to 100)."""
    score: int | None = None
    """The score the record claims, checked against the replay."""
    position: str | None = None
    """The position text the record claims, checked against the replay."""
    start: str | None = None
    """The position text the game started from, for a game not dealt from a code."""
    meta: Meta = ()
    """A frontend's notes: names and small JSON values (see :data:`MAX_META`)."""
    redo: tuple[Move, ...] = ()
    """The moves undo took back that redo can play again, the next one first."""


Scalar = str | int | float | bool | None
Meta = tuple[tuple[str, Scalar], ...]
MAX_META = 4_096
"""The longest a game's notes may be, as compact JSON."""


def check_meta(
    items: object, error: type[Exception], type_error: type[Exception] | None = None
) -> Meta:
    """Notes as sorted pairs: names of 1-64 ASCII letters, digits and underscores, and
    values that are text, whole numbers of 64 bits, finite numbers, booleans or null;
    ``error`` names
    what is wrong (``type_error``, when given, a value of the wrong type)."""
    wrong_type = type_error or error
    if not isinstance(items, dict):
        raise error(
            f"notes are a mapping of names to values, not {type(items).__name__}"
        )
    pairs = []
    for name, value in items.items():
        if not (
            isinstance(name, str)
            and 0 < len(name) <= 64
            and name.isascii()
            and name.replace("_", "a").isalnum()
        ):
            raise error(f"a note's name is 1-64 letters, digits or _, not {name!r:.40}")
        if value is not None and type(value) not in (str, int, float, bool):
            raise wrong_type(f"note {name}: {type(value).__name__} is no JSON value")
        if type(value) is float and not math.isfinite(value):
            raise error(f"note {name}: {value} is no JSON number")
        if type(value) is int and not -(2**63) <= value < 2**63:
            raise error(f"note {name}: a whole number takes at most 64 bits")
        pairs.append((name, value))
    meta = tuple(sorted(pairs))
    if len(_meta_text(meta)) > MAX_META:
        raise error(f"notes take at most {MAX_META} characters as JSON")
    return meta


def _meta_text(meta: Meta) -> str:
    return json.dumps(dict(meta), separators=(",", ":"), ensure_ascii=True)


# -- positions ---------------------------------------------------------------------------


def format_position(
    rules: Rules,
    score: int,
    foundations: Sequence[int],
    columns: Sequence[bytes],
    hidden: Sequence[int],
) -> str:
    """The position text of a position's parts (columns as deck indices)."""
    tops = ",".join(
        NAME[suit * 13 + count - 1] if count else "-"
        for suit, count in enumerate(foundations)
    )
    cols = []
    for col, down in zip(columns, hidden, strict=True):
        names = "".join(NAME[c] for c in col[down:])
        cols.append(
            ("[" + "".join(NAME[c] for c in col[:down]) + "]" if down else "") + names
            or "-"
        )
    return f"{rules.letter} {score} {tops} {'/'.join(cols)}"


def _cards(text: str, where: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise InvalidPosition(
            f"{where}: {quote(text)} is not a run of two-letter cards"
        )
    out = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair[0] not in RANK_LETTERS or pair[1] not in SUIT_LETTERS:
            raise InvalidPosition(
                f"{where}: {quote(pair)} is not a card (write e.g. TH, 8S)"
            )
        out.append(
            CARDS[SUIT_LETTERS.index(pair[1]) * 13 + RANK_LETTERS.index(pair[0])]
        )
    return tuple(out)


def _whole_number(text: str, what: str, limit: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > len(str(limit)):
        raise InvalidPosition(f"{what} must be a whole number, not {quote(text)}")
    value = int(text)
    if value > limit:
        raise InvalidPosition(f"{what} {value} is out of range")
    return value


def parse_position(text: str) -> Layout:
    """Read position text into plain data; :class:`InvalidPosition` names what is wrong."""
    if not isinstance(text, str):
        raise TypeError(f"position text must be a str, not {type(text).__name__}")
    if len(text) > 1_000:
        raise InvalidPosition("position text is too long to be a position")
    fields = text.strip().split(" ")
    if len(fields) != 4:
        raise InvalidPosition(
            "position text has four fields (rule, score, foundations, columns), "
            f"not {len(fields)}"
        )
    rule, score_text, tops_text, cols_text = fields
    if rule not in ("C", "R"):
        raise InvalidPosition(f"the rule is C or R, not {quote(rule)}")
    score = _whole_number(score_text, "the score", MAX_SCORE)
    tops = tops_text.split(",")
    if len(tops) != 4:
        raise InvalidPosition(
            "foundations are four tops, spades, hearts, diamonds, clubs"
        )
    foundations = []
    for suit, top in enumerate(tops):
        if top == "-":
            foundations.append(0)
            continue
        (card,) = _cards(top, f"foundation {suit + 1}") if len(top) == 2 else (None,)
        if card is None or card.suit != suit:
            raise InvalidPosition(
                f"foundation {suit + 1} holds {SUIT_LETTERS[suit]} cards, not {quote(top)}"
            )
        foundations.append(card.rank)
    col_texts = cols_text.split("/")
    if len(col_texts) != 7:
        raise InvalidPosition(f"a position has 7 columns, not {len(col_texts)}")
    columns: list[tuple[Card, ...]] = []
    hidden: list[int] = []
    for number, col in enumerate(col_texts, 1):
        where = f"column {number}"
        if col == "-":
            columns.append(())
            hidden.append(0)
            continue
        down_text, up_text = "", col
        if col.startswith("["):
            down_text, bracket, up_text = col[1:].partition("]")
            if not bracket:
                raise InvalidPosition(f"{where}: '[' without ']'")
        if "[" in up_text or "]" in up_text:
            raise InvalidPosition(
                f"{where}: face-down cards come first, at the bottom of the column"
            )
        down, up = _cards(down_text, where), _cards(up_text, where)
        if not up:
            raise InvalidPosition(f"{where}: the last card of a column is face up")
        columns.append(down + up)
        hidden.append(len(down))
    return Layout(Rules(rule), score, tuple(foundations), tuple(columns), tuple(hidden))


def position_json(layout: Layout) -> PositionData:
    """The JSON object of a position."""
    return {
        "format": POSITION_FORMAT,
        "version": VERSION,
        "rules": "R" if layout.rules is Rules.RELAXED else "C",
        "score": layout.score,
        "foundations": list(layout.foundations),
        "columns": [
            {"cards": [str(c) for c in col], "hidden": down}
            for col, down in zip(layout.columns, layout.hidden, strict=True)
        ],
    }


def load_json(data: str | bytes, error: type[InvalidPosition | InvalidRecord]) -> Any:
    """Parse JSON text, turning every failure into ``error``."""
    if not isinstance(data, (str, bytes, bytearray)):
        raise TypeError(f"JSON input must be text or bytes, not {type(data).__name__}")
    if len(data) > MAX_CHARS:
        raise error(f"the input is larger than {MAX_CHARS} characters")
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as failure:  # JSONDecodeError, bad UTF-8, ...
        raise error(f"not valid JSON: {failure}") from None


def _field(
    obj: dict[str, Any],
    name: str,
    kind: type | tuple[type, ...],
    error: type[Exception],
) -> Any:
    if name not in obj:
        raise error(f"the {name!r} field is missing")
    value = obj[name]
    if isinstance(value, bool) or not isinstance(value, kind):
        raise error(f"the {name!r} field has the wrong type ({type(value).__name__})")
    return value


def _check_format(obj: Any, expected: str, error: type[Exception]) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise error(f"expected a JSON object, not {type(obj).__name__}")
    if obj.get("format") != expected:
        raise error(f"the 'format' field must be {expected!r}")
    version = obj.get("version")
    if type(version) is not int or version != VERSION:
        raise error(
            f"unknown {expected} version {quote(version)}; this release reads 1"
        )
    return obj


def parse_position_json(data: Any) -> Layout:
    """Read a position's JSON object (already parsed) into plain data."""
    obj = _check_format(data, POSITION_FORMAT, InvalidPosition)
    rule = _field(obj, "rules", str, InvalidPosition)
    if rule not in ("C", "R"):
        raise InvalidPosition(f"the rule is C or R, not {quote(rule)}")
    score = _field(obj, "score", int, InvalidPosition)
    if not 0 <= score <= MAX_SCORE:
        raise InvalidPosition(f"the score {quote(score)} is out of range")
    found = _field(obj, "foundations", list, InvalidPosition)
    if len(found) != 4 or any(type(n) is not int or not 0 <= n <= 13 for n in found):
        raise InvalidPosition("foundations are four counts from 0 to 13")
    cols = _field(obj, "columns", list, InvalidPosition)
    if len(cols) != 7:
        raise InvalidPosition(f"a position has 7 columns, not {len(cols)}")
    columns: list[tuple[Card, ...]] = []
    hidden: list[int] = []
    for number, col in enumerate(cols, 1):
        if not isinstance(col, dict):
            raise InvalidPosition(f"column {number} must be an object")
        cards = _field(col, "cards", list, InvalidPosition)
        down = _field(col, "hidden", int, InvalidPosition)
        if len(cards) > 52 or not all(isinstance(c, str) for c in cards):
            raise InvalidPosition(f"column {number}: cards are a list of card texts")
        try:
            columns.append(tuple(Card.parse(c) for c in cards))
        except InvalidCard as failure:
            raise InvalidPosition(f"column {number}: {failure}") from None
        hidden.append(down)
    return Layout(Rules(rule), score, tuple(found), tuple(columns), tuple(hidden))


# -- game records ------------------------------------------------------------------------


def _check_length(moves: Sequence[object], error: type[Exception]) -> None:
    if len(moves) > MAX_MOVES:
        raise error(
            f"a record holds at most {MAX_MOVES} moves; this game has {len(moves)}"
        )


def format_record(data: RecordData) -> str:
    """The one-line text of a game record."""
    _check_length(data.moves, InvalidRecord)
    origin = str(data.code) if data.code is not None else "{" + str(data.start) + "}"
    words = [RECORD_TAG, origin, *(str(m) for m in data.moves)]
    if data.counter is not None or data.undoable is not None:
        words += [f"moves={data.counter}", f"undo={data.undoable}"]
    if data.redo:
        words.append("redo=" + ",".join(str(m) for m in data.redo))
    if data.meta:
        encoded = base64.urlsafe_b64encode(_meta_text(data.meta).encode("ascii"))
        words.append("meta=" + encoded.decode("ascii").rstrip("="))
    return " ".join(words)


def _meta_word(word: str) -> Meta:
    value = word[len("meta=") :]
    try:
        raw = base64.b64decode(
            value + "=" * (-len(value) % 4), altchars=b"-_", validate=True
        )
        text = raw.decode("ascii")
        items = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise InvalidRecord(
            "meta= holds no notes: it is base64 of a JSON object"
        ) from None
    return check_meta(items, InvalidRecord)


def _count(word: str, name: str) -> int:
    value = word[len(name) + 1 :]
    if not value.isascii() or not value.isdigit():
        raise InvalidRecord(f"{name}= takes a whole number, not {quote(value)}")
    if len(value) > 13 or int(value) > MAX_COUNTER:
        raise InvalidRecord(f"{name}={value[:20]} is out of range")
    return int(value)


def parse_record(text: str) -> RecordData:
    """Read one game record line into plain data."""
    if not isinstance(text, str):
        raise TypeError(f"a game record is text, not {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise InvalidRecord(f"the record is longer than {MAX_CHARS} characters")
    words = text.split()
    if words and words[0].lower().startswith("yukon/"):
        if words[0].lower() != RECORD_TAG:
            raise InvalidRecord(
                f"unknown record version {quote(words[0])}; this release reads {RECORD_TAG}"
            )
        words = words[1:]
    if not words:
        raise InvalidRecord("the record is empty: it starts with a game code")
    code: GameCode | None = None
    start: str | None = None
    if words[0].startswith("{"):
        rest = " ".join(words)
        if "}" not in rest:
            raise InvalidRecord("the starting position in { } has no closing }")
        start, _, after = rest[1:].partition("}")
        words = ["{}", *after.split()]
    else:
        try:
            code = GameCode.parse(words[0])
        except InvalidGameCode as failure:
            raise InvalidRecord(f"the record's game code: {failure}") from None
    counter: int | None = None
    undoable: int | None = None
    meta: Meta | None = None
    redo: tuple[Move, ...] | None = None
    moves = []
    for number, word in enumerate(words[1:], 1):
        if word.startswith("meta="):
            meta = _meta_word(word)
        elif word.startswith("redo="):
            redo = _redo_word(word)
        elif word.startswith("moves="):
            counter = _count(word, "moves")
        elif word.startswith("undo="):
            undoable = _count(word, "undo")
        elif any(x is not None for x in (counter, undoable, meta, redo)):
            raise InvalidRecord(f"{quote(word)} after the counters: moves come first")
        else:
            try:
                moves.append(Move.parse(word))
            except InvalidMove as failure:
                raise InvalidRecord(f"move {number}: {failure}") from None
    if (counter is None) != (undoable is None):
        raise InvalidRecord("moves= and undo= come together")
    _check_length(moves, InvalidRecord)
    return RecordData(
        code,
        tuple(moves),
        counter,
        undoable,
        start=start,
        meta=meta or (),
        redo=redo or (),
    )


def _redo_word(word: str) -> tuple[Move, ...]:
    texts = word[len("redo=") :].split(",")
    if len(texts) > MAX_REDO:
        raise InvalidRecord(f"redo= holds at most {MAX_REDO} moves")
    return _moves(texts, "redo move")


def _moves(texts: Sequence[object], what: str) -> tuple[Move, ...]:
    moves = []
    for number, text in enumerate(texts, 1):
        if not isinstance(text, str):
            raise InvalidRecord(f"{what} {number} must be move text")
        try:
            moves.append(Move.parse(text))
        except InvalidMove as failure:
            raise InvalidRecord(f"{what} {number}: {failure}") from None
    return tuple(moves)


def record_json(data: RecordData) -> GameData:
    """The JSON object of a game record."""
    _check_length(data.moves, InvalidRecord)
    return {
        "format": GAME_FORMAT,
        "version": VERSION,
        "code": None if data.code is None else str(data.code),
        "start": data.start,
        "moves": [str(m) for m in data.moves],
        "counter": data.counter,
        "undoable": data.undoable,
        "score": data.score,
        "position": data.position,
        "meta": dict(data.meta),
        "redo": [str(m) for m in data.redo],
    }


def parse_record_json(data: Any) -> RecordData:
    """Read a game record's JSON object (already parsed) into plain data."""
    obj = _check_format(data, GAME_FORMAT, InvalidRecord)
    start = obj.get("start")
    code: GameCode | None = None
    if start is not None:
        if not isinstance(start, str) or obj.get("code") is not None:
            raise InvalidRecord("'start' is position text, in a record with no 'code'")
    else:
        code_text = _field(obj, "code", str, InvalidRecord)
        try:
            code = GameCode.parse(code_text)
        except InvalidGameCode as failure:
            raise InvalidRecord(f"the record's game code: {failure}") from None
    texts = _field(obj, "moves", list, InvalidRecord)
    _check_length(texts, InvalidRecord)
    moves = _moves(texts, "move")
    counter = _field(obj, "counter", int, InvalidRecord)
    undoable = _field(obj, "undoable", int, InvalidRecord)
    if not 0 <= counter <= MAX_COUNTER or not 0 <= undoable <= MAX_COUNTER:
        raise InvalidRecord("'counter' and 'undoable' are whole numbers in range")
    score = obj.get("score")
    if score is not None and (type(score) is not int or not 0 <= score <= MAX_SCORE):
        raise InvalidRecord(
            f"the 'score' field must be a whole number from 0 to {MAX_SCORE}"
        )
    position = obj.get("position")
    if position is not None and not isinstance(position, str):
        raise InvalidRecord("the 'position' field must be position text")
    meta = check_meta(obj.get("meta", {}), InvalidRecord)
    redo_texts = obj.get("redo", [])
    if not isinstance(redo_texts, list) or len(redo_texts) > MAX_REDO:
        raise InvalidRecord(f"'redo' is a list of at most {MAX_REDO} moves")
    redo = _moves(redo_texts, "redo move")
    return RecordData(
        code, tuple(moves), counter, undoable, score, position, start, meta, redo
    )
