"""Survey files, read: for researchers who analyse or combine ``yukon survey`` runs.

A survey file holds one JSON line per deal solved (``code``, ``verdict``, ``nodes``,
``seconds``, ``moves``, the ``budget`` it was solved with and what ``stopped_by`` it),
as ``yukon survey`` writes it; see the Research page for the command. Here it is read
back (:func:`read`), passes with larger budgets are folded into one row per deal
(:func:`fold`), and verdicts are counted into a winnable share with its interval
(:class:`Tally`).
"""

from __future__ import annotations

import os
from typing import Any

from ._errors import InvalidSurvey
from ._grading import BLIND_MOVES
from ._survey import STUCK, Tally, file_name, fold, read_done, wilson
from ._values import publish as _publish

__all__ = ["BLIND_MOVES", "STUCK", "InvalidSurvey", "Tally", "fold", "read", "wilson"]


def read(path: str | os.PathLike[str]) -> dict[str, dict[str, Any]]:
    """The rows of the survey file ``path`` that count, by game code: the last row of
    each deal, as a resumed survey reads it. Lines that are no survey row (a torn last
    line, bad JSON) are passed over; a file with a line longer than 64 KiB is no survey
    file and raises :class:`InvalidSurvey`, as does a device or a pipe (which may never
    end). A file that does not exist holds no rows."""
    return read_done(file_name("path", path))


_publish(globals(), __all__)
del _publish
