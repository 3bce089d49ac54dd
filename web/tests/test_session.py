"""The worker's game (``web/yukon_web.py``) without a browser: every answer is what a
player sees, a whole game is won through its messages, and a bad message is answered
with the game as it was."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yukon_web

import yukon
from yukon import Move, State


def ask(session: yukon_web.Session, **message: Any) -> dict[str, Any]:
    """A message through the worker's door (JSON both ways), as the page sends it."""
    yukon_web.SESSION = session
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


def test_a_game_is_won_through_the_messages_and_none_names_a_face_down_card() -> None:
    session = yukon_web.Session()
    code = "YU1-C-AAAAAAB"
    answer = ask(session, id=1, op="new", code=code)
    assert answer["id"] == 1 and answer["code"] == code
    state = yukon.deal(code)
    for number, move in enumerate(yukon.solve(state, max_nodes=200_000).moves):
        place = place_of(state, move)
        if move.column is None and state.tap_move(move.card) == move:
            answer = ask(session, op="tap", place=place)
        else:
            to = "foundation" if move.column is None else move.column
            answer = ask(session, op="drop", place=place, to=to)
        assert answer["played"], (move, answer["refusal"])
        assert [c["move"] for c in answer["changes"]] == [str(move)]
        state = state.apply(move)
        assert not face_down(state) & named(answer)
        if number == 3:  # an undo and a redo on the way
            back = ask(session, op="undo")
            before = session.game.state
            assert not face_down(before) & named(back)
            assert back["can_redo"] and before.apply(move) == state
            assert ask(session, op="redo")["changes"][0]["move"] == str(move)
    assert answer["view"]["won"] and answer["score"] == yukon.CLEAN_WIN
    loaded = ask(yukon_web.Session(), op="load", saved=answer["saved"])
    assert loaded["view"] == answer["view"] and loaded["moves"] == answer["moves"]


def test_a_tap_picks_up_what_cannot_go_home_and_a_card_back_is_refused() -> None:
    session = yukon_web.Session()
    ask(session, op="new", code="YU1-C-AAAAAAB")
    picked = ask(session, op="tap", place={"column": 1, "index": 5})  # J♥
    assert picked["pick"] and not picked["played"] and picked["moves"] == 0
    back = ask(session, op="tap", place={"column": 1, "index": 0})
    assert back["refusal"]["code"] == "card-back" and not named(back) & {"9S"}
    dragged = ask(session, op="drop", place={"column": 1, "index": 0}, to=3)
    assert dragged["refusal"]["code"] == "card-back" and not dragged["played"]
    empty = ask(session, op="drop", place={"foundation": 0}, to=3)
    assert not empty["played"] and empty["refusal"] is None
    targets = ask(session, op="targets", place={"column": 6, "index": 6})  # 10♠
    assert targets["targets"] == [1]


def test_a_refusal_comes_in_both_languages() -> None:
    session = yukon_web.Session()
    ask(session, op="new", code="YU1-C-AAAAAAB")
    answer = ask(session, op="drop", place={"column": 6, "index": 6}, to=0)
    refusal = yukon.deal("YU1-C-AAAAAAB").check(Move.parse("TS>1"))
    assert refusal is not None
    assert answer["refusal"] == {
        "code": "rank-mismatch",
        "en": refusal.message_in("en"),
        "he": refusal.message_in("he"),
    }


def test_settings_hint_and_finish() -> None:
    session = yukon_web.Session()
    ask(session, op="new", code="YU1-R-AAAAAAB")
    answer = ask(session, op="settings", name="auto_placement", value=True)
    assert answer["settings"]["auto_placement"] is True
    hint = ask(session, op="hint")["hint"]
    assert (
        hint is not None
        and Move.parse(hint["move"]) in yukon.deal("YU1-R-AAAAAAB").legal_moves()
    )
    refused = ask(session, op="finish")
    assert refused["refusal"]["code"] == "face-down-left"


@pytest.mark.parametrize(
    "message",
    [
        {"op": "fly"},
        {"op": "new", "code": "YU1-X-AAAAAAB"},
        {"op": "settings", "name": "speed", "value": True},
        {"op": "redo"},
    ],
)
def test_a_bad_message_is_answered_with_the_game_as_it_was(
    message: dict[str, Any],
) -> None:
    session = yukon_web.Session()
    before = ask(session, op="new", code="YU1-C-AAAAAAB")
    answer = ask(session, **message)
    assert answer["error"] and answer["view"] == before["view"]
    assert json.loads(yukon_web.handle("not json"))["error"]


def test_the_same_json_is_served_over_http() -> None:
    """``web/serve.py``: a client that only speaks JSON over HTTP plays the game, one
    game per player."""
    import threading
    import urllib.request

    import serve

    server = serve.serve(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    def post(player: str, **message: Any) -> dict[str, Any]:
        request = urllib.request.Request(
            url, json.dumps(message).encode(), {"X-Player": player}
        )
        with urllib.request.urlopen(request) as response:
            answer: dict[str, Any] = json.loads(response.read())
        return answer

    try:
        post("ann", op="new", code="YU1-C-AAAAAAB")
        post("bob", op="new", code="YU1-R-AAAAAAC")
        moved = post("ann", op="drop", place={"column": 6, "index": 6}, to=1)
        assert moved["played"] and moved["moves"] == 1
        assert post("bob", op="undo")["error"]  # bob's game has no move to undo
        assert post("bob", op="hint")["code"] == "YU1-R-AAAAAAC"
    finally:
        server.shutdown()
        server.server_close()


def test_auto_finish_plays_the_rest_once_every_card_is_face_up() -> None:
    session = yukon_web.Session()
    code = "YU1-R-AAAAAAB"
    ask(session, op="new", code=code)
    state = yukon.deal(code)
    for move in yukon.solve(state, max_nodes=200_000).moves:
        if state.face_down_count == 0:
            break
        to = "foundation" if move.column is None else move.column
        assert ask(session, op="drop", place=place_of(state, move), to=to)["played"]
        state = state.apply(move)
    home = sum(state.foundations)
    finished = ask(session, op="finish")
    assert finished["view"]["won"] and finished["score"] == yukon.CLEAN_WIN
    moves = [Move.parse(change["move"]) for change in finished["changes"]]
    for move in moves:  # the changes are the moves that finish, in order
        state = state.apply(move)
    assert state.is_won and len(moves) >= 52 - home
