"""Changes and views: what a move does, as data a frontend in any language can animate,
and the position as JSON that hides the face-down cards. The property that pins them:
a change's description, applied to the public view of the old position, gives the public
view of the new one, and its inverse gives the old one back."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import Card, Change, Game, Move, Pile, State

from .strategies import games, positions

STATE_SCHEMA = yukon.schema("state")
CHANGE_SCHEMA = yukon.schema("change")


def _pile(view: dict[str, Any], place: dict[str, Any]) -> list[str | None]:
    """The cards a place names in an expanded view, bottom up (``None``: face down)."""
    if "column" in place:
        piles: list[list[str | None]] = view["column_cards"]
        return piles[place["column"]]
    for found in view["foundations"]:
        if found["suit"] == place["foundation"]:
            cards: list[str | None] = found["cards"]
            return cards
    raise AssertionError(place)


def _expand(given: Mapping[str, Any]) -> dict[str, Any]:
    """A view with every pile as a list of cards, so that changes can move them."""
    view = copy.deepcopy(dict(given))
    ranks = "A23456789TJQK"
    for found in view["foundations"]:
        letter = found["suit"][0].upper()
        found["cards"] = [rank + letter for rank in ranks[: found["count"]]]
    view["column_cards"] = [
        [None] * column["hidden"] + column["face_up"] for column in view["columns"]
    ]
    return view


def _apply(view: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    """Play a change's description on a view: what a client in another language does."""
    view = _expand(view)
    source = _pile(view, change["source"])
    cards = source[change["source"]["index"] :]
    assert cards == change["cards"]
    del source[change["source"]["index"] :]
    target = _pile(view, change["destination"])
    assert len(target) == change["destination"]["index"]
    target.extend(cards)
    turn = change["turn"]
    if turn is not None:
        pile = _pile(view, turn["pile"])
        pile[turn["index"]] = turn["card"] if turn["face_up"] else None
    view["score"] += change["score_delta"]
    for found in view["foundations"]:
        found["count"] = len(found.pop("cards"))
    for column, cards in zip(view["columns"], view.pop("column_cards"), strict=True):
        column["hidden"] = sum(card is None for card in cards)
        column["face_up"] = [card for card in cards if card is not None]
    return view


def _comparable(given: Mapping[str, Any]) -> dict[str, Any]:
    """A view without what the plain replay above does not track (tops, won)."""
    view = copy.deepcopy(dict(given))
    for found in view["foundations"]:
        found["top"] = None
    view["won"] = None
    return view


@given(positions(), st.randoms(use_true_random=False))
def test_a_change_played_on_the_old_view_gives_the_new_one(
    state: State, rnd: random.Random
) -> None:
    moves = state.legal_moves()
    if not moves:
        return
    move = rnd.choice(moves)
    change = state.change(move)
    after = state.apply(move)
    before_view, after_view = state.to_dict(), after.to_dict()
    described = change.to_dict()
    jsonschema.validate(described, CHANGE_SCHEMA)
    jsonschema.validate(after_view, STATE_SCHEMA)
    assert _comparable(_apply(before_view, described)) == _comparable(after_view)
    undone = change.inverse().to_dict()
    jsonschema.validate(undone, CHANGE_SCHEMA)
    assert _comparable(_apply(after_view, undone)) == _comparable(before_view)
    assert change.inverse().inverse() == change


@given(positions())
def test_every_legal_move_has_a_change_that_matches_apply(state: State) -> None:
    for move in state.legal_moves():
        change = state.change(move)
        after = state.apply(move)
        assert change.move == move and change.cards[0] == move.card
        assert after.score - state.score == change.score_delta
        assert change.is_return == (state.locate(move.card).pile.is_foundation)
        flipped = change.flipped
        assert (flipped is None) == (after.face_down_count == state.face_down_count)
        if flipped is not None:
            assert after.locate(flipped).face_up and not state.locate(flipped).face_up
        for card in change.cards:
            assert after.locate(card).pile == change.destination


def test_a_change_on_the_first_deal_names_every_part() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    change = state.change("6D>7")  # 6D with the four cards on it, onto 7C
    assert [str(card) for card in change.cards] == ["6D", "QC", "QD", "QH", "9H"]
    assert change.source == Pile.column(5) and change.destination == Pile.column(6)
    assert (change.source_index, change.destination_index) == (5, 11)
    assert str(change.flipped) == "KC" and change.score_delta == 5
    assert change.turn is not None and change.turn.index == 4
    back = change.inverse()
    assert back.is_undo and back.source == Pile.column(6) and back.score_delta == -5
    assert back.turn is not None and not back.turn.face_up and back.flipped is None
    with pytest.raises(yukon.IllegalMove) as refused:
        state.change("7H>2")
    assert refused.value.refusal.code is yukon.RefusalCode.RANK_MISMATCH


def test_outcomes_and_games_say_what_the_last_move_did() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    assert game.last_change is None
    outcome = game.attempt("6D>7")
    assert outcome.change == game.state.change("6D>7")
    assert outcome.game.last_change == outcome.change
    refused = game.attempt("7H>2")
    assert refused.change is None and refused.refusal is not None
    later = outcome.game.play("5H>5")
    assert later.last_change == outcome.game.state.change("5H>5")
    assert later.undo().last_change == outcome.change


@given(positions(), st.randoms(use_true_random=False))
def test_the_hidden_view_never_shows_the_face_down_cards(
    state: State, rnd: random.Random
) -> None:
    columns = [list(column.cards) for column in state.columns]
    down = [c for column in state.columns for c in column.face_down]
    shuffled = list(down)
    rnd.shuffle(shuffled)
    at = 0
    for column, original in zip(columns, state.columns, strict=True):
        column[: original.hidden] = shuffled[at : at + original.hidden]
        at += original.hidden
    other = State.from_layout(
        columns,
        hidden=[column.hidden for column in state.columns],
        foundations=state.foundations,
        rules=state.rules,
        score=state.score,
    )
    assert other.to_dict() == state.to_dict()
    assert json.dumps(state.to_dict()).count('"face_down"') == 0
    full = state.to_dict(hide_face_down=False)
    jsonschema.validate(full, STATE_SCHEMA)
    assert [c["face_down"] for c in full["columns"]] == [
        [str(card) for card in column.face_down] for column in state.columns
    ]


@given(positions())
def test_locate_and_the_counts_agree_with_the_columns(state: State) -> None:
    for number, column in enumerate(state.columns):
        for index, card in enumerate(column.cards):
            where = state.locate(card)
            assert where == yukon.Location(
                Pile.column(number), index, index >= column.hidden
            )
    assert state.cards_home == sum(state.foundations)
    assert state.face_down_count == sum(c.hidden for c in state.columns)
    assert state.all_face_up == (state.face_down_count == 0)
    assert set(state.movable_cards()) == {m.card for m in state.legal_moves()}
    for suit, count in enumerate(state.foundations):
        for rank in range(1, count + 1):
            assert state.locate(Card(rank, suit)) == yukon.Location(
                Pile.foundation(suit), rank - 1, True
            )


@given(games())
def test_every_game_view_validates(game: Game) -> None:
    jsonschema.validate(game.state.to_dict(), STATE_SCHEMA)
    if game.last_change is not None:
        jsonschema.validate(game.last_change.to_dict(), CHANGE_SCHEMA)


@pytest.mark.parametrize("index", [-1, 7, "1", 1.0])
def test_a_pile_is_a_real_column_or_suit(index: object) -> None:
    with pytest.raises((TypeError, ValueError), match=r"index"):
        Pile.column(index)  # type: ignore[arg-type]
    with pytest.raises(yukon.YukonError):
        Pile.foundation(9)
    assert str(Pile.column(4)) == "column 5"
    assert str(Pile.foundation(1)) == "the hearts foundation"


def test_to_dict_takes_only_a_bool() -> None:
    with pytest.raises(TypeError, match="hide_face_down"):
        yukon.deal("YU1-C-AAAAAAB").to_dict(hide_face_down="no")  # type: ignore[arg-type]


def test_moves_of_a_change_are_moves() -> None:
    state = yukon.deal("YU1-R-AAAAAAB")
    for move in state.legal_moves():
        assert isinstance(state.change(move), Change)
        assert Move.parse(state.change(move).to_dict()["move"]) == move


GAME_SCHEMA = yukon.schema("game")


@given(games(), st.integers(0, 10**9))
def test_games_round_trip_as_data_with_their_notes(game: Game, elapsed: int) -> None:
    noted = game.with_meta(elapsed_ms=elapsed, player="Ada", sound=False)
    assert noted.meta == {"elapsed_ms": elapsed, "player": "Ada", "sound": False}
    assert game.meta == {} and noted.state == game.state and noted != game
    data = noted.to_dict()
    jsonschema.validate(data, GAME_SCHEMA)
    for back in (
        Game.from_dict(data),
        Game.from_json(noted.to_json()),
        Game.from_record(noted.to_record()),
    ):
        assert back == noted and back.meta == noted.meta
    assert (
        noted.play(noted.state.legal_moves()[0]).meta == noted.meta
        if (noted.state.legal_moves())
        else True
    )


@pytest.mark.parametrize(
    "notes",
    [{"": 1}, {"with space": 1}, {"x": float("nan")}, {"x": "y" * 5000}],
)
def test_notes_are_small_json_values(notes: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="note"):
        Game.new("YU1-C-AAAAAAB").with_meta(**notes)


def test_a_note_that_is_no_json_value_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="list is no JSON value"):
        Game.new("YU1-C-AAAAAAB").with_meta(x=[1])  # type: ignore[arg-type]


@given(positions(), st.randoms(use_true_random=False))
def test_a_game_from_a_position_plays_and_replays(
    state: State, rnd: random.Random
) -> None:
    game = Game.from_state(state)
    assert game.code is None and game.start == state == game.state
    assert game.move_count == 0 and not game.can_undo and game.info.code is None
    for _ in range(5):
        moves = game.state.legal_moves()
        if not moves:
            break
        game = game.play(rnd.choice(moves))
    data = game.to_dict(hide_face_down=False)
    jsonschema.validate(data, GAME_SCHEMA)
    assert data["code"] is None and data["start"] == state.to_text()
    assert Game.from_dict(data) == game
    assert Game.from_record(game.to_record()) == game
    assert Game.from_json(game.to_json()) == game
    assert game.to_record().startswith("yukon/1 {" + state.to_text() + "}")


def test_records_of_positions_and_notes_are_checked() -> None:
    state = yukon.deal("YU1-C-AAAAAAB").apply("6D>7")
    record = Game.from_state(state).play("5H>5").to_record()
    assert Game.from_record(record).line == (Move.parse("5H>5"),)
    for broken, complaint in [
        (record.replace("}", ""), "no closing"),
        (record.replace("{C ", "{X "), "starting position"),
        ("yukon/1 YU1-C-AAAAAAB meta=!!!", "meta= holds no notes"),
        ("yukon/1 YU1-C-AAAAAAB meta=e30 6C>1", "moves come first"),
    ]:
        with pytest.raises(yukon.InvalidRecord, match=complaint):
            Game.from_record(broken)
    with pytest.raises(TypeError, match="state"):
        Game.from_state("YU1-C-AAAAAAB")  # type: ignore[arg-type]
    old = {
        "format": "yukon.game",
        "version": 1,
        "code": "YU1-C-AAAAAAB",
        "moves": ["6C>1"],
        "counter": 1,
        "undoable": 1,
    }
    assert Game.from_dict(old).meta == {}  # records from before notes load as before
