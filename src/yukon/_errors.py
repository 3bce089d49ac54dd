"""The library's exceptions.

Every error the library raises on purpose is a :class:`YukonError`. Errors caused by bad
input also subclass the builtin a caller would naturally catch, so ``except ValueError``
keeps working in code that does not know this library::

    YukonError
    ├── InvalidCard (ValueError)         card text or rank/suit out of range
    ├── InvalidGameCode (ValueError)     a game code that is not YU1-<C|R>-<7 letters>
    ├── InvalidMove (ValueError)         move text or move fields that name no move
    ├── IllegalMove (ValueError)         a well-formed move the rules refuse; carries the Refusal
    ├── InvalidPosition (ValueError)     a layout no game can have: missing or doubled cards, ...
    ├── InvalidCatalog (ValueError)      a message catalog lacking a refusal or with a bad field
    ├── InvalidRecord (ValueError)       a saved game that does not load: bad form or an illegal move
    ├── InvalidSurvey (ValueError)       a survey file that cannot be resumed: it is no survey file
    ├── InvalidStatistics (ValueError)   a player's record that no play can produce
    ├── CannotFinish (ValueError)        auto-finish asked for with cards face down, or no win left
    ├── NothingToUndo (IndexError)       undo asked for with no move left to undo
    ├── NothingToRedo (IndexError)       redo asked for with no undone move to play again
    ├── CannotGrade                      a deal the solver settles not, and no blind game wins
    └── NoDealFound                      no deal of the grade asked for was found

A failed call never changes a position or a game: states and games are immutable.
Every error pickles with its data, so it can cross a process boundary (multiprocessing,
Dask). :class:`IllegalMove`, :class:`CannotFinish` and :class:`InvalidCatalog` are
defined beside the :class:`~yukon.Refusal` they carry or describe.
"""

from __future__ import annotations


class YukonError(Exception):
    """Base class of every error this library raises on purpose."""


class InvalidCard(YukonError, ValueError):
    """A card written or built wrongly: unknown rank or suit."""


class InvalidGameCode(YukonError, ValueError):
    """A game code that does not follow the ``YU1-<rule>-<deal>`` form."""


class InvalidMove(YukonError, ValueError):
    """Move text or fields that do not name a move at all."""


class InvalidPosition(YukonError, ValueError):
    """A layout that is not a Yukon position: cards missing or doubled, and the like."""


class InvalidRecord(YukonError, ValueError):
    """A game record or saved game that cannot be loaded as it stands."""


class InvalidSurvey(YukonError, ValueError):
    """A file given to a survey to resume that is no survey file (its lines are too
    long to be survey rows)."""


class NothingToUndo(YukonError, IndexError):
    """Undo asked for when no move is left to undo."""


class NothingToRedo(YukonError, IndexError):
    """Redo asked for when no undone move is left to play again."""


class CannotGrade(YukonError):
    """A deal whose grade cannot be told: the solver proved it neither won nor lost
    within its budget, and the no-peek player did not win it."""


class NoDealFound(YukonError):
    """:func:`yukon.winnable` found no deal of the grade asked for: the catalog has none
    and none turned up among the deals tried."""


class InvalidStatistics(YukonError, ValueError):
    """A player's record (:class:`yukon.Statistics`) that no play can produce: more games
    won than played, a best streak shorter than the current one, and the like."""
