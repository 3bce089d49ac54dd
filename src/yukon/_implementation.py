"""The twin registry: every piece stated in both C and Python, bound here once.

The rules' moves and undo, the legal moves, the ``YU1`` shuffle, the observation, the
batch's games and the solver's searches each exist twice: in pure Python (``_rules``,
``_shuffle``, ``_observation``, ``_games``, ``_search``) and in the C core (``_core*.c``).
A :class:`Twin` holds one implementation of them all; :data:`PYTHON` is always there,
:data:`COMPILED` when the package has its core (and ``python`` was not chosen). The environment variable
``YUKON_IMPLEMENTATION``, read once, here, at import, chooses which one the package runs:

- unset or empty: the C core when the package has it, else pure Python;
- ``python``: pure Python, even where the core is built;
- ``compiled`` (or ``c``): the C core, and an :class:`ImportError` saying so when the
  package has none.

Anything else is refused with an :class:`ImportError` naming the variable. Both give the
same positions, moves, decks, observations, verdicts, node counts and lines
(``tests/test_twins.py`` runs each public entry point through both); the core is many
times faster (the Performance page has the figures).

The chosen twin's functions are bound as this module's names (:data:`follow`,
:data:`moves`, ...), and the modules that use them import those names once, so a move
costs no call more than the function itself. :func:`running` lets the tests run a block
on either twin.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from types import ModuleType

import attrs

from ._arguments import quote
from ._games import Games, PythonGames
from ._moves import MOVES, Move
from ._observation import observed
from ._rules import (
    Position,
    moves_of,
)
from ._rules import (
    follow as python_follow,
)
from ._rules import (
    take_back as python_take_back,
)
from ._shuffle import shuffled_deck as python_shuffled_deck

VARIABLE = "YUKON_IMPLEMENTATION"
COMPILED_CHOICES = ("compiled", "c")
CHOICES = ("", "python", *COMPILED_CHOICES)


@attrs.frozen
class Twin:
    """One implementation of every twinned piece."""

    name: str
    """``"python"`` or ``"compiled"``."""
    follow: Callable[[Position, int], Position]
    """:func:`yukon._rules.follow`: a move made (or refused, naming the rule)."""
    take_back: Callable[[Position, int, int, bool], Position]
    """:func:`yukon._rules.take_back`: a move undone."""
    moves: Callable[[Position], tuple[Move, ...]]
    """The legal moves, in the order :func:`yukon._rules.legal_moves` gives them."""
    shuffled_deck: Callable[[int], tuple[int, ...]]
    """The ``YU1`` shuffle of a deal number."""
    observe: Callable[[Position, bool], bytes]
    """What a learner sees: :func:`yukon._observation.observe`."""
    games: Callable[[list[Position]], Games]
    """A batch's games, from their positions."""
    searches: ModuleType | None
    """The compiled searches (``yukon._core``), or ``None`` for the Python ones."""


PYTHON = Twin(
    "python",
    follow=python_follow,
    take_back=python_take_back,
    moves=moves_of,
    shuffled_deck=python_shuffled_deck,
    observe=observed,
    games=PythonGames,
    searches=None,
)
"""The pure-Python twin: the statement of the rules every other is held to."""


def _choice() -> str:
    choice = os.environ.get(VARIABLE, "").strip().lower()
    if choice not in CHOICES:
        raise ImportError(
            f"{VARIABLE} is 'python' or 'compiled' (or 'c', or unset), "
            f"not {quote(choice)}"
        )
    return choice


def _compiled(choice: str) -> Twin | None:
    """The C core's twin, or ``None`` when the package has no core (refused when the
    choice asks for it) or the choice is pure Python (then the core is not loaded)."""
    if choice == "python":
        return None
    try:
        from . import _core
    except ImportError as missing:
        if choice in COMPILED_CHOICES:
            raise ImportError(
                f"{VARIABLE}={choice} asks for the compiled core, but this install of yukon "
                "has none (it was built from source without a C compiler): install a "
                "wheel, or build with a C compiler, or unset the variable"
            ) from missing
        return None
    # the core hands what it cannot make (an illegal move, an odd position) to Python
    _core.bind(Position, python_follow, python_take_back)
    _core.set_moves(MOVES)
    return Twin(
        "compiled",
        follow=_core.follow,
        take_back=_core.take_back,
        moves=_core.moves,
        shuffled_deck=_core.shuffled_deck,
        observe=_core.observe,
        games=_core.Batch,
        searches=_core,
    )


CHOICE = _choice()
"""``YUKON_IMPLEMENTATION`` as read at import: ``""``, ``"python"``, ``"compiled"`` or
``"c"``."""
COMPILED = _compiled(CHOICE)
"""The C core's twin, or ``None`` when the package was built without its core or
``python`` was chosen (the core is then not loaded at all)."""
TWINS = (
    {"python": PYTHON} if COMPILED is None else {"python": PYTHON, "compiled": COMPILED}
)
"""The twins this install has, by name."""
CHOSEN = PYTHON if COMPILED is None or CHOICE == "python" else COMPILED
"""The twin the package runs."""

follow = CHOSEN.follow
take_back = CHOSEN.take_back
moves = CHOSEN.moves
shuffled_deck = CHOSEN.shuffled_deck
observe = CHOSEN.observe
games = CHOSEN.games
searches = CHOSEN.searches

_BOUND = {
    "yukon._implementation": {
        name: name for name in attrs.fields_dict(Twin) if name != "name"
    },
    "yukon._codes": {"fast_shuffled_deck": "shuffled_deck"},
    "yukon._state": {
        "fast_follow": "follow",
        "fast_take_back": "take_back",
        "fast_moves": "moves",
        "fast_observe": "observe",
        "fast_shuffled_deck": "shuffled_deck",
    },
    "yukon._batch": {"twin_games": "games"},
    "yukon._search": {"_core": "searches"},
    "yukon._solver": {"_core": "searches"},
}
"""Where each module binds the chosen twin's pieces: its name for each."""


@contextlib.contextmanager
def running(name: str) -> Iterator[Twin]:
    """Run a block on the twin called ``name`` (``"python"`` or ``"compiled"``): for
    the tests, which run each public entry point on both and compare. Not thread-safe:
    every module's binding changes for the block."""
    twin = TWINS[name]
    was = {
        module: {here: getattr(sys.modules[module], here) for here in names}
        for module, names in _BOUND.items()
        if module in sys.modules
    }
    try:
        for module in was:
            for here, piece in _BOUND[module].items():
                setattr(sys.modules[module], here, getattr(twin, piece))
        yield twin
    finally:
        for module, values in was.items():
            for here, value in values.items():
                setattr(sys.modules[module], here, value)
