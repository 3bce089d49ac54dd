"""What a search answers, and the budgets that bound it: :class:`Verdict`,
:class:`Solution` and :func:`check_budgets`, shared by the solver, the hint and the
surveys."""

from __future__ import annotations

import enum
from typing import Literal

import attrs

from ._arguments import seconds, whole_number
from ._moves import Move
from ._values import built_once


class Verdict(enum.Enum):
    """What the search found."""

    WON = "won"
    """A winning line was found."""
    LOST = "lost"
    """Every reachable position was searched: no win exists."""
    UNKNOWN = "unknown"
    """The budget ran out first."""


Stop = Literal["nodes", "seconds", "memory"]
"""The budgets that can end a search."""


@attrs.frozen
@built_once
class Solution:
    """A verdict, the winning line when there is one, and what the search cost."""

    verdict: Verdict
    moves: tuple[Move, ...] = ()
    """For ``WON``: legal moves that win when played in order from the position solved."""
    nodes: int = 0
    """Positions searched: each new position taken from a queue, dead ends included,
    those searched from starts further on too."""
    seconds: float = 0.0
    """Time taken (the only clock the library reads, because the caller asked to solve)."""
    stopped_by: Stop | None = None
    """For ``UNKNOWN``: the budget that ended the search; ``None`` for a finished one."""
    peak_memory: int | None = None
    """The most bytes the searches held at once, every block counted, when they ran
    compiled; ``None`` for the pure-Python searches, which only estimate theirs."""


MAX_MEMORY = 2 * 2**30
"""The default memory budget of every search (:func:`solve`, the hint and its planner,
`yukon solve`), in bytes (2 GiB)."""
MIN_MEMORY = 32 * 2**20
"""The smallest memory budget a search accepts (32 MiB): what nine searches need to
start."""
_MAX_NODES = 2**62
_MAX_SECONDS = 1e8


def check_budgets(
    max_nodes: object, max_seconds: object, max_memory: object
) -> tuple[int | None, float | None, int | None]:
    """The budgets (see :func:`solve`) as an int, a float and an int (``None`` stays
    ``None``); :class:`TypeError` or :class:`ValueError` names one that is not one."""
    return (
        None
        if max_nodes is None
        else whole_number("max_nodes", max_nodes, 0, _MAX_NODES),
        None
        if max_seconds is None
        else seconds("max_seconds", max_seconds, _MAX_SECONDS),
        None
        if max_memory is None
        else whole_number("max_memory", max_memory, MIN_MEMORY, 2**62),
    )
