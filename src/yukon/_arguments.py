"""Checks on the arguments of public calls, and the excerpts error messages quote.

A wrong type raises :class:`TypeError` and a value out of range :class:`ValueError`, each
naming the argument, before any work starts: a budget that is ``nan`` must not mean "run
for ever", and a string must not fail somewhere deep inside.
"""

from __future__ import annotations

import math
from typing import TypeVar

EXCERPT = 40
"""The most characters of a caller's text an error message quotes."""

SHOWN = 2 * EXCERPT
"""The most characters the quoted text takes written out, quotes aside: a character
Python cannot print is written as an escape of up to ten."""

_T = TypeVar("_T")


def excerpt(text: str) -> str:
    """``text`` quoted for an error message: whole when short, else its start, cut
    where the reader can see it was cut."""
    if len(text) <= EXCERPT and len(repr(text)) <= SHOWN + 2:
        return repr(text)
    start = text[:EXCERPT]
    while len(repr(start)) > SHOWN + 2:
        start = start[:-1]
    return f"{start!r}... ({len(text)} characters)"


def quote(value: object) -> str:
    """Any value a caller gave, as an error message shows it: text by :func:`excerpt`,
    a whole number of 30 digits or more by its size (Python will not write one of
    thousands), anything else by its repr, cut as text is. It never raises: a repr
    that fails gives the type's name, so the error being raised is the one seen."""
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, int) and abs(value) >= 10**30:
        return f"a number of {value.bit_length()} bits"
    try:
        written = repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    if len(written) <= SHOWN:
        return written
    return f"{written[:SHOWN]}... (a {type(value).__name__})"


def whole_number(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high``."""
    if type(value) is not int:
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {quote(value)}")
    return value


def seconds(name: str, value: object, high: float) -> float:
    """``value`` as a finite number of seconds from 0 to ``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(
            f"{name} must be a number of seconds, not {type(value).__name__}"
        )
    if isinstance(value, int) and not 0 <= value <= high:
        raise ValueError(f"{name} must be from 0 to {high:g} seconds")
    number = float(value)
    if math.isnan(number) or not 0 <= number <= high:
        raise ValueError(
            f"{name} must be from 0 to {high:g} seconds, not {quote(value)}"
        )
    return number


def boolean(name: str, value: object) -> bool:
    """``value``, which must be ``True`` or ``False`` (not merely truthy)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {quote(value)}")
    return value


def instance(name: str, value: object, kind: type[_T], what: str) -> _T:
    """``value``, which must be a ``kind``; ``what`` says what is expected."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    return value
