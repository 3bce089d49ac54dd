"""Perft: how many move sequences of depth 1-3 start from fixed deals, as chess libraries
check their move generators. The counts in perft.json come from the reference rules
(``python -m tests.make_perft``), never from the engine."""

from __future__ import annotations

import json
import pathlib

import pytest

import yukon
from yukon import State

from . import reference

FIXTURES: dict[str, list[int]] = json.loads(
    pathlib.Path(__file__).with_name("perft.json").read_text()
)


def perft(state: State, depth: int) -> int:
    if depth == 1:
        return len(state.legal_moves())
    return sum(perft(state.apply(m), depth - 1) for m in state.legal_moves())


def test_fixtures_cover_six_deals_in_each_rule_set() -> None:
    for letter in "CR":
        assert sum(code[4] == letter for code in FIXTURES) >= 6


@pytest.mark.parametrize(("code", "counts"), sorted(FIXTURES.items()))
def test_engine_matches_perft_counts(code: str, counts: list[int]) -> None:
    state = yukon.deal(code)
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(("code", "counts"), sorted(FIXTURES.items()))
def test_fixture_agrees_with_the_reference_rules(code: str, counts: list[int]) -> None:
    state = yukon.deal(code)
    assert [reference.perft(state, depth) for depth in (1, 2)] == counts[:2]
