"""The worker's game (``web/yukon_web.py``, a thin door onto ``yukon.protocol``) without
a browser: a whole game is won through its JSON, every answer is sealed (no face-down
card, no code of a random deal), the worker's own copy brings the game back after a
reload, and a bad message is answered with the game as it was."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yukon_web

import yukon
from yukon import GameCode, Move, State
from yukon.protocol import Session


@pytest.fixture(autouse=True)
def fresh() -> None:
    """Each test starts as a newly opened page: a worker with no game."""
    yukon_web.SESSION = Session()


def ask(**message: Any) -> dict[str, Any]:
    """A message through the worker's door (JSON text both ways), as the page sends it."""
    answer: dict[str, Any] = json.loads(yukon_web.handle(json.dumps(message)))
    return answer


def named(answer: dict[str, Any]) -> set[str]:
    return set(re.findall(r'"([A2-9TJQK][SHDC])(?=[">])', json.dumps(answer)))


def face_down(state: State) -> set[str]:
    return {str(card) for column in state.columns for card in column.face_down}


def place_of(state: State, move: Move) -> dict[str, int]:
    where = state.locate(move.card)
    if where.pile.kind == "foundation":
        return {"foundation": where.pile.index}
    return {"column": where.pile.index, "index": where.index}


def reload() -> None:
    """The page opened again: a new worker, given what the old one stored."""
    kept = yukon_web.saved()
    yukon_web.SESSION = Session()
    assert yukon_web.restore(kept)


def test_a_game_is_won_through_the_messages_and_none_names_a_face_down_card() -> None:
    code = "YU1-C-AAAAAAB"
    answer = ask(id=1, op="new", code=code)
    assert answer["id"] == 1 and answer["code"] == code  # the player gave it
    assert "saved" not in answer
    state = yukon.deal(code)
    for number, move in enumerate(yukon.solve(state, max_nodes=200_000).moves):
        place = place_of(state, move)
        if move.column is None and state.tap_move(move.card) == move:
            answer = ask(op="tap", place=place)
        else:
            to = "foundation" if move.column is None else move.column
            answer = ask(op="drop", place=place, to=to)
        assert answer["played"], (move, answer["refusal"])
        assert [c["move"] for c in answer["changes"]] == [str(move)]
        state = state.apply(move)
        assert not face_down(state) & named(answer)
        if number == 3:  # an undo, a reload and a redo on the way
            back = ask(op="undo")
            game = yukon_web.SESSION.game
            assert game is not None and not face_down(game.state) & named(back)
            assert back["can_redo"] and game.state.apply(move) == state
            reload()
            assert ask(op="redo")["changes"][0]["move"] == str(move)
    assert answer["view"]["won"] and answer["score"] == yukon.CLEAN_WIN
    reload()
    again = ask(op="show")
    assert again["view"] == answer["view"] and again["moves"] == answer["moves"]


def test_a_random_deal_shows_no_code_until_it_is_given_up() -> None:
    answer = ask(op="new", rules="R")
    game = yukon_web.SESSION.game
    assert game is not None and game.code is not None
    assert "code" not in answer and str(game.code) not in json.dumps(answer)
    assert str(game.code.number) not in re.findall(r"\d+", json.dumps(answer))
    reload()
    assert "code" not in ask(op="show")
    assert ask(op="give_up")["code"] == str(game.code)


def test_a_tap_picks_up_what_cannot_go_home_and_a_card_back_is_refused() -> None:
    ask(op="new", code="YU1-C-AAAAAAB")
    picked = ask(op="tap", place={"column": 1, "index": 5})  # J♥
    assert picked["pick"] and not picked["played"] and picked["moves"] == 0
    back = ask(op="tap", place={"column": 1, "index": 0})
    assert back["refusal"]["code"] == "card-back" and not named(back) & {"9S"}
    dragged = ask(op="drop", place={"column": 1, "index": 0}, to=3)
    assert dragged["refusal"]["code"] == "card-back" and not dragged["played"]
    empty = ask(op="drop", place={"foundation": 0}, to=3)
    assert not empty["played"] and empty["refusal"] is None
    targets = ask(op="targets", place={"column": 6, "index": 6})  # 10♠
    assert targets["targets"] == [1]


def test_a_refusal_comes_in_both_languages() -> None:
    ask(op="new", code="YU1-C-AAAAAAB")
    answer = ask(op="drop", place={"column": 6, "index": 6}, to=0)
    refusal = yukon.deal("YU1-C-AAAAAAB").check(Move.parse("TS>1"))
    assert refusal is not None
    assert answer["refusal"] == {
        "code": "rank-mismatch",
        "en": refusal.message_in("en"),
        "he": refusal.message_in("he"),
    }


def test_settings_hint_and_finish() -> None:
    ask(op="new", code="YU1-R-AAAAAAB")
    answer = ask(op="settings", name="auto_placement", value=True)
    assert answer["settings"]["auto_placement"] is True
    reload()  # the settings are kept with the game
    assert ask(op="show")["settings"]["auto_placement"] is True
    hint = ask(op="hint")["hint"]
    assert (
        hint is not None
        and Move.parse(hint["move"]) in yukon.deal("YU1-R-AAAAAAB").legal_moves()
    )
    refused = ask(op="finish")
    assert refused["refusal"]["code"] == "face-down-left"


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"op": "fly"}, "bad-message"),
        ({"op": "new", "code": "YU1-X-AAAAAAB"}, "bad-code"),
        ({"op": "settings", "name": "speed", "value": True}, "bad-message"),
        ({"op": "settings", "name": "auto_placement", "value": "false"}, "bad-message"),
        ({"op": "tap", "place": {"column": 6.9, "index": 6}}, "bad-message"),
        ({"op": "redo"}, "nothing-to-redo"),
    ],
)
def test_a_bad_message_is_answered_with_the_game_as_it_was(
    message: dict[str, Any], error: str
) -> None:
    before = ask(op="new", code="YU1-C-AAAAAAB")
    answer = ask(**message)
    assert answer["error"] == error and answer["message"]
    assert answer["view"] == before["view"] and answer["settings"] == before["settings"]
    assert json.loads(yukon_web.handle("not json"))["error"] == "bad-json"


def test_a_store_that_does_not_load_leaves_no_game() -> None:
    assert not yukon_web.restore('{"format": "yukon.game"}')
    assert ask(op="show")["error"] == "no-game"
    assert GameCode.parse(ask(op="new", code="YU1-C-AAAAAAB")["code"])


def test_auto_finish_plays_the_rest_once_every_card_is_face_up() -> None:
    code = "YU1-R-AAAAAAB"
    ask(op="new", code=code)
    state = yukon.deal(code)
    for move in yukon.solve(state, max_nodes=200_000).moves:
        if state.face_down_count == 0:
            break
        to = "foundation" if move.column is None else move.column
        assert ask(op="drop", place=place_of(state, move), to=to)["played"]
        state = state.apply(move)
    home = sum(state.foundations)
    finished = ask(op="finish")
    assert finished["view"]["won"] and finished["score"] == yukon.CLEAN_WIN
    moves = [Move.parse(change["move"]) for change in finished["changes"]]
    for move in moves:  # the changes are the moves that finish, in order
        state = state.apply(move)
    assert state.is_won and len(moves) >= 52 - home
