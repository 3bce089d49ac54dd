"""The app's scoring: points for cards placed on foundations and for cards turned face up.

Nothing ever subtracts, so the score never falls below 0, and a foundation return scores 0.
Points that would carry a score past :data:`MAX_SCORE` are not counted (:func:`scored`).
A game won without returning a card from a foundation places each of the 52 cards once and
turns each of the 21 face-down cards once: always exactly :data:`CLEAN_WIN` points.
"""

from __future__ import annotations

FOUNDATION_POINTS = 10
"""For every card that lands on a foundation, again after a return."""
FLIP_POINTS = 5
"""For every face-down card turned face up."""
FACE_DOWN_AT_DEAL = 21
"""Face-down cards in a fresh deal: 1 + 2 + ... + 6."""
CLEAN_WIN = 52 * FOUNDATION_POINTS + FACE_DOWN_AT_DEAL * FLIP_POINTS
"""625: the score of every game won without a foundation return."""
MAX_SCORE = 10**12
"""The highest score: far above any game played (each move scores at most 15). A score
stops there (:func:`scored`), and the position formats accept every score up to it, so
every position that play reaches round-trips through text, JSON and pickle."""


def move_points(home: bool, turned_up: bool) -> int:
    """The points a move scores: :data:`FOUNDATION_POINTS` for a card placed home, every
    time it lands there, and :data:`FLIP_POINTS` for the card it turns up. A return
    from a foundation scores nothing (neither holds)."""
    return FOUNDATION_POINTS * home + FLIP_POINTS * turned_up


def scored(score: int, points: int) -> int:
    """``score`` with ``points`` added, stopping at :data:`MAX_SCORE`."""
    return min(score + points, MAX_SCORE)


def progress(cards_home: int, face_down: int) -> int:
    """A measure of how far a game has come, for rewards that cannot be farmed: 10 for
    each card home and 5 for each card turned up since the deal. It depends only on the
    position, so any line of moves that comes back to a position earns exactly 0 (the
    app's score, which pays again for a card taken back and placed again, does not). It
    is 0 at the deal and :data:`CLEAN_WIN` when the game is won."""
    return FOUNDATION_POINTS * cards_home + FLIP_POINTS * (
        FACE_DOWN_AT_DEAL - face_down
    )
