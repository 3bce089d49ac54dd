"""Checks on the arguments of public calls, and the excerpts error messages quote.

One rule for every public call: an argument of the wrong type raises a plain
:class:`TypeError`, and one of the right type whose value is wrong (text that names no
card, a number out of range) a :class:`ValueError`, the library's own subclass where
there is one; each names the argument, before any work starts. A budget that is ``nan``
must not mean "run for ever", and a string must not fail somewhere deep inside. A whole
number may be of any integer type (anything with ``__index__``, such as NumPy's), but
not a bool.
"""

from __future__ import annotations

import math
import operator
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


def as_int(name: str, value: object) -> int:
    """``value`` as a Python int: any integer type but bool, else :class:`TypeError`."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    return operator.index(value)  # type: ignore[arg-type]


def whole_number(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high``."""
    number = as_int(name, value)
    if not low <= number <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {quote(value)}")
    return number


def index(
    name: str, value: object, low: int, high: int, *, error: type[Exception]
) -> int:
    """``value`` as an int from ``low`` to ``high``, ``error`` when out of range (an
    :class:`IndexError` for a place in a sequence)."""
    number = as_int(name, value)
    if not low <= number <= high:
        raise error(f"{name} must be from {low} to {high}, not {quote(value)}")
    return number


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
