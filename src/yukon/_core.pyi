"""Types of the solver's optional C core (src/yukon/_core.c)."""

from collections.abc import Sequence
from typing import final

@final
class Budget:
    """A memory budget in bytes, shared by the searches of one solve."""

    def __new__(cls, limit: int) -> Budget: ...
    @property
    def used(self) -> int:
        """Bytes the searches counting on it hold."""
    @property
    def peak(self) -> int:
        """The most bytes they ever held at once."""
    @property
    def limit(self) -> int:
        """The most bytes they may hold."""

@final
class Seeker:
    """A best-first search ranked by weights, run a slice at a time."""

    def __init__(
        self,
        columns: tuple[bytes, ...],
        hidden: tuple[int, ...],
        foundations: tuple[int, ...],
        relaxed: bool,
        weights: tuple[int, int, int, int, int, int],
        budget: Budget = ...,
    ) -> None: ...
    def run(self, steps: int, /) -> int:
        """Search up to ``steps`` more positions: 0 while searching, 1 won, 2 lost, 3
        stopped by the memory budget."""
    def line(self) -> list[int]:
        """The winning line as move keys (card * 8 + destination)."""
    def close(self) -> None:
        """Free all the search holds; it cannot run again."""
    @property
    def nodes(self) -> int:
        """Positions searched."""

def _fail_allocation(n: int, /) -> None:
    """For tests: refuse the n-th block asked for from now on (negative: none)."""

def share(searches: Sequence[Seeker], /) -> bool:
    """Make the searches use one table from now on, holding all they have searched;
    False (and nothing changed) when their budget has no room for it."""
