"""Yukon solitaire: the complete rules as one app plays them, with immutable positions.

>>> import yukon
>>> state = yukon.deal("YU1-C-AAAAAAB")
>>> str(state.columns[0].last)
'7H'
"""

from __future__ import annotations

from ._aids import Settings
from ._batch import Batch, BatchStep
from ._cards import Card, Suit
from ._changes import Change, Location, Pile, Turn
from ._codes import DEAL_COUNT, GameCode, Rules
from ._deals import daily, winnable
from ._errors import (
    CannotGrade,
    InvalidCard,
    InvalidGameCode,
    InvalidMove,
    InvalidPosition,
    InvalidRecord,
    InvalidStatistics,
    InvalidSurvey,
    NoDealFound,
    NothingToRedo,
    NothingToUndo,
    YukonError,
)
from ._game import UNDO_LIMIT, Game, InfoBar, Outcome
from ._grading import Grade, Grading, grade, grading, known_grading
from ._hint import Hint
from ._interop import kpat_deal, pysolfc_deal
from ._moves import ACTION_COUNT, Move
from ._observation import OBSERVATION_SIZE
from ._planner import hint, hint_move
from ._refusals import (
    CATALOGS,
    ENGLISH,
    HEBREW,
    CannotFinish,
    Catalog,
    IllegalMove,
    InvalidCatalog,
    Refusal,
    RefusalCode,
    move_message,
)
from ._rules import GROUP_LIMIT
from ._scoring import CLEAN_WIN, FLIP_POINTS, FOUNDATION_POINTS
from ._solver import COMPILED_SOLVER, solve
from ._state import Column, State, deal
from ._statistics import Played, Statistics, Totals
from ._values import publish as _publish
from ._verdicts import Solution, Verdict
from .views import ChangeView, GameData, PositionData, StateView, schema


def _version() -> str:
    """The installed package's version, from its metadata: stated once, in
    pyproject.toml. ``0+unknown`` for sources run without being installed."""
    from importlib import metadata

    try:
        return metadata.version("yukon")
    except metadata.PackageNotFoundError:
        return "0+unknown"


__version__ = _version()
del _version

__all__ = [
    "ACTION_COUNT",
    "CATALOGS",
    "CLEAN_WIN",
    "COMPILED_SOLVER",
    "DEAL_COUNT",
    "ENGLISH",
    "FLIP_POINTS",
    "FOUNDATION_POINTS",
    "GROUP_LIMIT",
    "HEBREW",
    "OBSERVATION_SIZE",
    "UNDO_LIMIT",
    "Batch",
    "BatchStep",
    "CannotFinish",
    "CannotGrade",
    "Card",
    "Catalog",
    "Change",
    "ChangeView",
    "Column",
    "Game",
    "GameCode",
    "GameData",
    "Grade",
    "Grading",
    "Hint",
    "IllegalMove",
    "InfoBar",
    "InvalidCard",
    "InvalidCatalog",
    "InvalidGameCode",
    "InvalidMove",
    "InvalidPosition",
    "InvalidRecord",
    "InvalidStatistics",
    "InvalidSurvey",
    "Location",
    "Move",
    "NoDealFound",
    "NothingToRedo",
    "NothingToUndo",
    "Outcome",
    "Pile",
    "Played",
    "PositionData",
    "Refusal",
    "RefusalCode",
    "Rules",
    "Settings",
    "Solution",
    "State",
    "StateView",
    "Statistics",
    "Suit",
    "Totals",
    "Turn",
    "Verdict",
    "YukonError",
    "daily",
    "deal",
    "grade",
    "grading",
    "hint",
    "hint_move",
    "known_grading",
    "kpat_deal",
    "move_message",
    "pysolfc_deal",
    "schema",
    "solve",
    "winnable",
]


_publish(globals(), __all__)
del _publish
