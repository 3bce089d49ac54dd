"""Public values are checked when built and when unpickled, and the shared ones cannot
be changed in place (issue 58)."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

import yukon
from yukon import (
    CATALOGS,
    ENGLISH,
    HEBREW,
    Card,
    Column,
    InvalidPosition,
    Move,
    Pile,
    Refusal,
    RefusalCode,
)


def _state_form(cls: type[Any], fields: dict[str, object]) -> bytes:
    """A pickle of a ``cls`` holding ``fields`` in the default form of attrs values
    (built without the constructor, then given its fields): as an attacker crafts
    one, and as values were pickled before their constructors checked fields."""

    class Fake:
        def __reduce__(self) -> tuple[object, ...]:
            return (object.__new__, (cls,), fields)

    return pickle.dumps(Fake())


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("column", 99), ValueError),
        (("column", 7), ValueError),
        (("column", -1), ValueError),
        (("foundation", 4), ValueError),
        (("bogus", 0), ValueError),
        (("column", True), TypeError),
        (("column", "3"), TypeError),
    ],
)
def test_a_pile_is_a_place_on_the_board(
    args: tuple[Any, Any], error: type[Exception]
) -> None:
    with pytest.raises(error, match=r"kind|index"):
        Pile(*args)
    kind, index = args
    with pytest.raises(error, match=r"kind|index"):
        pickle.loads(_state_form(Pile, {"kind": kind, "index": index}))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (((), 5), InvalidPosition),
        (((), -1), InvalidPosition),
        ((("x",), 0), TypeError),
        (([Card.parse("KS")], 0), TypeError),
        (((Card.parse("KS"),), 1), InvalidPosition),  # the last card is face up
        (((Card.parse("KS"), Card.parse("KS")), 0), InvalidPosition),
        (((Card.parse("KS"),), "0"), TypeError),
    ],
)
def test_a_column_is_cards_with_its_face_down_count(
    args: tuple[Any, Any], error: type[Exception]
) -> None:
    with pytest.raises(error, match=r"cards|hidden|card"):
        Column(*args)
    cards, hidden = args
    with pytest.raises(error):
        pickle.loads(_state_form(Column, {"cards": cards, "hidden": hidden}))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((RefusalCode.GROUP_TOO_LARGE, Move.parse("8S>2"), None, -1), ValueError),
        ((RefusalCode.GROUP_TOO_LARGE, Move.parse("8S>2"), None, 53), ValueError),
        ((RefusalCode.GROUP_TOO_LARGE, Move.parse("8S>2"), None, True), TypeError),
        (("group-too-large", Move.parse("8S>2"), None, 2), TypeError),
        ((RefusalCode.RANK_MISMATCH, "8S>2", None, 1), TypeError),
        ((RefusalCode.RANK_MISMATCH, Move.parse("8S>2"), "9H", 1), TypeError),
    ],
)
def test_a_refusal_holds_a_code_a_move_a_card_and_a_size(
    args: tuple[Any, ...], error: type[Exception]
) -> None:
    with pytest.raises(error, match=r"code|move|other|size"):
        Refusal(*args)
    names = ("code", "move", "other", "size")
    with pytest.raises(error):
        pickle.loads(_state_form(Refusal, dict(zip(names, args, strict=True))))


def test_good_values_still_build_and_pickle() -> None:
    values = [
        Pile("column", 6),
        Pile.foundation(3),
        Column((Card.parse("AS"), Card.parse("KH")), 1),
        Column((), 0),
        Refusal(RefusalCode.GROUP_TOO_LARGE, Move.parse("8S>2"), None, 22),
        Refusal(RefusalCode.CARD_BACK, None),
        yukon.deal("YU1-C-AAAAAAB").columns[6],
    ]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
        kind: Any = type(value)
        fields = {a.name: getattr(value, a.name) for a in kind.__attrs_attrs__}
        assert pickle.loads(_state_form(type(value), fields)) == value


def test_the_shipped_catalogs_cannot_be_replaced() -> None:
    with pytest.raises(TypeError):
        CATALOGS["en"] = HEBREW  # type: ignore[index]
    assert CATALOGS["en"] is ENGLISH and yukon.CATALOGS["he"] is HEBREW
    assert Refusal(RefusalCode.CARD_BACK, None).message_in("en") == (
        "A face-down card cannot be moved."
    )


def _a_change_that_turns_a_card() -> yukon.Change:
    game = yukon.Game.new("YU1-C-AAAAAAB")
    for move in game.state.legal_moves():
        change = game.play(move).last_change
        if change is not None and change.turn is not None:
            return change
    raise AssertionError("deal 1 has a first move that turns a card up")


_CHANGE = _a_change_that_turns_a_card()


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("card", "KS", TypeError),
        ("pile", ("column", 1), TypeError),
        ("index", -1, ValueError),
        ("index", 52, ValueError),
        ("index", True, TypeError),
        ("face_up", 1, TypeError),
    ],
)
def test_a_turn_is_a_card_turning_in_its_pile(
    field: str, value: Any, error: type[Exception]
) -> None:
    turn = _CHANGE.turn
    assert turn is not None
    with pytest.raises(error, match=field):
        attrs.evolve(turn, **{field: value})
    fields = {**attrs.asdict(turn, recurse=False), field: value}
    with pytest.raises(error, match=field):
        pickle.loads(_state_form(yukon.Turn, fields))


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("move", "AH>F", TypeError),
        ("cards", (), TypeError),
        ("cards", [Card.parse("KS")], TypeError),
        ("cards", ("KS",), TypeError),
        ("source", 0, TypeError),
        ("source_index", 52, ValueError),
        ("destination", None, TypeError),
        ("destination_index", -1, ValueError),
        ("turn", "up", TypeError),
        ("score_delta", 1.5, TypeError),
        ("score_delta", True, TypeError),
        ("is_return", 0, TypeError),
        ("is_undo", None, TypeError),
    ],
)
def test_a_change_holds_what_a_move_does(
    field: str, value: Any, error: type[Exception]
) -> None:
    with pytest.raises(error, match=field):
        attrs.evolve(_CHANGE, **{field: value})
    fields = {**attrs.asdict(_CHANGE, recurse=False), field: value}
    with pytest.raises(error, match=field):
        pickle.loads(_state_form(yukon.Change, fields))


def test_changes_and_turns_round_trip_through_pickle() -> None:
    for change in (_CHANGE, _CHANGE.inverse()):
        assert pickle.loads(pickle.dumps(change)) == change
        assert pickle.loads(pickle.dumps(change.turn)) == change.turn
    with pytest.raises(TypeError, match="immutable"):
        _CHANGE.__setstate__(attrs.asdict(_CHANGE, recurse=False))  # type: ignore[attr-defined]
