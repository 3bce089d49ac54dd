"""Public values are checked when built and when unpickled, and the shared ones cannot
be changed in place (issue 58)."""

from __future__ import annotations

import pickle
from typing import Any

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
