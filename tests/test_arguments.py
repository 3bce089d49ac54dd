"""The one rule for arguments (``docs/api.md``, Errors): a value of the wrong type is a
plain ``TypeError``; a value of the right type that is wrong is a ``ValueError``, the
library's own subclass where there is one. Whole numbers come in any integer type."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

import yukon
from yukon import Batch, Card, Game, GameCode, Move, Pile, Settings, State

_DEAL = yukon.deal("YU1-C-AAAAAAB")
_GAME = Game.new("YU1-C-AAAAAAB")
_REFUSAL = _DEAL.check("7H>F")
assert _REFUSAL is not None

_Call = Callable[..., object]

# Each public call with one argument left open: a value of the wrong type, and one of
# the right type that is no good, with the ValueError it raises.
_CALLS: dict[str, tuple[_Call, object, object, type[ValueError]]] = {
    "Card.parse": (Card.parse, 5, "ZZ", yukon.InvalidCard),
    "Card rank": (lambda v: Card(v, 0), 1.5, 14, yukon.InvalidCard),
    "Card suit": (lambda v: Card(1, v), "x", 4, yukon.InvalidCard),
    "Card.from_index": (Card.from_index, "3", 52, yukon.InvalidCard),
    "GameCode.parse": (GameCode.parse, 5, "YU2-C-AAAAAAB", yukon.InvalidGameCode),
    "GameCode number": (lambda v: GameCode(v), "1", -1, yukon.InvalidGameCode),
    "GameCode rules": (lambda v: GameCode(1, v), 5, "X", yukon.InvalidGameCode),
    "deal": (yukon.deal, 5, "YU1-C-AAAAAA", yukon.InvalidGameCode),
    "Game.new": (Game.new, 5, "YU1-X-AAAAAAB", yukon.InvalidGameCode),
    "kpat_deal": (yukon.kpat_deal, "1", -1, yukon.InvalidGameCode),
    "pysolfc_deal": (yukon.pysolfc_deal, "1", 0, yukon.InvalidGameCode),
    "Move.parse": (Move.parse, 5, "8S-5", yukon.InvalidMove),
    "Move.from_key": (Move.from_key, 3.0, 416, yukon.InvalidMove),
    "Move column": (lambda v: Move(Card.parse("AS"), v), "1", 7, yukon.InvalidMove),
    "State.apply": (_DEAL.apply, 5, "8S>9", yukon.InvalidMove),
    "State.check": (_DEAL.check, 5, "8S>9", yukon.InvalidMove),
    "State.tap_move": (_DEAL.tap_move, 5, "1S", yukon.InvalidCard),
    "State.locate": (_DEAL.locate, 5, "1S", yukon.InvalidCard),
    "State.targets": (_DEAL.targets, 5, "1S", yukon.InvalidCard),
    "State.foundation_top": (_DEAL.foundation_top, "x", 4, yukon.InvalidCard),
    "State.from_text": (State.from_text, 5, "C 0", yukon.InvalidPosition),
    "State.from_json": (State.from_json, 5, "{}", yukon.InvalidPosition),
    "Game.play": (_GAME.play, 5, "8S>9", yukon.InvalidMove),
    "Game.attempt": (_GAME.attempt, 5, "8S>9", yukon.InvalidMove),
    "Game.tap": (_GAME.tap, 5, "1S", yukon.InvalidCard),
    "Game.from_record": (
        Game.from_record,
        5,
        "YU1-C-AAAAAAB 8S>9",
        yukon.InvalidRecord,
    ),
    "Game.from_json": (Game.from_json, 5, "[]", yukon.InvalidRecord),
    "Game.from_dict": (Game.from_dict, 5, {"format": "x"}, yukon.InvalidRecord),
    "Game.auto_finish": (
        lambda v: _GAME.auto_finish(max_seconds=v),
        "3",
        float("nan"),
        ValueError,
    ),
    "Game.hint samples": (
        lambda v: _GAME.hint(samples=v),
        "3",
        -1,
        ValueError,
    ),
    "solve max_nodes": (
        lambda v: yukon.solve(_DEAL, max_nodes=v),
        "3",
        -1,
        ValueError,
    ),
    "Refusal.message_in": (_REFUSAL.message_in, 5, "xx", yukon.InvalidCatalog),
    "Pile.column": (Pile.column, "1", 7, ValueError),
    "Pile.foundation": (Pile.foundation, "x", 4, yukon.InvalidCard),
    "Batch.random_playouts": (
        lambda v: Batch([_DEAL]).random_playouts(v, 0),
        "1",
        -1,
        ValueError,
    ),
    "Batch.step": (
        lambda v: Batch([_DEAL]).step(v),
        5,
        [999],
        yukon.InvalidMove,
    ),
}


@pytest.mark.parametrize("name", list(_CALLS))
def test_a_wrong_type_is_a_type_error_and_a_wrong_value_a_value_error(
    name: str,
) -> None:
    call, wrong_type, wrong_value, error = _CALLS[name]
    with pytest.raises(TypeError) as refused:
        call(wrong_type)
    assert not isinstance(refused.value, ValueError)
    assert len(str(refused.value)) < 250
    with pytest.raises(error):
        call(wrong_value)


def test_settings_and_budgets_name_a_wrong_type() -> None:
    with pytest.raises(TypeError, match="double_click"):
        Settings(double_click="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng"):
        yukon.hint_move(_DEAL, rng=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        Game.from_state(5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "integer", [np.int8(3), np.int64(3), np.uint16(3)], ids=["int8", "int64", "uint16"]
)
def test_whole_numbers_come_in_any_integer_type(integer: object) -> None:
    assert Card.from_index(integer) == Card.from_index(3)  # type: ignore[arg-type]
    assert GameCode(integer) == GameCode(3)  # type: ignore[arg-type]
    assert Move.from_key(integer) == Move.from_key(3)  # type: ignore[arg-type]
    assert Move(Card.parse("KS"), integer) == Move(Card.parse("KS"), 3)  # type: ignore[arg-type]
    assert yukon.kpat_deal(integer) == yukon.kpat_deal(3)  # type: ignore[arg-type]
    hint = _GAME.hint(samples=integer, max_nodes=300, rng=random.Random(1))  # type: ignore[arg-type]
    assert hint == _GAME.hint(samples=3, max_nodes=300, rng=random.Random(1))
    assert type(GameCode(integer).number) is int  # type: ignore[arg-type]


def test_bools_are_no_whole_numbers() -> None:
    for call in (Card.from_index, GameCode, Move.from_key):
        with pytest.raises(TypeError):
            call(True)
