"""What a plain ``pytest`` collects here. The doctests of ``src/yukon`` run only where
that folder is the yukon being tested (a checkout installed with ``pip install -e .``):
in an unpacked sdist tested against the installed package, importing them would bring
a second yukon from ``src/`` beside the installed one, and pytest refuses that ("import
file mismatch"). The package is found without being imported, so that coverage, started
after this file is read, still sees its module-level lines."""

from __future__ import annotations

import importlib.util
import pathlib

SOURCE = pathlib.Path(__file__).resolve().parent / "src" / "yukon"


def _tested_here() -> bool:
    """Whether the yukon that imports is ``src/yukon`` beside this file."""
    found = importlib.util.find_spec("yukon")
    if found is None or found.origin is None:
        return False
    return pathlib.Path(found.origin).resolve().parent == SOURCE


# src/yukon, not src: pytest never ignores a path it was given (testpaths' src), only
# what lies below one.
collect_ignore = [] if _tested_here() else ["src/yukon"]
