"""``scripts/playouts.py``: how often random play turns up a card of a rank dealt face
down."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import GameCode, Rules, State

from . import scripts

# The scripts are not measured (they run three times slower under coverage), and the
# batch they play with gives the same games with or without the C core (its own tests
# hold the two together): the pure-Python stage of .ci/run leaves them to the compiled
# run.
pytestmark = [pytest.mark.no_cover, pytest.mark.same_without_core]

playouts = scripts.load("playouts")


def _face_down(state: State, rank: int | None = None) -> int:
    return sum(
        rank is None or card.rank == rank
        for column in state.columns
        for card in column.face_down
    )


def _played(code: str, rank: int, games: int, moves: int, seed: int) -> tuple[int, int]:
    """The playouts counted one batch of ``playouts.BATCH`` games at a time, as the
    script says it plays them: (turned one up, most cards turned up)."""
    start = yukon.deal(code)
    turned_up = most = 0
    for batch, first in enumerate(range(0, games, playouts.BATCH)):
        batch_of = yukon.Batch([start] * min(playouts.BATCH, games - first))
        batch_of.random_playouts(moves, seed + batch)
        for end in batch_of.states():
            turned_up += _face_down(end, rank) < _face_down(start, rank)
            most = max(most, _face_down(start) - _face_down(end))
    return turned_up, most


def test_random_play_turns_up_a_queen_of_a_won_relaxed_deal() -> None:
    """``YU1-R-AAAAABV`` deals its four Queens face down and is won; some of 1 000
    random games turn one up, and some turn up every card."""
    assert playouts.ranks_face_down("YU1-R-AAAAABV") == [12]
    played = playouts.play_out("YU1-R-AAAAABV", 12, 1_000, 1_000)
    assert played.playouts == 1_000
    assert 0 < played.turned_up < 1_000
    assert played.most == 21


def test_no_move_turns_nothing_up() -> None:
    assert playouts.play_out("YU1-R-AAAAABV", 12, 50, 0) == (50, 0, 0)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, yukon.DEAL_COUNT - 1),
    st.sampled_from(list(Rules)),
    st.integers(1, 30),
    st.integers(0, 200),
    st.integers(0, 2**32),
    st.data(),
)
def test_the_counts_are_those_of_the_batches_it_plays(
    number: int, rules: Rules, games: int, moves: int, seed: int, data: st.DataObject
) -> None:
    """Batches of ``BATCH`` games, seeded one after another, every game counted."""
    code = str(GameCode(number, rules))
    state = yukon.deal(code)
    ranks = sorted({card.rank for column in state.columns for card in column.face_down})
    rank = data.draw(st.sampled_from(ranks))
    played = playouts.play_out(code, rank, games, moves, seed)
    assert played.playouts == games
    assert 0 <= played.turned_up <= games
    assert 0 <= played.most <= _face_down(state)
    assert (played.turned_up, played.most) == _played(code, rank, games, moves, seed)


def test_more_playouts_than_a_batch_play_in_several(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(playouts, "BATCH", 7)
    played = playouts.play_out("YU1-R-AAAAABV", 12, 400, 1_000, seed=5)
    assert played.playouts == 400
    assert (played.turned_up, played.most) == _played(
        "YU1-R-AAAAABV", 12, 400, 1_000, 5
    )
    assert played.turned_up > 0


def test_a_rank_with_no_card_face_down_is_refused() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    up = next(r for r in range(1, 14) if not _face_down(state, r))
    with pytest.raises(ValueError, match="deals no"):
        playouts.play_out("YU1-C-AAAAAAB", up, 10, 10)


def test_the_table_has_a_row_for_each_rank_dealt_face_down(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["YU1-R-AAAACSL", "YU1-C-AAAAAAB", "--playouts", "40"]
    rows = scripts.printed(playouts, argv, monkeypatch, capsys)
    _, most = _played("YU1-R-AAAACSL", 12, 40, 1_000, 0)
    assert rows[2:] == [
        f"| `YU1-R-AAAACSL` | Queens | 40 | 0 | {most} |",
        "| `YU1-C-AAAAAAB` | no rank all | - | - | - |",
    ]


def test_the_won_deals_give_the_lowest_and_the_median_share(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--won", "3", "--playouts", "200", "--moves", "300"]
    rows = scripts.printed(playouts, argv, monkeypatch, capsys)
    ranks = playouts.won_deals(3)
    assert len({code for code, _ in ranks}) == 3
    assert all(rank in playouts.ranks_face_down(code) for code, rank in ranks)
    shares = sorted((_played(code, rank, 200, 300, 0)[0], code) for code, rank in ranks)
    low = f"{shares[0][0] / 200:.2%}".replace("%", " %")
    median = f"{shares[len(shares) // 2][0] / 200:.2%}".replace("%", " %")
    assert rows[2] == f"| 3 | {len(ranks)} | {low} (`{shares[0][1]}`) | {median} |"
