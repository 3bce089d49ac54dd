"""The JSON views: one pattern of format tags, version the integer 1, schemas shipped in
the package and read with ``yukon.schema``, and TypedDicts that say the same."""

from __future__ import annotations

import json
import re
import typing

import jsonschema
import pytest
from hypothesis import given

import yukon
from yukon import Game, State, views

from .strategies import games


@given(games(max_steps=40))
def test_every_view_carries_its_format_and_validates(game: Game) -> None:
    state = game.state
    documents = {
        "state": state.to_dict(),
        "position": json.loads(state.to_json()),
        "game": game.to_dict(),
    }
    if game.last_change is not None:
        documents["change"] = game.last_change.to_dict()
    for name, document in documents.items():
        assert document["format"] == f"yukon.{name}"
        assert type(document["version"]) is int and document["version"] == 1
        jsonschema.validate(document, yukon.schema(name))


def test_the_format_tags_follow_one_pattern() -> None:
    """Every view's; a message and its answer are the protocol's, with no tag."""
    for name in set(views.SCHEMAS) - {"message", "answer"}:
        shape = yukon.schema(name)
        assert shape["properties"]["format"] == {"const": f"yukon.{name}"}
        assert shape["properties"]["version"] == {"type": "integer", "const": 1}
        assert re.fullmatch(r"yukon\.[a-z]+", f"yukon.{name}")


@pytest.mark.parametrize("version", [1.0, True, "1", 2, None])
def test_a_version_that_is_not_the_integer_1_is_refused(version: object) -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    position = json.loads(state.to_json())
    saved = Game.new("YU1-C-AAAAAAB").to_dict()
    with pytest.raises(yukon.InvalidPosition, match="version"):
        State.from_json(json.dumps({**position, "version": version}))
    with pytest.raises(yukon.InvalidRecord, match="version"):
        Game.from_dict({**saved, "version": version})
    if type(version) is not float:  # JSON Schema counts 1.0 an integer; the reader not
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(
                {**position, "version": version}, yukon.schema("position")
            )


def test_schemas_ship_inside_the_package() -> None:
    from importlib import resources

    folder = resources.files("yukon").joinpath("schemas")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    assert names == sorted(f"{name}.schema.json" for name in views.SCHEMAS)
    for name in views.SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(yukon.schema(name))
    with pytest.raises(ValueError, match="one of state"):
        yukon.schema("moves")
    with pytest.raises(TypeError):
        yukon.schema(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("view", "name"),
    [
        (views.StateView, "state"),
        (views.ChangeView, "change"),
        (views.PositionData, "position"),
        (views.GameData, "game"),
        (views.SealedView, "sealed"),
    ],
)
def test_the_typed_dicts_name_the_schemas_fields(view: type, name: str) -> None:
    shape = yukon.schema(name)
    assert set(typing.get_type_hints(view)) == set(shape["properties"])
    assert set(view.__required_keys__) >= set(shape["required"])  # type: ignore[attr-defined]


def test_a_refusal_prints_as_its_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    refusal = yukon.deal("YU1-C-AAAAAAB").check("7C>3")
    assert refusal is not None
    print(refusal)
    assert capsys.readouterr().out == refusal.message + "\n"


def _face_down_names(state: State) -> set[str]:
    return {str(card) for column in state.columns for card in column.face_down}


def _named(document: object) -> set[str]:
    """The cards a JSON document names: as a card ("JC") or in a move ("JC>3")."""
    return set(re.findall(r'"([A2-9TJQK][SHDC])(?=[">])', json.dumps(document)))


@given(games(max_steps=60))
def test_views_that_hide_face_down_cards_name_none_and_still_validate(
    game: Game,
) -> None:
    """What a client that only sees what a player sees receives: the state view, the
    change of the last move and of its undo, and the saved game, none naming a card
    face down after them; the saved game loads the same game, but for the moves to redo
    from the first whose card is face down now, which it cannot name."""
    hidden = _face_down_names(game.state)
    saved = game.to_dict(hide_face_down=True)
    jsonschema.validate(saved, yukon.schema("game"))
    assert saved["position"] is None
    assert not hidden & _named(saved)
    loaded, kept = Game.from_dict(saved), len(saved["redo"])
    assert loaded.redo_moves == game.redo_moves[:kept]
    if kept < len(game.redo_moves):
        assert str(game.redo_moves[kept].card) in hidden
        assert {**loaded.to_dict(hide_face_down=False), "redo": []} == {
            **game.to_dict(hide_face_down=False),
            "redo": [],
        }
    else:
        assert loaded == game
    view = game.state.to_dict(hide_face_down=True)
    assert not hidden & _named(view)
    change = game.last_change
    if game.can_undo and change is not None:
        undone = game.undo()
        back = change.inverse().to_dict(hide_face_down=True)
        jsonschema.validate(back, yukon.schema("change"))
        assert not _face_down_names(undone.state) & _named(back)
        if change.turn is not None:  # the undo turns that card face down again
            turn = back["turn"]
            assert turn is not None and turn["card"] is None
            shown = change.inverse().to_dict(hide_face_down=False)["turn"]
            assert shown is not None and shown["card"] == str(change.turn.card)


def test_a_game_from_a_position_cannot_hide_its_start() -> None:
    game = Game.from_state(yukon.deal("YU1-C-AAAAAAB"))
    with pytest.raises(ValueError, match="game code"):
        game.to_dict(hide_face_down=True)


def test_the_undo_of_a_flip_hides_the_card_it_turns_face_down() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("TS>2")  # turns 8S up in column 7
    change = game.last_change
    assert change is not None and change.turn is not None
    back = change.inverse().to_dict(hide_face_down=True)
    assert back["turn"] == {
        "card": None,
        "pile": {"column": 6},
        "index": 5,
        "face_up": False,
    }
    assert "8S" not in json.dumps(back) and "8S" in json.dumps(change.to_dict())
    jsonschema.validate(back, yukon.schema("change"))
