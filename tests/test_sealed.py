"""What a player cannot see stays out of the views meant for a player: the defaults
hide face-down cards, and the sealed view carries nothing a face-down card follows
from (no code, no deal number, no move naming a hidden card) until the game is over."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
import referencing
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import Game, GameCode, Move, State, views

from .strategies import games, rules


def registry() -> referencing.Registry[Any]:
    """The shipped schemas by their ``$id``, so one may refer to another."""
    resources = [
        (shape["$id"], referencing.Resource.from_contents(shape))
        for shape in map(yukon.schema, views.SCHEMAS)
    ]
    return referencing.Registry().with_resources(resources)


REGISTRY = registry()


VALIDATORS = {
    name: jsonschema.Draft202012Validator(yukon.schema(name), registry=REGISTRY)
    for name in views.SCHEMAS
}


def validate(document: object, name: str) -> None:
    VALIDATORS[name].validate(document)


def face_down(state: State) -> set[str]:
    return {str(card) for column in state.columns for card in column.face_down}


def named(document: object) -> set[str]:
    """The cards a JSON document names: as a card ("JC") or in a move ("JC>3")."""
    return set(re.findall(r'"([A2-9TJQK][SHDC])(?=[">])', json.dumps(document)))


def leaves(document: object) -> list[object]:
    """Every string and number in a JSON document, keys included."""
    if isinstance(document, dict):
        return [*document, *(x for v in document.values() for x in leaves(v))]
    if isinstance(document, list):
        return [x for v in document for x in leaves(v)]
    return [document]


def deals(document: object, code: GameCode) -> bool:
    """Whether the document carries something that deals ``code``: a string
    ``GameCode.parse`` reads, or the deal number."""
    for leaf in leaves(document):
        if isinstance(leaf, str):
            try:
                if GameCode.parse(leaf).number == code.number:
                    return True
            except (yukon.InvalidGameCode, TypeError):
                pass
        elif type(leaf) is int and leaf == code.number:
            return True
    return False


# -- the defaults hide, and take only a bool ------------------------------------------


def test_the_redo_list_of_a_hidden_save_names_no_card_an_undo_turned_face_down() -> (
    None
):
    """#58: 8S is face down again after the two undos; the hidden save named it."""
    game = Game.new("YU1-C-AAAAAAB").play("TS>2").play("8S>6").undo().undo()
    assert "8S" in face_down(game.state)
    saved = game.to_dict(hide_face_down=True)
    assert saved["redo"] == ["TS>2"] and "8S" not in named(saved)
    loaded = Game.from_dict(saved)
    assert loaded.redo_moves == (Move.parse("TS>2"),) and loaded.state == game.state
    assert game.to_dict(hide_face_down=False)["redo"] == ["TS>2", "8S>6"]


def test_every_to_dict_hides_face_down_cards_by_default() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("TS>2").play("8S>6").undo()
    change = game.play("8S>6").last_change
    assert change is not None and change.turn is not None
    assert change.inverse().to_dict()["turn"]["card"] is None  # type: ignore[index]
    assert change.inverse().turn.to_dict()["card"] is None  # type: ignore[union-attr]
    assert game.to_dict()["position"] is None
    assert game.to_dict() == game.to_dict(hide_face_down=True)
    assert "face_down" not in game.state.to_dict()["columns"][6]
    assert json.loads(game.to_json())["position"] is not None  # the whole record


@pytest.mark.parametrize("value", ["no", None, 1, 0, [0], 1.0])
def test_hide_face_down_takes_only_a_bool(value: object) -> None:
    game = Game.new("YU1-C-AAAAAAB").play("TS>2")
    change = game.last_change
    assert change is not None and change.turn is not None
    calls: list[Callable[[], object]] = [
        lambda: game.to_dict(hide_face_down=value),  # type: ignore[arg-type]
        lambda: change.to_dict(hide_face_down=value),  # type: ignore[arg-type]
        lambda: change.turn.to_dict(hide_face_down=value),  # type: ignore[union-attr,arg-type]
        lambda: game.state.to_dict(hide_face_down=value),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError, match="hide_face_down"):
            call()


def test_a_game_from_a_position_is_saved_whole_only_when_asked() -> None:
    game = Game.from_state(yukon.deal("YU1-C-AAAAAAB"))
    with pytest.raises(ValueError, match="hide_face_down"):
        game.to_dict()
    assert Game.from_dict(game.to_dict(hide_face_down=False)) == game


# -- the sealed view ------------------------------------------------------------------

sealed_codes = st.builds(
    GameCode, st.integers(min_value=10**6, max_value=yukon.DEAL_COUNT - 1), rules
)


@given(games(max_steps=80, codes=sealed_codes))
def test_a_sealed_view_names_no_hidden_card_and_carries_no_deal(game: Game) -> None:
    assert game.code is not None
    change = game.last_change
    changes = () if change is None else (change,)
    sealed = game.sealed(changes)
    validate(sealed, "sealed")
    assert not face_down(game.state) & named(sealed)
    assert sealed["state"] == game.state.to_dict()
    assert (sealed["undo"] > 0, sealed["redo"] > 0) == (game.can_undo, game.can_redo)
    if game.is_won:
        assert sealed["code"] == str(game.code)
    else:
        assert sealed["code"] is None and not deals(sealed, game.code)
    given_up = game.sealed(given_up=True)
    assert given_up["code"] == str(game.code) and given_up["given_up"]
    if game.can_undo and change is not None:
        undone = game.undo()
        back = undone.sealed((change.inverse(),))
        validate(back, "sealed")
        assert not face_down(undone.state) & named(back)
        assert not deals(back, game.code)
        redo = back["next_redo"]
        assert redo is not None and back["redo"] >= 1
        where = undone.state.locate(change.move.card)
        spot = redo["place"]
        assert spot.get("column", spot.get("foundation")) == where.pile.index


def test_a_sealed_view_addresses_redo_by_place_and_keeps_the_clock() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("TS>2").play("8S>6").undo().undo()
    sealed = game.with_meta(elapsed_ms=61_000).sealed()
    assert sealed["next_redo"] == {"place": {"column": 6, "index": 6}, "to": 1}
    assert sealed["redo"] == 2 and sealed["elapsed_ms"] == 61_000
    assert "8S" not in named(sealed) and "TS>2" not in json.dumps(sealed)
    assert game.with_meta(elapsed_ms="soon").sealed()["elapsed_ms"] is None


def test_a_sealed_view_refuses_a_change_naming_a_card_now_face_down() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("TS>2")
    change = game.last_change
    assert change is not None
    with pytest.raises(ValueError, match="face down"):
        game.undo().sealed((change,))  # the change turned 8S up; it is down again
    with pytest.raises(TypeError, match="changes"):
        game.sealed(("TS>2",))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="given_up"):
        game.sealed(given_up=1)  # type: ignore[arg-type]


def test_a_game_from_a_position_has_no_code_to_reveal() -> None:
    game = Game.from_state(yukon.deal("YU1-C-AAAAAAB"))
    assert game.sealed(given_up=True)["code"] is None
