"""The twin harness: a public call run on each twin the install has, and compared.

The package states its rules, shuffle, observation, batch and searches twice, in C and
in Python, and :mod:`yukon._implementation` binds one pair member of each (see it). This
module is the one place the tests reach the registry: :func:`on_each` runs a call once
on every twin (``python``, and ``compiled`` where the core is built) through the
registry's :func:`~yukon._implementation.running`, and :func:`alike` asserts that the
answers agree. The tests that use it call only the public API, so a twin test needs no
private name and monkeypatches nothing; RapidFuzz's ``tests/distance/common.py`` is the
model (every call through both its ``_cpp`` and ``_py`` scorers).

Under ``YUKON_IMPLEMENTATION=python`` the core is not loaded, so only the Python twin
runs and :data:`COMPILED` is false: :func:`alike` still runs the call, and the tests
that only compare skip (:func:`needs_both`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TypeVar

import attrs
import pytest

from yukon import State, _implementation
from yukon._state import packed

T = TypeVar("T")

NAMES = tuple(_implementation.TWINS)
"""The twins this install has: ``("python",)`` or ``("python", "compiled")``."""
COMPILED = "compiled" in NAMES
"""Whether the C core's twin is here to compare with."""
if not COMPILED and os.environ.get("YUKON_REQUIRE_CORE"):  # CI: a broken build fails
    raise ImportError("YUKON_REQUIRE_CORE is set but the C core's twin is not built")

needs_both = pytest.mark.skipif(not COMPILED, reason="the C core is not built")
"""For a test that only compares the twins."""


def on_each(call: Callable[[], T]) -> dict[str, T]:
    """``call()`` run once on each twin, by twin name; an exception is the answer."""
    answers: dict[str, T] = {}
    for name in NAMES:
        with _implementation.running(name):
            answers[name] = call()
    return answers


def alike(
    call: Callable[[], T],
    what: str,
    *,
    same: Callable[[T], object] = lambda answer: answer,
) -> T:
    """``call()`` on each twin; asserts ``same`` of each answer is the Python twin's
    (``what`` names the rule or value in the message), and returns the Python answer."""
    answers = on_each(call)
    python = answers["python"]
    for name, answer in answers.items():
        assert same(answer) == same(python), (
            f"{what}: the {name} twin gives {same(answer)!r}, Python {same(python)!r}"
        )
    return python


def raised(call: Callable[[], T]) -> Callable[[], T | Exception]:
    """``call``, giving back the exception it raises instead of raising it."""

    def catching() -> T | Exception:
        try:
            return call()
        except Exception as error:  # the answer compared: its type and words
            return error

    return catching


def refusal(answer: object) -> object:
    """An answer for comparing: an exception as its type, words, refusal (for an
    :class:`~yukon.IllegalMove`) and cause's words; a state as :func:`whole`."""
    if isinstance(answer, Exception):
        cause = answer.__cause__
        return (
            type(answer),
            str(answer),
            getattr(answer, "refusal", None),
            None if cause is None else str(cause),
        )
    if isinstance(answer, State):
        return whole(answer)
    return answer


def whole(state: State) -> tuple[object, ...]:
    """Everything a state holds, for comparing twins' states: its position, score, and
    where each card lies by its own index (which the next moves read, and equality of
    states does not compare)."""
    p = packed(state)
    return (p.key(), p.score, p.where)


def compiled_strays() -> list[str]:
    """While running the Python twin, the package's module names still bound to a
    piece of the compiled twin (the core's own module aside): each would make a
    comparison compare C with C."""
    compiled = _implementation.TWINS.get("compiled")
    if compiled is None:
        return []
    pieces = {
        id(getattr(compiled, field)): field
        for field in attrs.fields_dict(_implementation.Twin)
        if field != "name"
    }
    with _implementation.running("python"):
        return sorted(
            f"{module}.{here} is the compiled {pieces[id(value)]}"
            for module, loaded in list(sys.modules.items())
            if module.startswith("yukon.") and module != "yukon._core"
            for here, value in list(vars(loaded).items())
            if id(value) in pieces
        )
