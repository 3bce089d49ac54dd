"""Types of the optional C core (src/yukon/_core*.c, one extension)."""

from collections.abc import Callable, Sequence
from typing import Any, final

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
        weights: tuple[int, int, int, int, int, int, int],
        budget: Budget = ...,
    ) -> None: ...
    def run(self, steps: int, /) -> int:
        """Search up to ``steps`` more positions: 0 while searching, 1 won, 2 lost, 3
        stopped by the memory budget."""
    def line(self) -> list[int]:
        """The winning line as move keys (card * 8 + destination)."""
    def ways(self) -> list[tuple[int, int]]:
        """The way back of each position its budget's store holds, in the order kept:
        (parent, move key), (-1, -1) for the start."""
    def close(self) -> None:
        """Free all the search holds; it cannot run again."""
    @property
    def nodes(self) -> int:
        """Positions searched."""

GROUP_LIMIT: int
FOUNDATION_POINTS: int
FLIP_POINTS: int
MAX_SCORE: int

def shuffled_deck(number: int, /) -> tuple[int, ...]:
    """The deck after the YU1 shuffle of a deal number, as _codes.shuffled_deck."""

def legal_moves(
    columns: tuple[bytes, ...],
    hidden: tuple[int, ...],
    foundations: tuple[int, ...],
    relaxed: bool,
    /,
) -> list[int]:
    """The legal move keys of a position, in the rules' order."""

def dead_end(
    columns: tuple[bytes, ...],
    hidden: tuple[int, ...],
    foundations: tuple[int, ...],
    relaxed: bool,
    moved: int,
    /,
) -> bool:
    """The search's dead-end check (see _prunings.dead_end); moved is a card or -1."""

def apply(
    columns: tuple[bytes, ...],
    hidden: tuple[int, ...],
    foundations: tuple[int, ...],
    relaxed: bool,
    key: int,
    /,
) -> tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...]]:
    """The position after a legal move, as (columns, hidden, foundations)."""

def perft(
    columns: tuple[bytes, ...],
    hidden: tuple[int, ...],
    foundations: tuple[int, ...],
    relaxed: bool,
    depth: int,
    /,
) -> int:
    """The number of move sequences of a length (1 to 6) from a position."""

def fits(relaxed: bool, /) -> bytes:
    """The fit table: fits[c * 53 + t] is 1 when card c may go on card t (52: empty)."""

def _fail_allocation(n: int, /) -> None:
    """For tests: refuse the n-th block asked for from now on (negative: none)."""

def share(searches: Sequence[Seeker], /) -> bool:
    """Make the searches use one table from now on, holding all they have searched;
    False (and nothing changed) when their budget has no room for it."""

def bind(
    position_class: type,
    python_follow: Callable[[Any, int], Any],
    python_take_back: Callable[[Any, int, int, bool], Any],
    /,
) -> None:
    """Bind follow and take_back to the kernel's Position class and its Python follow
    and take_back."""

def take_back(position: Any, key: int, came_from: int, flipped: bool, /) -> Any:
    """The kernel's take_back(position, key, came_from, flipped): the undo made here
    when it can be, else by the Python take_back bound."""

def follow(position: Any, key: int, /) -> Any:
    """The kernel's follow(position, key): a legal move played here, any other handed to
    the Python follow bound, which names the rule it breaks."""

def set_moves(moves: tuple[Any, ...], /) -> None:
    """Bind moves to _moves.MOVES, every Move indexed by its key."""

def moves(position: Any, /) -> tuple[Any, ...]:
    """The kernel's legal moves of a position, as Move objects, in the rules' order."""

def observe(position: Any, perfect: bool, /) -> bytes:
    """The observation of a position, as _observation.observe writes it."""

@final
class Batch:
    """Games held in C and stepped together (see yukon.Batch)."""

    def __new__(cls, positions: Sequence[Any]) -> Batch: ...
    def __len__(self) -> int: ...
    def masks(self) -> bytearray:
        """Each game's action mask, in turn."""
    def observations(self, perfect: bool, /) -> bytearray:
        """Each game's observation, in turn (perfect: face-down cards told apart)."""
    def illegal(self, keys: Sequence[int], /) -> int:
        """The first game, not over, whose key is no legal move there, or -1."""
    def step(self, keys: Sequence[int], score: bool, /) -> tuple[bytes, bytes, bytes]:
        """Play each game's key if legal: the rewards (int32), the over flags, the played flags."""
    def step_views(
        self, keys: Sequence[int], score: bool, /
    ) -> tuple[bytes, bytes, bytes, bytearray, bytearray, bytes]:
        """As step, and each game's action mask, observation and whether it is won."""
    def playouts(self, most: int, seed: int, /) -> bytes:
        """Random legal play, seeded, up to a number of moves a game: the moves played."""
    def flips(
        self, most: int, seed: int, /
    ) -> list[tuple[bytes, list[tuple[int, Any]]]]:
        """As playouts, keeping each game's keys and where it turned a card up."""
    def positions(self) -> list[Any]:
        """The games' positions."""
    def set(self, i: int, position: Any, /) -> None:
        """Game i starts again from a position."""
