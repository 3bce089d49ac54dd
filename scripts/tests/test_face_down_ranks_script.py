"""``scripts/face_down_ranks.py``: the ranks a deal puts all face down, and its counts."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import Card, GameCode, Rules

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

face_down_ranks = scripts.load("face_down_ranks")


@settings(max_examples=50)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_a_rank_is_named_when_its_four_cards_are_face_down(
    number: int, rules: Rules
) -> None:
    """A rank is named exactly when all four of its cards are face down."""
    code = str(GameCode(number, rules))
    named = face_down_ranks.ranks_face_down(code)
    state = yukon.deal(code)
    down = {card for column in state.columns for card in column.face_down}
    for rank in range(1, 14):
        every = all(
            Card.parse(f"{'A23456789TJQK'[rank - 1]}{suit}") in down for suit in "SHDC"
        )
        assert every is (rank in named)


def test_the_relaxed_deals_left_open_are_named() -> None:
    """The four relaxed deals the 30 s survey left unknown, with their ranks."""
    assert face_down_ranks.ranks_face_down("YU1-R-AAAABTY") == [8]
    assert face_down_ranks.ranks_face_down("YU1-R-AAAACSL") == [12]
    assert face_down_ranks.ranks_face_down("YU1-R-AAAADAA") == [9]
    assert face_down_ranks.ranks_face_down("YU1-R-AAAAEWW") == [9]
    assert face_down_ranks.ranks_face_down("YU1-C-AAAAAAB") == []


def test_the_tally_counts_every_row_once(tmp_path: pathlib.Path) -> None:
    """A survey file of three rows: each counted under its verdict, and under the rank
    bottleneck only when its deal has one; the open deals are those every file leaves
    unknown."""
    rows = [
        {"code": "YU1-R-AAAACSL", "verdict": "unknown"},
        {"code": "YU1-C-AAAAAAB", "verdict": "won"},
        {"code": "YU1-R-AAAADAA", "verdict": "won"},
    ]
    first = tmp_path / "first.jsonl"
    first.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert face_down_ranks.tally(first) == {
        "won": (2, 1),
        "lost": (0, 0),
        "unknown": (1, 1),
    }
    second = tmp_path / "second.jsonl"
    second.write_text(json.dumps({"code": "YU1-R-AAAACSL", "verdict": "won"}) + "\n")
    assert face_down_ranks.unknown_in([first]) == ["YU1-R-AAAACSL"]
    assert face_down_ranks.unknown_in([first, second]) == []
