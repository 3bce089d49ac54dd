"""The message protocol (``yukon.protocol``): the hand-written check agrees with the
shipped schema, every answer follows its schema, and no answer to a client names a
card face down at that moment or carries the deal until the game is over, through
random games with undo, redo, hint, give-up, bad messages and reloads."""

from __future__ import annotations

import datetime
import json
import random
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import Game, GameCode, Move, State, protocol
from yukon.protocol import Session

from .test_sealed import deals, face_down, named, sealed_codes, validate


def ask(session: Session, **message: Any) -> dict[str, Any]:
    """A message as JSON text, answered as JSON text (no NaN: strict JSON)."""
    text = session.handle_text(json.dumps(message))
    answer: dict[str, Any] = json.loads(text, parse_constant=_no_constant)
    validate(answer, "answer")
    return answer


def _no_constant(name: str) -> object:
    raise AssertionError(f"the answer holds {name}, which is no JSON")


def spot(state: State, move: Move) -> dict[str, int]:
    where = state.locate(move.card)
    if where.pile.is_foundation:
        return {"foundation": where.pile.index}
    return {"column": where.pile.index, "index": where.index}


# -- the check agrees with the schema -------------------------------------------------

values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False).filter(
        lambda x: not x.is_integer()  # JSON Schema counts 6.0 an integer; see below
    ),
    st.sampled_from(["", "foundation", "C", "R", "YU1-C-AAAAAAB", "auto_placement"]),
    st.sampled_from(["random", "winnable", "daily", "easy", "hardest", "lost"]),
    st.sampled_from(["2026-12-06", "2026-02-30", "2026-1-06", "２０２６-12-06"]),
    st.text(max_size=120),
    st.just({"column": 1, "index": 2}),
    st.just({"foundation": 3}),
    st.dictionaries(
        st.sampled_from(["column", "index", "foundation", "x"]),
        st.one_of(st.integers(-1, 60), st.booleans(), st.none()),
        max_size=3,
    ),
    st.lists(st.integers(), max_size=2),
)
fields = st.sampled_from(
    [
        *["id", "elapsed_ms", "code", "rules", "saved", "place", "to", "name"],
        *["value", "deal", "grade", "date", "x"],
    ]
)


@st.composite
def near_messages(draw: st.DrawFn) -> object:
    """Messages right and wrong: a known op (mostly) with fields of any kind."""
    if draw(st.integers(0, 19)) == 0:
        return draw(values)
    op = draw(st.sampled_from([*protocol.OPS, "fly", 3]))
    takes, needs = protocol.OPS.get(op, (frozenset(), frozenset()))  # type: ignore[call-overload]
    message: dict[str, object] = {"op": op}
    for name in sorted(needs):
        if draw(st.integers(0, 9)):
            message[name] = draw(values)
    for name in draw(
        st.lists(
            st.one_of(fields, st.sampled_from(sorted(takes) or ["id"])), max_size=3
        )
    ):
        message[name] = draw(values)
    return message


def schema_takes(message: object) -> bool:
    try:
        validate(message, "message")
    except Exception:  # jsonschema's ValidationError
        return False
    return True


@given(near_messages())
def test_the_check_takes_exactly_what_the_message_schema_takes(message: object) -> None:
    if schema_takes(message):
        assert protocol.check_message(message) is message
    else:
        with pytest.raises(protocol.InvalidMessage) as refused:
            protocol.check_message(message)
        assert refused.value.code == "bad-message" and str(refused.value)


def test_the_check_is_stricter_than_json_schema_on_whole_floats() -> None:
    """JSON Schema counts 6.0 an integer; a place is a whole number written as one."""
    message = {"op": "targets", "place": {"column": 6.0, "index": 1}}
    assert schema_takes(message)
    with pytest.raises(protocol.InvalidMessage, match=r"place\.column"):
        protocol.check_message(message)


def test_the_answer_type_names_the_answer_schemas_fields() -> None:
    shape = yukon.schema("answer")
    assert set(typing.get_type_hints(protocol.Answer)) == set(shape["properties"])
    assert set(protocol.Answer.__required_keys__) == set(shape["required"])
    assert set(protocol.ERRORS) >= {"bad-json", "bad-message", "internal"}


# -- nothing hidden crosses ------------------------------------------------------------


@st.composite
def sessions(draw: st.DrawFn) -> tuple[GameCode, list[tuple[str, int]]]:
    code = draw(sealed_codes)
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(
                    ["play"] * 8
                    + [
                        "undo",
                        "undo",
                        "redo",
                        "redo",
                        "hint",
                        "reload",
                        "bad",
                        "give_up",
                    ]
                ),
                st.integers(0, 10**6),
            ),
            max_size=60,
        )
    )
    return code, steps


@pytest.mark.same_without_core  # full-budget hints in every session: minutes in pure Python
@given(sessions())
def test_no_answer_names_a_hidden_card_or_carries_the_deal_until_the_game_is_over(
    drawn: tuple[GameCode, list[tuple[str, int]]],
) -> None:
    code, steps = drawn
    session = Session(rng=random.Random(code.number), hint_nodes=200)
    first = ask(session, op="new", rules=code.rules.letter)  # a random deal: unknown
    assert "code" not in first
    session.game = Game.new(code)  # the deal drawn by the test, so it knows the number
    for step, pick in steps:
        game = session.game
        assert game is not None
        state = game.state
        if step == "play":
            moves = state.legal_moves()
            if not moves:
                continue
            move = moves[pick % len(moves)]
            to = "foundation" if move.column is None else move.column
            answer = ask(
                session, op="drop", place=spot(state, move), to=to, id=pick % 1000
            )
        elif step == "reload":
            saved = session.save()
            session = Session.restore(saved, hint_nodes=200)
            answer = ask(session, op="show")
            assert session.game == game
        elif step == "bad":
            answer = ask(session, op="tap", place={"column": pick % 7, "index": 51})
            assert answer["error"] == "no-card"
        else:
            answer = ask(session, op=step)
        now = session.game
        assert now is not None
        game = now
        over = session.given_up or game.is_won
        assert not face_down(game.state) & named(answer)
        if over:
            assert answer["code"] == str(code)
        else:
            assert not deals(answer, code), answer
        if step == "give_up":
            assert (
                answer["given_up"] and ask(session, op="undo")["error"] == "game-over"
            )
            break
    # the owning side's copy loads back to the same game and the same answer
    again = Session.restore(session.save(), hint_nodes=200)
    assert again.game == session.game
    assert ask(again, op="show") == ask(session, op="show")


# -- the cases of #58 -----------------------------------------------------------------


@pytest.mark.same_without_core  # the library's default hint: many seconds in pure Python
def test_the_session_hints_with_the_budget_it_was_given() -> None:
    """Classic deal 7, where 2 guesses and 8 advise different moves: the web page asks
    for fewer (it runs the pure-Python planner), and gets what it asked for."""
    game = Game.new(GameCode(7))
    budgets = [(2, 2_000), (8, 2_000)]
    wanted = [game.hint(samples=s, max_nodes=n) for s, n in budgets]
    moves = [None if hint is None else str(hint.move) for hint in wanted]
    assert moves[0] != moves[1]  # the test can tell the budgets apart
    for (samples, nodes), move in zip(budgets, moves, strict=True):
        session = Session(hint_samples=samples, hint_nodes=nodes)
        ask(session, op="new", code=str(GameCode(7)))
        assert ask(session, op="hint")["hint"]["move"] == move


def test_a_game_from_a_position_loads_and_plays_on() -> None:
    """#58: loading it raised out of handle() on that message and every later one."""
    session = Session()
    ask(session, op="new", code="YU1-C-AAAAAAB")
    saved = Game.from_state(yukon.deal("YU1-R-AAAAAAC")).to_dict(hide_face_down=False)
    loaded = ask(session, op="load", saved=saved)
    assert "error" not in loaded and loaded["view"]["rules"] == "relaxed"
    assert "code" not in loaded and not face_down(yukon.deal("YU1-R-AAAAAAC")) & named(
        loaded
    )
    assert ask(session, op="hint")["hint"] is not None


def test_a_bad_load_keeps_the_game_it_had() -> None:
    session = Session()
    before = ask(session, op="new", code="YU1-C-AAAAAAB")
    ask(session, op="drop", place={"column": 6, "index": 6}, to=1)
    played = ask(session, op="show")
    for saved in ({"format": "yukon.game"}, {"moves": [1] * 3}, {"code": "YU1-C-X"}):
        answer = ask(session, op="load", saved=saved)
        assert answer["error"] == "bad-record" and answer["message"]
        assert answer["view"] == played["view"] != before["view"]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ('{"op": "show", "id": NaN}', "bad-json"),
        ('{"op": "show", "id": Infinity}', "bad-json"),
        ('{"op": "show", "id": -Infinity}', "bad-json"),
        ('{"op": "show", "id": 1.5}', "bad-message"),
        ('{"op": "tap", "place": {"column": 6.9, "index": 6}}', "bad-message"),
        ('{"op": "tap", "place": {"column": 6.0, "index": 6}}', "bad-message"),
        ('{"op": "tap", "place": {"column": true, "index": 6}}', "bad-message"),
        (
            '{"op": "drop", "place": {"column": 6, "index": 6}, "to": 1.0}',
            "bad-message",
        ),
        (
            '{"op": "settings", "name": "auto_placement", "value": "false"}',
            "bad-message",
        ),
        ('{"op": "settings", "name": "auto_placement", "value": 1}', "bad-message"),
        ('{"op": "new", "code": "YU1-X-AAAAAAB"}', "bad-code"),
        ('{"op": "fly"}', "bad-message"),
        ('{"op": "new", "deal": "daily"}', "bad-message"),
        ('{"op": "new", "deal": "random", "date": "2026-12-06"}', "bad-message"),
        ('{"op": "new", "grade": "easy"}', "bad-message"),
        ('{"op": "new", "deal": "random", "grade": "easy"}', "bad-message"),
        ('{"op": "new", "deal": "winnable", "grade": "lost"}', "bad-message"),
        ('{"op": "new", "code": "YU1-C-AAAAAAB", "deal": "winnable"}', "bad-message"),
        ('{"op": "new", "deal": "daily", "date": "2026-02-30"}', "bad-date"),
        ('{"op": "new", "deal": "daily", "date": "06/12/2026"}', "bad-message"),
        ('{"op": "statistics"}', "bad-message"),
        ('{"op": "statistics", "date": "2026-13-01"}', "bad-date"),
        ('{"op": "redo"}', "nothing-to-redo"),
        ('{"op": "undo"}', "nothing-to-undo"),
        ("not json", "bad-json"),
        ("[" * 100_000, "bad-json"),
        ("[]", "bad-message"),
    ],
)
def test_a_bad_message_gets_a_stable_error_and_a_sentence_and_changes_nothing(
    text: str, error: str
) -> None:
    """#58: NaN ids were echoed as non-standard JSON, floats and bools truncated and
    played, "false" turned a setting on, and errors carried Python's exception text."""
    session = Session()
    before = ask(session, op="new", code="YU1-C-AAAAAAB")
    answer = json.loads(session.handle_text(text), parse_constant=_no_constant)
    validate(answer, "answer")
    assert answer["error"] == error and answer["error"] in protocol.ERRORS
    assert "Error" not in answer["message"] and "Invalid" not in answer["message"]
    assert answer["view"] == before["view"] and answer["moves"] == 0
    assert answer["settings"] == before["settings"]


def test_an_id_is_echoed_and_a_game_is_needed_first() -> None:
    session = Session()
    answer = ask(session, op="show", id="a1")
    assert (
        answer["error"] == "no-game" and answer["id"] == "a1" and answer["view"] is None
    )
    assert ask(session, op="new", id=7)["id"] == 7


def test_a_random_deal_comes_from_the_rng_and_its_code_shows_once_it_is_over() -> None:
    one = ask(Session(rng=random.Random(5)), op="new", rules="R")
    two = ask(Session(rng=random.Random(5)), op="new", rules="R")
    other = ask(Session(), op="new", rules="R")  # the system's randomness
    assert one["view"] == two["view"] != other["view"]
    session = Session(rng=random.Random(5))
    ask(session, op="new", rules="R")
    assert session.game is not None and "code" not in ask(session, op="show")
    over = ask(session, op="give_up")
    assert over["code"] == str(session.game.code) and over["given_up"]
    assert ask(session, op="drop", place={"column": 0, "index": 0}, to=1)["error"] == (
        "game-over"
    )
    assert "error" not in ask(session, op="new", rules="C")


def test_a_whole_game_is_won_through_the_messages() -> None:
    session = Session()
    code = "YU1-C-AAAAAAB"
    ask(session, op="new", code=code)
    state = yukon.deal(code)
    answer: dict[str, Any] = {}
    for move in yukon.solve(state, max_nodes=200_000).moves:
        to = "foundation" if move.column is None else move.column
        answer = ask(session, op="drop", place=spot(state, move), to=to)
        assert answer["played"] and [c["move"] for c in answer["changes"]] == [
            str(move)
        ]
        state = state.apply(move)
    assert answer["view"]["won"] and answer["score"] == yukon.CLEAN_WIN
    assert answer["code"] == code


def test_the_move_cap_and_the_clock() -> None:
    session = Session(max_moves=1)
    ask(session, op="new", code="YU1-C-AAAAAAB", elapsed_ms=5)
    played = ask(
        session, op="drop", place={"column": 6, "index": 6}, to=1, elapsed_ms=9
    )
    assert played["played"] and played["elapsed_ms"] == 9
    assert ask(session, op="undo")["can_redo"]
    assert ask(session, op="redo")["error"] == "too-long"


def test_a_saved_session_that_is_none_is_refused() -> None:
    for text in ("{}", "[]", "nope", '{"format": "yukon.session"}'):
        with pytest.raises(yukon.InvalidRecord):
            Session.restore(text)


# -- the deals a player asks for, and the player's record (#60) ---------------------------


def _code(session: Session) -> GameCode:
    assert session.game is not None and session.game.code is not None
    return session.game.code


@pytest.mark.parametrize("rules", ["C", "R"])
@pytest.mark.parametrize("grade", [None, "easy", "medium", "hard", "hardest"])
def test_a_winnable_deal_comes_from_the_catalog_its_grade_shown_and_its_code_not(
    rules: str, grade: str | None
) -> None:
    """The catalog's deals are public: a winnable deal's code IS the deal, so it stays
    hidden until the game is over; the grade the player asked for tells nothing new. A
    grade the catalog holds no deal of (relaxed deals are nearly all easy) is refused
    with ``no-deal``, never searched for."""
    fields = {} if grade is None else {"grade": grade}
    session = Session(rng=random.Random(60))
    answer = ask(session, op="new", deal="winnable", rules=rules, **fields)
    try:
        wanted = yukon.winnable(rules, rng=random.Random(60), tries=0, **fields)
    except yukon.NoDealFound:
        assert answer["error"] == "no-deal" and session.game is None
        return
    code = _code(session)
    assert code == wanted
    known = yukon.known_grading(code)
    assert answer["deal"] == "winnable" and "code" not in answer
    assert not deals(answer, code)
    if grade is not None:
        assert known is not None and known.grade.value == grade == answer["grade"]
    assert answer.get("grade") == (None if known is None else known.grade.value)
    over = ask(session, op="give_up")
    assert over["code"] == str(code)


def test_the_daily_deal_is_the_days_and_shows_its_day_and_grade_not_its_code() -> None:
    session = Session()
    for day in (datetime.date(2026, 12, 6), datetime.date(2027, 2, 1)):
        for rules in "CR":
            text = day.isoformat()
            answer = ask(session, op="new", deal="daily", date=text, rules=rules)
            code = _code(session)
            assert code == yukon.daily(day, rules)
            assert answer["daily"] == text and answer["deal"] == "daily"
            assert "code" not in answer and not deals(answer, code)
            known = yukon.known_grading(code)
            assert answer.get("grade") == (None if known is None else known.grade.value)
    assert ask(session, op="new", rules="C")["deal"] == "random"
    assert "daily" not in ask(session, op="show")


def test_a_random_deals_grade_is_shown_only_once_the_game_is_over() -> None:
    """A random deal's grade would say its deal is in the public catalog, where the
    face-up cards find it."""
    session = Session(rng=random.Random(1))
    ask(session, op="new", rules="C")
    code = yukon.winnable(grade="easy", rng=random.Random(2))
    session.game = Game.new(code)  # a random deal that happens to be in the catalog
    assert "grade" not in ask(session, op="show")
    assert ask(session, op="give_up")["grade"] == "easy"
    ask(session, op="new", code=str(code))  # the player's own code: shown
    assert ask(session, op="show")["grade"] == "easy"


def win(session: Session, code: GameCode, clock: int) -> dict[str, Any]:
    """``code``'s deal won through the messages, the clock at ``clock`` ms."""
    state = yukon.deal(code)
    solution = yukon.solve(state, max_nodes=2_000_000)
    assert solution.verdict is yukon.Verdict.WON
    answer: dict[str, Any] = {}
    for move in solution.moves:
        to = "foundation" if move.column is None else move.column
        answer = ask(
            session, op="drop", place=spot(state, move), to=to, elapsed_ms=clock
        )
        state = state.apply(move)
    assert answer["view"]["won"]
    return answer


def record(session: Session, day: str = "2026-12-06") -> dict[str, Any]:
    answer = ask(session, op="statistics", date=day)
    stats: dict[str, Any] = answer["statistics"]
    return stats


def test_the_record_counts_a_win_once_and_a_game_left_after_a_move_as_not_won() -> None:
    session = Session()
    assert record(session)["record"]["games"]["played"] == 0  # no game yet: answered
    easy = yukon.winnable(grade="easy", rng=random.Random(3))
    ask(session, op="new", code=str(easy))
    won = win(session, easy, 95_500)
    games = record(session)["record"]["games"]
    assert games["played"] == games["won"] == games["streak"] == 1
    assert games["fastest_win_seconds"] == 95.5
    assert games["fewest_moves"] == won["moves"] and games["best_score"] == won["score"]
    ask(session, op="undo")
    ask(session, op="redo")  # won again: the same game, counted once
    ask(session, op="new", rules="R")  # a won game left: nothing more
    assert record(session)["record"]["games"]["played"] == 1
    ask(session, op="new", rules="R")  # left with no move made: does not count
    state = session.game.state if session.game else None
    assert state is not None
    move = state.legal_moves()[0]
    to = "foundation" if move.column is None else move.column
    assert ask(session, op="drop", place=spot(state, move), to=to)["played"]
    ask(session, op="new", rules="C")  # left after a move: played, not won
    stats = record(session)["record"]
    assert (stats["games"]["played"], stats["games"]["won"]) == (2, 1)
    assert stats["games"]["streak"] == 0 and stats["games"]["best_streak"] == 1
    assert stats["by_rules"]["R"]["played"] == 1 and stats["by_rules"]["R"]["won"] == 0
    assert stats["by_grade"]["easy"]["won"] == 1
    validate(stats, "statistics")


def test_a_game_given_up_counts_once_not_won() -> None:
    session = Session(rng=random.Random(4))
    ask(session, op="new", code="YU1-C-AAAAAAB")
    ask(session, op="drop", place={"column": 6, "index": 6}, to=1)
    ask(session, op="give_up")
    assert record(session)["record"]["games"]["played"] == 1
    ask(session, op="new", rules="C")  # left again: counted already
    games = record(session)["record"]["games"]
    assert (games["played"], games["won"], games["best_score"]) == (1, 0, 5)


def test_the_daily_streak_is_as_it_stands_on_the_day_the_page_gives() -> None:
    session = Session()
    day = datetime.date(2026, 12, 7)  # a Monday: an easy deal
    ask(session, op="new", deal="daily", date=day.isoformat())
    win(session, yukon.daily(day), 60_000)
    for today, streak in (
        (day, 1),
        (day + datetime.timedelta(1), 1),
        (day + datetime.timedelta(2), 0),
    ):
        stats = record(session, today.isoformat())
        assert stats["daily_streak"] == streak, today
    assert stats["record"]["daily"] == {
        "streak": 1,
        "best_streak": 1,
        "last_win": day.isoformat(),
    }


def test_the_record_and_the_deal_are_kept_by_the_owning_side() -> None:
    session = Session()
    day = datetime.date(2026, 12, 9)
    ask(session, op="new", deal="daily", date=day.isoformat())
    ask(session, op="give_up")
    ask(session, op="new", deal="daily", date=day.isoformat())
    again = Session.restore(session.save())
    assert ask(again, op="show") == ask(session, op="show")
    assert record(again) == record(session)
    assert again.day == day and again.deal == "daily"


def test_a_session_saved_before_the_record_loads_with_an_empty_one() -> None:
    session = Session()
    ask(session, op="new", code="YU1-C-AAAAAAB")
    data = json.loads(session.save())
    old = {
        key: data[key]
        for key in ("format", "game", "settings", "given_up", "code_known")
    }
    again = Session.restore(json.dumps({**old, "version": 1}))
    assert again.game == session.game and again.deal == "code"
    assert record(again)["record"]["games"]["played"] == 0


@pytest.mark.parametrize(
    "change",
    [
        {"version": 3},
        {"deal": "lucky"},
        {"counted": 1},
        {"daily": "2026-12-06"},  # a day for a deal that is not daily
        {"deal": "daily", "daily": "2026-12-06"},  # not that day's deal
        {"record": {"format": "yukon.statistics"}},
    ],
)
def test_a_saved_session_whose_record_no_play_makes_is_refused(
    change: dict[str, Any],
) -> None:
    session = Session()
    ask(session, op="new", code="YU1-C-AAAAAAB")
    with pytest.raises(yukon.InvalidRecord):
        Session.restore(json.dumps({**json.loads(session.save()), **change}))
