"""A move said as the board shows it, in the player's language, from the library's
catalogs (issue 58): ``10♠ to column 2``, not ``TS>2``."""

from __future__ import annotations

import pickle
import random

import pytest

import yukon
from yukon import ENGLISH, HEBREW, Catalog, Game, InvalidCatalog, Move, move_message


def test_a_move_is_said_with_the_cards_symbol_and_the_column_as_players_count() -> None:
    assert move_message(Move.parse("TS>2")) == "10♠ to column 2"
    assert move_message(Move.parse("AH>F"), "en") == "A♥ to its foundation"
    assert move_message(Move.parse("TS>2"), "he") == "10♠ לעמודה 2"
    assert move_message(Move.parse("AH>F"), HEBREW) == "A♥ לערימת היסוד שלו"


@pytest.mark.same_without_core  # full-budget hints: 10 s each in pure Python
def test_a_hint_is_said_as_the_board_shows_it() -> None:
    hint = Game.new("YU1-C-AAAAAAB").hint(rng=random.Random(1))
    assert hint is not None
    said = hint.message_in("en")
    assert said == move_message(hint.move, ENGLISH)
    assert hint.move.card.symbol in said and str(hint.move) not in said
    assert hint.message_in("he") == move_message(hint.move, "he")


def test_a_catalog_of_its_own_says_moves_its_way() -> None:
    messages = dict(ENGLISH.messages)
    own = Catalog(
        "fr",
        messages,
        red="rouges",
        black="noires",
        to_column="{card} sur la colonne {column}",
        to_foundation="{card} sur sa fondation",
    )
    assert move_message(Move.parse("TS>2"), own) == "10♠ sur la colonne 2"
    assert move_message(Move.parse("AH>F"), own) == "A♥ sur sa fondation"
    assert pickle.loads(pickle.dumps(own)) == own
    plain = Catalog("x", messages, red="r", black="b")  # English unless told
    assert move_message(Move.parse("TS>2"), plain) == "10♠ to column 2"


@pytest.mark.parametrize(
    ("field", "template"),
    [
        ("to_column", "{card} to {other}"),
        ("to_foundation", "{card} in column {column}"),
        ("to_column", "{column:>5000}"),
        ("to_column", 5),
    ],
)
def test_a_move_template_uses_only_its_fields(field: str, template: object) -> None:
    with pytest.raises(InvalidCatalog):
        Catalog("x", dict(ENGLISH.messages), red="r", black="b", **{field: template})  # type: ignore[arg-type]


def test_move_message_refuses_what_is_no_move_or_catalog() -> None:
    with pytest.raises(TypeError, match="move"):
        move_message("TS>2")  # type: ignore[arg-type]
    with pytest.raises(InvalidCatalog, match="no catalog"):
        move_message(Move.parse("TS>2"), "fr")
    assert yukon.move_message is move_message
