"""The JSON views as types, and the JSON Schemas that publish them.

Every JSON document the library writes carries ``"format": "yukon.<name>"`` and
``"version": 1``; its shape is a JSON Schema shipped inside the package
(``yukon/schemas/<name>.schema.json``, read with :func:`schema`) and, for Python
callers, a ``TypedDict`` here. A change of shape gets a new version.

- ``yukon.state``: :meth:`State.to_dict <yukon.State.to_dict>`, what a player sees
  (:class:`StateView`).
- ``yukon.change``: :meth:`Change.to_dict <yukon.Change.to_dict>`, what a move did
  (:class:`ChangeView`).
- ``yukon.position``: :meth:`State.to_json <yukon.State.to_json>`, a position saved
  whole, face-down cards included (:class:`PositionData`).
- ``yukon.game``: :meth:`Game.to_dict <yukon.Game.to_dict>`, a game saved whole
  (:class:`GameData`).
- ``yukon.sealed``: :meth:`Game.sealed <yukon.Game.sealed>`, a game as a player sees it,
  for a client that must not learn a face-down card (:class:`SealedView`).

The protocol of :mod:`yukon.protocol` has two more schemas, ``message`` and ``answer``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Literal, TypedDict

__all__ = [
    "SCHEMAS",
    "ChangeView",
    "ColumnData",
    "ColumnView",
    "FoundationView",
    "GameData",
    "PileView",
    "PlaceView",
    "PositionData",
    "RedoView",
    "SealedView",
    "SpotView",
    "StateView",
    "TurnView",
    "schema",
]

SCHEMAS = (
    "state",
    "change",
    "position",
    "game",
    "sealed",
    "message",
    "answer",
    "statistics",
)
"""The names :func:`schema` knows."""


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of the view ``name`` (one of :data:`SCHEMAS`), read from the
    package: ``yukon.schema("state")``."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    if name not in SCHEMAS:
        raise ValueError(f"name must be one of {', '.join(SCHEMAS)}, not {name[:40]!r}")
    text = resources.files("yukon").joinpath("schemas", f"{name}.schema.json")
    loaded: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return loaded


class FoundationView(TypedDict):
    suit: Literal["spades", "hearts", "diamonds", "clubs"]
    count: int
    top: str | None


class _ColumnView(TypedDict):
    hidden: int
    face_up: list[str]


class ColumnView(_ColumnView, total=False):
    face_down: list[str]
    """Only with ``hide_face_down=False``."""


class StateView(TypedDict):
    """:meth:`State.to_dict <yukon.State.to_dict>` (schema ``state``)."""

    format: Literal["yukon.state"]
    version: Literal[1]
    rules: Literal["classic", "relaxed"]
    score: int
    won: bool
    foundations: list[FoundationView]
    columns: list[ColumnView]


class _PlaceView(TypedDict):
    index: int


class PlaceView(_PlaceView, total=False):
    """A pile and a place in it: ``{"column": 4, "index": 2}`` or
    ``{"foundation": "hearts", "index": 0}`` (exactly one of the two keys)."""

    column: int
    foundation: Literal["spades", "hearts", "diamonds", "clubs"]


class PileView(TypedDict, total=False):
    """``{"column": 4}`` or ``{"foundation": "hearts"}``."""

    column: int
    foundation: Literal["spades", "hearts", "diamonds", "clubs"]


class TurnView(TypedDict):
    card: str | None
    pile: PileView
    index: int
    face_up: bool


class ChangeView(TypedDict):
    """:meth:`Change.to_dict <yukon.Change.to_dict>` (schema ``change``)."""

    format: Literal["yukon.change"]
    version: Literal[1]
    move: str
    cards: list[str]
    source: PlaceView
    destination: PlaceView
    turn: TurnView | None
    score_delta: int
    is_return: bool
    is_undo: bool


class ColumnData(TypedDict):
    cards: list[str]
    hidden: int


class PositionData(TypedDict):
    """:meth:`State.to_json <yukon.State.to_json>`, parsed (schema ``position``)."""

    format: Literal["yukon.position"]
    version: Literal[1]
    rules: Literal["C", "R"]
    score: int
    foundations: list[int]
    columns: list[ColumnData]


class GameData(TypedDict):
    """:meth:`Game.to_dict <yukon.Game.to_dict>` (schema ``game``)."""

    format: Literal["yukon.game"]
    version: Literal[1]
    code: str | None
    start: str | None
    moves: list[str]
    counter: int | None
    undoable: int | None
    score: int | None
    position: str | None
    meta: dict[str, str | int | float | bool | None]
    redo: list[str]


class _SpotView(TypedDict, total=False):
    column: int
    index: int
    foundation: int


class SpotView(_SpotView):
    """A place as a client taps it: ``{"column": 4, "index": 2}`` (the index from the
    column's bottom, 0) or ``{"foundation": 1}`` (0-3: spades, hearts, diamonds,
    clubs). It names no card."""


class RedoView(TypedDict):
    """The move :meth:`Game.redo <yukon.Game.redo>` plays next, by place."""

    place: SpotView
    to: int | Literal["foundation"]


class SealedView(TypedDict):
    """:meth:`Game.sealed <yukon.Game.sealed>` (schema ``sealed``): nothing in it names a
    face-down card or the deal, until the game is over."""

    format: Literal["yukon.sealed"]
    version: Literal[1]
    state: StateView
    score: int
    moves: int
    elapsed_ms: int | None
    undo: int
    redo: int
    next_redo: RedoView | None
    changes: list[ChangeView]
    won: bool
    given_up: bool
    code: str | None
