"""Redo: undone moves played again, as KDE Patience and PySolFC offer it; any other move
forgets them; records, JSON and pickles keep them."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import yukon
from yukon import Game, Move

from .strategies import games


@given(games(max_steps=60), st.integers(1, 12))
def test_redo_plays_back_every_undone_move(game: Game, undos: int) -> None:
    undone = game
    taken: list[Move] = []
    while len(taken) < undos and undone.can_undo:
        assert undone.last_move is not None
        taken.append(undone.last_move)
        undone = undone.undo()
    event(f"{len(taken) > 0} undone")
    assert undone.redo_moves[: len(taken)] == tuple(reversed(taken))
    redone = undone
    for move in reversed(taken):
        assert redone.can_redo and redone.redo_moves[0] == move
        redone = redone.redo()
        assert redone.last_change == redone.history[-1][0].change(move)
    assert redone.state == game.state and redone.line == game.line
    assert redone.move_count == game.move_count + len(taken)  # a redo counts as a move
    assert redone.redo_moves == game.redo_moves


@given(games(max_steps=60))
def test_any_other_move_forgets_what_was_left_to_redo(game: Game) -> None:
    if not game.can_undo:
        return
    undone = game.undo()
    assert undone.can_redo
    others = [m for m in undone.state.legal_moves() if m != undone.redo_moves[0]]
    if not others:
        return
    event("another move played")
    played = undone.play(others[0])
    assert not played.can_redo and played.redo_moves == ()
    with pytest.raises(yukon.NothingToRedo):
        played.redo()
    assert undone.play(undone.redo_moves[0]).redo_moves == ()  # play, not redo


def test_a_new_game_has_nothing_to_redo() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    assert not game.can_redo
    with pytest.raises(yukon.NothingToRedo, match="no undone move"):
        game.redo()
    assert isinstance(yukon.NothingToRedo("x"), IndexError)


@given(games(max_steps=80))
def test_what_is_left_to_redo_survives_records_json_and_pickle(game: Game) -> None:
    event(f"{bool(game.redo_moves)} left to redo")
    for again in (
        Game.from_record(game.to_record()),
        Game.from_json(game.to_json()),
        Game.from_dict(json.loads(json.dumps(game.to_dict(hide_face_down=False)))),
        pickle.loads(pickle.dumps(game)),
    ):
        assert again == game and again.redo_moves == game.redo_moves


def test_a_redo_that_is_no_legal_move_is_refused_when_loading() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5").undo()
    record = game.to_record()
    assert record.endswith("redo=5H>5")
    with pytest.raises(yukon.InvalidRecord, match="redo move 1"):
        Game.from_record(record.replace("redo=5H>5", "redo=7C>3"))
    with pytest.raises(yukon.InvalidRecord, match="redo move 2"):
        Game.from_record(record.replace("redo=5H>5", "redo=5H>5,5H>5"))
    data = game.to_dict()
    for bad in ("5H>5", [5], ["5H>5"] * 101):
        with pytest.raises(yukon.InvalidRecord, match="redo"):
            Game.from_dict({**data, "redo": bad})
    with pytest.raises(yukon.InvalidRecord, match="moves come first"):
        Game.from_record(record + " 8C>6")
    assert (
        Game.from_dict({k: v for k, v in data.items() if k != "redo"}).redo_moves == ()
    )
