"""The search by layers of face-down cards that ``scripts/layers.py`` measures for the
internals page: it searches exactly the positions a search with one table does, only
holding fewer at once, and calls nothing lost that one table wins."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from tests.test_solver import _random_ending

import yukon

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

ROOT = pathlib.Path(__file__).resolve().parents[2]


layers = scripts.load("layers")


def test_lost_deals_by_layers_search_the_positions_one_table_does() -> None:
    """The survey's first 30 classic losses that took 100 to 2 000 positions: the same
    verdict and the same positions, most over several layers; and one position short,
    no verdict."""
    survey = ROOT / "docs" / "data" / "survey-classic-1-20000-30s.jsonl"
    rows = [json.loads(line) for line in survey.read_text().splitlines()]
    codes = [
        r["code"] for r in rows if r["verdict"] == "lost" and 100 <= r["nodes"] <= 2_000
    ][:30]
    assert len(codes) == 30
    several = 0
    for code in codes:
        deal = yukon.deal(code)
        verdict, positions = layers.one_table(deal, 20_000)
        found = layers.by_layers(deal, 20_000)
        assert verdict == found.verdict == "lost", code
        assert found.positions == positions and found.waiting == 0, code
        assert found.largest <= found.most_held <= positions, code
        short = layers.by_layers(deal, positions - 1)  # one position short of the end
        assert short.verdict == "unknown", code
        several += found.layers > 1
    assert several >= 20


def test_layers_and_one_table_agree_on_endgames() -> None:
    """Seeded small endgames: whenever both searches finish they agree, a loss with
    the same positions, and so does the library's solver when it finishes; a search by
    layers that stopped at its budget says unknown."""
    rnd = random.Random(11)
    compared = {"won": 0, "lost": 0}
    solver_agrees = 0
    for _ in range(100):
        state = _random_ending(rnd)
        found = layers.by_layers(state, 1_000)
        verdict, positions = layers.one_table(state, 1_000)
        if found.verdict == "unknown":
            assert found.positions == 1_000 and found.waiting + found.largest > 0
            continue
        if verdict == "unknown":
            continue
        assert found.verdict == verdict
        if verdict == "lost":
            assert found.positions == positions
        compared[verdict] += 1
        solved = yukon.solve(state, max_nodes=6_000).verdict.value
        if solved != "unknown":  # and the library's solver, which the rules test
            assert solved == verdict
            solver_agrees += 1
    assert compared["won"] >= 15 and compared["lost"] >= 4
    assert solver_agrees >= 15


def test_a_search_by_layers_stops_at_its_budget() -> None:
    found = layers.by_layers(yukon.deal("YU1-C-AAAAAKU"), 1_000)
    assert found.verdict == "unknown" and found.positions == 1_000
    assert found.waiting > 0 and found.most_held > found.waiting
    assert found.sent >= found.waiting  # each waiting position was sent at least once


def test_a_deal_split_into_cases_at_its_first_layer_gets_the_solvers_verdict() -> None:
    """A proof by cases: the survey's first ten classic losses of 100 to 2 000
    positions are lost case by case (one of them with no case at all: its first layer
    is all dead ends), and its first ten wins of as few are won by some case; a case
    left unsolved leaves the deal unknown."""
    survey = ROOT / "docs" / "data" / "survey-classic-1-20000-30s.jsonl"
    rows = [json.loads(line) for line in survey.read_text().splitlines()]
    small: dict[str, list[str]] = {"lost": [], "won": []}
    for r in rows:
        if r["verdict"] in small and 100 <= r["nodes"] <= 2_000:
            small[r["verdict"]].append(r["code"])
    for verdict, codes in small.items():
        for code in codes[:10]:
            split = layers.by_cases(yukon.deal(code), 50_000)
            assert split.verdict == verdict, code
            if verdict == "lost":
                assert split.solved["lost"] == split.leading_out, code
            else:
                assert split.solved["won"] == 1, code
    many = next(
        c for c in small["lost"] if layers.by_cases(yukon.deal(c), 1).leading_out > 1
    )
    short = layers.by_cases(yukon.deal(many), 50_000, limit=1)
    assert short.verdict == "unknown" and sum(short.solved.values()) == 1
