"""Value types: built once, then never changed.

attrs makes a frozen class refuse ``card.rank = 3``, but its ``__init__`` can still be
called again on a built value and would rewrite it in place: for the 52 shared cards, for
the rest of the process. :func:`built_once` closes that door.
"""

from __future__ import annotations

from typing import Any, TypeVar

_T = TypeVar("_T", bound=type)


def built_once(cls: _T) -> _T:
    """Make the attrs class ``cls`` refuse to run ``__init__`` on a value already built
    (apply it below ``@attrs.frozen``, so attrs sees the hook)."""

    def __attrs_pre_init__(self: Any) -> None:
        first = type(self).__attrs_attrs__[0].name
        if hasattr(self, first):
            raise TypeError(
                f"a {type(self).__name__} is immutable: __init__ cannot run on it again"
            )

    cls.__attrs_pre_init__ = __attrs_pre_init__  # type: ignore[attr-defined]
    return cls
