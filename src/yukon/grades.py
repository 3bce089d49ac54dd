"""How deals are graded, for researchers who check or redo the calibration.

A deal's grade (:func:`yukon.grade`) is read from its no-peek wins: the games the app's
hint wins on it, followed blindly, over :data:`GUESSES` guesses of the hidden cards
(:func:`no_peek_won` plays one). :data:`GRADE_WINS` holds the thresholds, calibrated
and checked by ``python -m research.grading`` (the Research page, "Grades").
"""

from __future__ import annotations

from ._grading import (
    FINISH_NODES,
    GRADE_NODES,
    GRADE_WINS,
    GUESSES,
    HINT_NODES,
    HINT_SAMPLES,
    WINNABLE_GRADES,
    grade_of,
    no_peek_won,
)
from ._values import publish as _publish

__all__ = [
    "FINISH_NODES",
    "GRADE_NODES",
    "GRADE_WINS",
    "GUESSES",
    "HINT_NODES",
    "HINT_SAMPLES",
    "WINNABLE_GRADES",
    "grade_of",
    "no_peek_won",
]

_publish(globals(), __all__)
del _publish
