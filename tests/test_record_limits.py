"""The move counter's limit and records play cannot produce (issue 58)."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yukon import UNDO_LIMIT, Game, InvalidRecord

LIMIT = 10**12
"""The largest move counter a record holds (records.md)."""


def _at_the_limit() -> Game:
    data = dict(Game.new("YU1-C-AAAAAAB").to_dict(), counter=LIMIT, undoable=0)
    return Game.from_dict(data)


def test_a_game_at_the_counter_limit_plays_on_and_every_position_saves_and_loads() -> (
    None
):
    game = _at_the_limit()
    assert game.move_count == LIMIT
    for move in ("TS>2", "8S>6"):
        game = game.play(move)
        assert game.move_count == LIMIT  # the counter stops where records stop
        assert Game.from_record(game.to_record()) == game
        assert Game.from_json(game.to_json()) == game
        assert Game.from_dict(game.to_dict()) == game
        assert pickle.loads(pickle.dumps(game)) == game
    game = game.undo().redo()
    assert game.move_count == LIMIT
    assert Game.from_json(game.to_json()) == game


def _data(**fields: object) -> dict[str, object]:
    game = Game.new("YU1-C-AAAAAAB").play("TS>2").play("8S>6").undo()
    return dict(game.to_dict(), position=None, score=None, **fields)


@pytest.mark.parametrize(
    "fields",
    [
        {"moves": [], "counter": 0, "undoable": 0, "redo": ["TS>2"]},
        {"moves": ["TS>2"], "counter": 1, "undoable": 1, "redo": ["8S>6"]},
    ],
)
def test_a_record_with_more_to_redo_than_its_counter_counts_is_refused(
    fields: dict[str, object],
) -> None:
    with pytest.raises(InvalidRecord, match="redo"):
        Game.from_dict(_data(**fields))


def test_a_record_with_more_to_undo_and_redo_than_undo_keeps_is_refused() -> None:
    game = Game.new("YU1-R-AAAAAAB")
    while game.move_count < UNDO_LIMIT + 5:
        game = game.play(game.state.legal_moves()[0])
    for _ in range(5):
        game = game.undo()
    data = game.to_dict()
    assert data["undoable"] == UNDO_LIMIT - 5 and len(data["redo"]) == 5
    Game.from_dict(data)  # what play made loads
    with pytest.raises(InvalidRecord, match="redo"):
        Game.from_dict(dict(data, undoable=UNDO_LIMIT))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from("puu r"), max_size=60), st.randoms())
def test_every_game_play_makes_loads(steps: list[str], rnd: random.Random) -> None:
    game = Game.new("YU1-C-AAAAAAB")
    for step in steps:
        if step == "p" and game.state.legal_moves():
            game = game.play(rnd.choice(game.state.legal_moves()))
        elif step == "u" and game.can_undo:
            game = game.undo()
        elif step == "r" and game.can_redo:
            game = game.redo()
    assert Game.from_json(game.to_json()) == game
    assert Game.from_record(game.to_record()) == game
