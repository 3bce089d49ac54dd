"""What a learner sees of a position, as bytes: the observation.

:data:`OBSERVATION_SIZE` (112) bytes, each a small number, so that
``numpy.frombuffer(observation, numpy.uint8)`` reads it without a copy:

- bytes 0-51, one for each card in deck order (``Card.index``), where it lies: 0-6 face
  up in that column, 7 on its foundation, 15 face down. With ``perfect=True`` a face-down
  card is 8-14 instead: 8 plus its column.
- bytes 52-103, the same cards' places in their column, counted from the bottom card (0);
  0 on a foundation, and 0 for a face-down card unless ``perfect=True``.
- bytes 104-110, the number of face-down cards in each column.
- byte 111: 1 under relaxed rules, 0 under classic.

Without ``perfect`` the face-down cards are indistinguishable: a player knows which cards
are face down (all those not in sight), not where each one lies, and neither does the
observation.
"""

from __future__ import annotations

from ._rules import FACE_DOWN, ON_FOUNDATION, Position

OBSERVATION_SIZE = 112
"""The length of :meth:`State.observation`'s bytes."""
HIDDEN = 15
"""Where a face-down card lies, as the observation without ``perfect`` says it."""
_PLACES = 52
_COUNTS = 104
_RULES = 111
_HOME = bytes([ON_FOUNDATION]) * 13


def observe(p: Position, *, perfect: bool) -> bytes:
    """The observation of ``p`` (see the module's docstring)."""
    out = bytearray(OBSERVATION_SIZE)
    for s, col in enumerate(p.cols):
        down = p.hidden[s]
        out[_COUNTS + s] = down
        for at, c in enumerate(col):
            if at >= down:
                out[c] = s
                out[_PLACES + c] = at
            elif perfect:
                out[c] = FACE_DOWN + s
                out[_PLACES + c] = at
            else:
                out[c] = HIDDEN
    for suit, count in enumerate(p.found):
        out[suit * 13 : suit * 13 + count] = _HOME[:count]
    out[_RULES] = p.relaxed
    return bytes(out)


def observed(p: Position, perfect: bool) -> bytes:
    """:func:`observe` with ``perfect`` by position: the Python twin of the C core's."""
    return observe(p, perfect=perfect)
