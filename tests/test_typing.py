"""Typing is part of the API: tests/typing/use_every_name.py uses every public name and is
type-checked with the suite (mypy --strict src tests); here it also runs."""

from __future__ import annotations

import pathlib
import re

import yukon

from .typing import use_every_name

PROGRAM = pathlib.Path(use_every_name.__file__)


def test_the_typing_program_uses_every_public_name() -> None:
    source = PROGRAM.read_text()
    for name in yukon.__all__:
        assert re.search(rf"\b{name}\b", source), name


def test_the_typing_program_runs() -> None:
    assert len(use_every_name.main()) > 10


def test_the_package_ships_its_type_marker() -> None:
    assert (pathlib.Path(yukon.__file__).parent / "py.typed").exists()
