"""Which implementation of the solver's searches runs: the C core or pure Python.

The environment variable ``YUKON_IMPLEMENTATION``, read once at import, chooses:

- unset or empty: the C core when the package has it, else pure Python;
- ``python``: the pure-Python searches, even where the core is built;
- ``compiled`` (or ``c``): the C core, and an :class:`ImportError` saying so when the
  package has none.

Anything else is refused with an :class:`ImportError` naming the variable. Both give the
same verdicts, node counts and lines; the core is many times faster (the Performance
page has the figures).
"""

from __future__ import annotations

import os
from types import ModuleType

from ._arguments import quote

VARIABLE = "YUKON_IMPLEMENTATION"
COMPILED = ("compiled", "c")
CHOICES = ("", "python", *COMPILED)


def compiled_core() -> ModuleType | None:
    """The ``yukon._core`` module, or ``None`` for the pure-Python searches."""
    choice = os.environ.get(VARIABLE, "").strip().lower()
    if choice not in CHOICES:
        raise ImportError(
            f"{VARIABLE} is 'python' or 'compiled' (or 'c', or unset), "
            f"not {quote(choice)}"
        )
    if choice == "python":
        return None
    try:
        from . import _core
    except ImportError as missing:
        if choice in COMPILED:
            raise ImportError(
                f"{VARIABLE}={choice} asks for the compiled core, but this install of yukon "
                "has none (it was built from source without a C compiler): install a "
                "wheel, or build with a C compiler, or unset the variable"
            ) from missing
        return None
    return _core
