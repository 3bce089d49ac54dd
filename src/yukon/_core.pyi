"""Types of the solver's optional C core (src/yukon/_core.c)."""

from collections.abc import Sequence

class Seeker:
    """A best-first search ranked by weights, run a slice at a time."""

    def __init__(
        self,
        columns: tuple[bytes, ...],
        hidden: tuple[int, ...],
        foundations: tuple[int, ...],
        relaxed: bool,
        weights: tuple[int, int, int, int, int, int],
    ) -> None: ...
    def run(self, steps: int) -> int:
        """Search up to ``steps`` more positions: 0 while searching, 1 won, 2 lost."""
    def line(self) -> list[int]:
        """The winning line as move keys (card * 8 + destination)."""
    @property
    def nodes(self) -> int:
        """Positions searched."""

def share(searches: Sequence[Seeker]) -> None:
    """Make the searches use one table from now on, holding all they have searched."""
