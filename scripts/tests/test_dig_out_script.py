"""``scripts/dig_out.py``: a search for a position where a card of a rank dealt face
down has turned up."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import GameCode, Rules, State

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and they
# play by the rules' Python functions with or without the C core: the pure-Python stage
# of .ci/run leaves them to the compiled run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

dig_out = scripts.load("dig_out")
face_down_ranks = scripts.load("face_down_ranks")


def _face_down(state: State, rank: int) -> int:
    return sum(
        card.rank == rank for column in state.columns for card in column.face_down
    )


def _holds_to_its_statement(code: str, rank: int, positions: int) -> Any:
    """The line, when there is one, keeps every card of ``rank`` down until its last
    move turns one up; the search keeps to its budget. Returns what it found."""
    dug = dig_out.dig_out(code, rank, positions)
    assert 1 <= dug.positions <= positions
    state = yukon.deal(code)
    down = _face_down(state, rank)
    if dug.line is None:
        assert dug.ended or dug.positions == positions
        return dug
    assert not dug.ended
    for move in dug.line[:-1]:
        state = state.apply(move)
        assert _face_down(state, rank) == down
    assert _face_down(state.apply(dug.line[-1]), rank) == down - 1
    return dug


def test_a_queen_of_a_won_relaxed_deal_turns_up() -> None:
    """``YU1-R-AAAAABV`` deals its four Queens face down, and is won in 757 positions:
    the search turns one up within its first 1 000 positions."""
    assert face_down_ranks.ranks_face_down("YU1-R-AAAAABV") == [12]
    assert _holds_to_its_statement("YU1-R-AAAAABV", 12, 1_000).line is not None


@settings(max_examples=30)
@given(st.integers(0, yukon.DEAL_COUNT - 1), st.sampled_from(list(Rules)), st.data())
def test_a_line_turns_a_card_up_with_its_last_move(
    number: int, rules: Rules, data: st.DataObject
) -> None:
    code = str(GameCode(number, rules))
    state = yukon.deal(code)
    ranks = sorted({card.rank for column in state.columns for card in column.face_down})
    rank = data.draw(st.sampled_from(ranks))
    _holds_to_its_statement(code, rank, data.draw(st.integers(1, 300)))


def test_a_search_that_ends_is_a_loss_the_solver_proves() -> None:
    """``YU1-C-AAAAHTE`` is lost: no Ace it deals face down ever turns up, and the search
    says so after every position it can reach with them down."""
    dug = dig_out.dig_out("YU1-C-AAAAHTE", 1, 10_000)
    assert dug.ended and dug.line is None and 1 < dug.positions < 10_000
    assert yukon.solve(yukon.deal("YU1-C-AAAAHTE")).verdict is yukon.Verdict.LOST


def test_a_rank_with_no_card_face_down_is_refused() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    up = next(r for r in range(1, 14) if not _face_down(state, r))
    with pytest.raises(ValueError, match="deals no"):
        dig_out.dig_out("YU1-C-AAAAAAB", up, 100)


def test_the_table_has_a_row_for_each_rank_dealt_face_down(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["YU1-R-AAAACSL", "YU1-C-AAAAAAB", "--positions", "50"]
    rows = scripts.printed(dig_out, argv, monkeypatch, capsys)
    assert rows[2:] == [
        "| `YU1-R-AAAACSL` | Queens | 50 | none |",
        "| `YU1-C-AAAAAAB` | no rank all | - | - |",
    ]
