"""Saving, sharing and replaying: records, position strings, validated loading, and other
programs' deals."""

from __future__ import annotations

import contextlib
import json
import pathlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import Game, GameCode, State, _notation
from yukon._scoring import MAX_SCORE

from . import reference
from .strategies import games, positions

FIXTURES = pathlib.Path(__file__).with_name("fixtures")
LOAD_ERRORS = (yukon.InvalidRecord, yukon.InvalidPosition)


# -- round trips -------------------------------------------------------------------


@given(games())
def test_games_round_trip_through_records_and_json(game: Game) -> None:
    for loaded in (Game.from_record(game.to_record()), Game.from_json(game.to_json())):
        assert loaded == game
        assert loaded.history == game.history
        assert loaded.move_count == game.move_count and loaded.line == game.line
        assert loaded.to_record() == game.to_record()


@given(positions())
def test_positions_round_trip_through_text_and_json(state: State) -> None:
    text = state.to_text()
    assert "\n" not in text
    assert State.from_text(text) == state
    assert State.from_json(state.to_json()) == state
    assert State.from_text(text).to_text() == text


def test_record_text_reads_as_people_write_it() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5").play("AH>F")
    assert game.to_record() == "yukon/1 YU1-C-AAAAAAB 6C>1 5H>5 AH>F"
    assert Game.from_record("YU1-C-AAAAAAB 6C>1 5H>5 AH>F") == game  # tag optional
    assert Game.from_record("  yu1-c-aaaaaab 6c>1  5h>5 ah>f \n") == game
    undone = game.undo()
    assert undone.to_record() == (
        "yukon/1 YU1-C-AAAAAAB 6C>1 5H>5 moves=3 undo=2 redo=AH>F"
    )
    assert Game.from_record(undone.to_record()) == undone
    played_on = undone.play("TS>2")  # another move: nothing left to redo
    assert played_on.to_record() == (
        "yukon/1 YU1-C-AAAAAAB 6C>1 5H>5 TS>2 moves=4 undo=3"
    )


def test_position_text_reads_as_documented() -> None:
    state = yukon.deal("YU1-C-AAAAAAB").apply(yukon.Move.parse("6C>1"))
    state = state.apply(yukon.Move.parse("AH>F"))
    assert state.to_text() == (
        "C 10 -,AH,-,- 7H6CKS/[9S]4H8D8H5CJH/[6H9C]JS5HKH3S2H/[JD5D7D]4D2S/"
        "[KDTDTCJC]TH8CQS4C6S/[7SAC5SADKC]6DQCQDQH9H/[3H3CAS4S2D8S]TS3D2C9D7C"
    )


def test_a_long_game_keeps_only_100_undos_through_a_record() -> None:
    rnd = random.Random(4)
    game = Game.new(GameCode(77, "R"))
    while game.move_count < 160:
        game = game.play(rnd.choice(game.state.legal_moves()))
    for _ in range(120):
        game = game.undo() if game.can_undo else game
    loaded = Game.from_record(game.to_record())
    assert loaded == game and len(loaded.history) == len(game.history) == 0
    assert len(loaded.line) == 60 and loaded.move_count == 160


# -- validation ----------------------------------------------------------------------

GOOD = yukon.deal("YU1-C-AAAAAAB").to_text()


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        (GOOD.replace("7H/", "7H9S/", 1), "9S appears twice"),
        (GOOD.replace("7H/", "-/", 1), "missing cards: 7H"),
        (GOOD.replace("[9S]4H", "4H[9S]", 1), "face-down cards come first"),
        (GOOD.replace("[9S]4H8D8H5CJH", "[9S4H8D8H5CJH]", 1), "last card"),
        (GOOD.replace("-,-,-,-", "-,AS,-,-", 1), "holds H cards"),
        (GOOD.replace("C 0", "C 7", 1), "does not fit the scoring"),
        (GOOD.replace("C 0", "X 0", 1), "the rule is C or R"),
        (GOOD.replace("C 0", "C -5", 1), "whole number"),
        (GOOD.replace("C 0", "C 99999999999999999999", 1), "whole number"),
        (GOOD.replace("7H/", "7X/", 1), "'7X' is not a card"),
        (GOOD[:60], "7 columns"),
        ("", "four fields"),
        (GOOD + " extra", "four fields"),
        ("C 0 " * 400, "too long"),
    ],
)
def test_bad_position_text_is_refused_by_name(text: str, complaint: str) -> None:
    with pytest.raises(yukon.InvalidPosition) as info:
        State.from_text(text)
    assert complaint in str(info.value)


def test_foundation_counts_and_score_fit_together() -> None:
    state = State.from_text(
        "C 10 AS,-,-,- 7H/[9S]4H8D8H5CJH/[6H9C]JS5HKH3S2H/[JD5D7D]4D2SAH6CKS/"
        "[KDTDTCJC]TH8CQS4C6S/[7SAC5SADKC]6DQCQDQH9H/[3H3C4S2D8S]TS3D2C9D7C"
    )
    assert state.foundations == (1, 0, 0, 0)
    with pytest.raises(yukon.InvalidPosition, match="at least 10 for each"):
        State.from_text(state.to_text().replace("C 10", "C 5"))


@pytest.mark.parametrize(
    ("record", "complaint"),
    [
        ("YU1-C-AAAAAAB 6C>1 7C>3", "move 2 (7C>3): A card goes on"),
        ("YU1-C-AAAAAAB 6C>1 6X>3", "move 2: '6X>3' is not a move"),
        ("YU1-C-AAAAAB 6C>1", "game code"),
        ("yukon/2 YU1-C-AAAAAAB", "unknown record version 'yukon/2'"),
        ("", "empty"),
        ("YU1-C-AAAAAAB 6C>1 moves=0 undo=0", "less than the 1 moves"),
        ("YU1-C-AAAAAAB 6C>1 moves=1 undo=2", "undo=2 does not fit"),
        ("YU1-C-AAAAAAB 6C>1 moves=1 undo=0", "undo=0 does not fit"),
        ("YU1-C-AAAAAAB 6C>1 moves=2", "come together"),
        ("YU1-C-AAAAAAB moves=2 undo=0 6C>1", "moves come first"),
        ("YU1-C-AAAAAAB moves=99999999999999 undo=0", "out of range"),
        ("YU1-C-AAAAAAB moves=-1 undo=0", "whole number"),
    ],
)
def test_bad_records_are_refused_by_name(record: str, complaint: str) -> None:
    with pytest.raises(yukon.InvalidRecord) as info:
        Game.from_record(record)
    assert complaint in str(info.value)
    assert isinstance(info.value, ValueError)


def test_json_claims_are_checked_against_the_replay() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("6C>1").play("AH>F")
    data = json.loads(game.to_json())
    assert data["format"] == "yukon.game" and data["version"] == 1
    assert Game.from_json(json.dumps(data)) == game
    for field, value, complaint in [
        ("score", 20, "claims a score of 20"),
        ("position", yukon.deal("YU1-C-AAAAAAB").to_text(), "not where its moves lead"),
        ("version", 2, "unknown yukon.game version 2"),
        ("format", "yukon.position", "'format' field must be 'yukon.game'"),
        ("moves", "6C>1", "wrong type"),
        ("counter", True, "wrong type"),
    ]:
        bad = dict(data, **{field: value})
        with pytest.raises(yukon.InvalidRecord, match=complaint):
            Game.from_json(json.dumps(bad))


@pytest.mark.parametrize(
    "data",
    [b"\xff\xfe", "[" * 100_000, "{", "null", "[]", '"x"', "1e999", " " * 5_000_000],
)
def test_broken_json_is_refused(data: str | bytes) -> None:
    with pytest.raises(yukon.InvalidRecord):
        Game.from_json(data)
    with pytest.raises(yukon.InvalidPosition):
        State.from_json(data)


# -- fuzzing -------------------------------------------------------------------------


@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(repr)))
def test_garbage_only_ever_raises_the_librarys_errors(text: str) -> None:
    for load in (Game.from_record, Game.from_json, State.from_text, State.from_json):
        with contextlib.suppress(*LOAD_ERRORS):
            load(text)


@given(st.binary(max_size=300))
def test_garbage_bytes_only_ever_raise_the_librarys_errors(data: bytes) -> None:
    for load in (Game.from_json, State.from_json):
        with contextlib.suppress(*LOAD_ERRORS):
            load(data)


def _mutations() -> st.SearchStrategy[tuple[str, int, str, str]]:
    kinds = st.sampled_from(["flip", "cut", "insert", "number", "swap"])
    chars = st.sampled_from([*list('0123456789AKQJTSHDC>F-/,[] moveundo=\n{}":'), "x"])
    return st.tuples(
        kinds, st.integers(0, 10_000), chars, st.sampled_from(["9" * 30, "-1"])
    )


def _mutate(text: str, how: tuple[str, int, str, str]) -> str:
    kind, at, char, number = how
    at %= max(len(text), 1)
    if kind == "flip":
        return text[:at] + char + text[at + 1 :]
    if kind == "cut":
        return text[:at]
    if kind == "insert":
        return text[:at] + char + text[at:]
    if kind == "number":
        return text[:at] + number + text[at:]
    cards = [i for i in range(len(text) - 1) if text[i] in "A23456789TJQK"]
    if len(cards) < 2:
        return text
    i, j = cards[at % len(cards)], cards[(at // 7) % len(cards)]
    chars = list(text)
    chars[i : i + 2], chars[j : j + 2] = chars[j : j + 2], chars[i : i + 2]
    return "".join(chars)


@settings(max_examples=200)
@given(games(max_steps=60), _mutations())
def test_mutated_records_load_cleanly_or_not_at_all(
    game: Game, how: tuple[str, int, str, str]
) -> None:
    for text, load in [
        (game.to_record(), Game.from_record),
        (game.to_json(), Game.from_json),
    ]:
        try:
            loaded = load(_mutate(text, how))
        except LOAD_ERRORS:
            continue
        reference.assert_invariants(loaded.state)
        replayed = Game.from_state(loaded.start)
        for move in loaded.line:
            replayed = replayed.play(move)
        assert replayed.state == loaded.state


@settings(max_examples=200)
@given(positions(max_steps=80), _mutations())
def test_mutated_positions_load_cleanly_or_not_at_all(
    state: State, how: tuple[str, int, str, str]
) -> None:
    for text, load in [
        (state.to_text(), State.from_text),
        (state.to_json(), State.from_json),
    ]:
        try:
            loaded = load(_mutate(text, how))
        except LOAD_ERRORS:
            continue
        reference.assert_invariants(loaded)


# -- records saved by earlier versions keep loading --------------------------------


def _fixture_lines(name: str) -> list[str]:
    return (FIXTURES / "records-0.1" / name).read_text().splitlines()


def test_version_0_1_records_keep_loading() -> None:
    records = _fixture_lines("games.txt")
    documents = _fixture_lines("games.jsonl")
    assert len(records) == len(documents) >= 5
    for record, document in zip(records, documents, strict=True):
        from_text, from_json = Game.from_record(record), Game.from_json(document)
        assert from_text == from_json  # the JSON's score and position were checked too
        assert from_text.to_record() == record


def test_version_0_1_positions_keep_loading() -> None:
    for line in _fixture_lines("positions.txt"):
        assert State.from_text(line).to_text() == line


# -- other programs' deals ---------------------------------------------------------


def _layouts(program: str) -> list[tuple[int, dict[str, list[object]]]]:
    data = json.loads(
        (FIXTURES / "interop" / f"{program}-yukon-deals.json").read_text()
    )
    return [(int(number), layout) for number, layout in data.items()]


def _shown(state: State) -> dict[str, list[object]]:
    return {
        "columns": [[str(c) for c in column.cards] for column in state.columns],
        "face_down": [column.hidden for column in state.columns],
    }


@pytest.mark.parametrize(("number", "layout"), _layouts("kpat"))
def test_kde_patience_deals(number: int, layout: dict[str, list[object]]) -> None:
    assert _shown(yukon.kpat_deal(number)) == layout


@pytest.mark.parametrize(("number", "layout"), _layouts("pysolfc"))
def test_pysolfc_deals(number: int, layout: dict[str, list[object]]) -> None:
    pytest.importorskip("pysol_cards")
    assert _shown(yukon.pysolfc_deal(number)) == layout


def test_other_programs_deal_numbers_are_checked() -> None:
    with pytest.raises(yukon.InvalidGameCode):
        yukon.kpat_deal(-1)
    with pytest.raises(yukon.InvalidGameCode):
        yukon.pysolfc_deal(0)
    assert yukon.kpat_deal(1, "R").rules is yukon.Rules.RELAXED


@given(
    st.lists(
        st.sampled_from(reference.ALL_CARDS), min_size=52, max_size=52, unique=True
    )
)
def test_any_full_layout_loads_and_plays(cards: list[yukon.Card]) -> None:
    columns, start = [], 0
    for size in (1, 6, 7, 8, 9, 10, 11):
        columns.append(cards[start : start + size])
        start += size
    state = State.from_layout(columns, hidden=[0, 1, 2, 3, 4, 5, 6])
    reference.assert_invariants(state)
    assert set(state.legal_moves()) == reference.legal_moves(state)


def test_the_limits_records_md_states_are_the_codes() -> None:
    page = (pathlib.Path(__file__).parents[1] / "docs" / "records.md").read_text()
    said = " ".join(page.split())
    assert f"input over {_notation.MAX_CHARS:,} characters".replace(",", " ") in said
    assert f"game of {_notation.MAX_MOVES:,} moves".replace(",", " ") in said
    assert f"a score past {MAX_SCORE:,}".replace(",", " ") in said
    assert f"a move counter past {_notation.MAX_COUNTER:,}".replace(",", " ") in said
    too_long = "YU1-C-AAAAAAB " + "x" * _notation.MAX_CHARS
    with pytest.raises(yukon.InvalidRecord, match="longer than"):
        Game.from_record(too_long)


@pytest.mark.parametrize(
    ("field", "value"),
    [("score", 10**5000), ("score", 10**4300), ("meta", {"x": 10**5000})],
    ids=["score of 5001 digits", "score of 4301 digits", "note of 5001 digits"],
)
def test_a_number_of_thousands_of_digits_is_refused_briefly(
    field: str, value: object
) -> None:
    data: dict[str, Any] = dict(Game.new("YU1-C-AAAAAAB").play("6D>7").to_dict())
    data[field] = value
    with pytest.raises(yukon.InvalidRecord) as refused:
        Game.from_dict(data)
    assert len(str(refused.value)) < 120
    with pytest.raises(ValueError, match="64 bits"):
        Game.new("YU1-C-AAAAAAB").with_meta(x=10**5000)
