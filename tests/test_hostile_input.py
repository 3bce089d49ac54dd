"""Input as a hostile caller gives it: wrong types, odd text, tampered pickles, values
called to change. Each gets a clear error from the library (or a plain TypeError or
ValueError naming the argument), and nothing already built changes."""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
import typing
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import (
    ENGLISH,
    Card,
    Catalog,
    Game,
    GameCode,
    InvalidCatalog,
    Move,
    RefusalCode,
    Settings,
    State,
    YukonError,
    _notation,
)
from yukon._arguments import EXCERPT, SHOWN, excerpt

from .strategies import games, positions

# -- text: only what the formats say ---------------------------------------------------


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (GameCode.parse, "YU1-C-AAAAAﬀ"),  # ﬀ upper-cases to FF
        (GameCode.parse, "yu1-c-aaaaaab\u0131"),  # dotless ı upper-cases to I
        (Card.parse, "8ſ"),  # long s upper-cases to S
        (Card.parse, "ǅ"),
        (Move.parse, "aſ>f"),
        (Move.parse, "AS>\u0661"),  # an Arabic-Indic digit one
    ],
)
def test_letters_that_upper_case_into_the_format_are_refused(
    parse: Callable[[str], object], text: str
) -> None:
    with pytest.raises(YukonError):
        parse(text)
    with pytest.raises(yukon.InvalidRecord):
        Game.from_record(f"yukon/1 {text}" if parse is GameCode.parse else text)


def test_card_parse_reads_the_cards_as_the_library_writes_them() -> None:
    for card in yukon._cards.CARDS:
        assert Card.parse(card.symbol) is card
        assert Card.parse(str(card)) is card


@pytest.mark.parametrize("parse", [GameCode.parse, Card.parse, Move.parse])
def test_an_error_quotes_a_short_excerpt_of_the_input(
    parse: Callable[[str], object],
) -> None:
    with pytest.raises(ValueError, match="characters") as refused:
        parse("Y" * 10_000_000)
    assert len(str(refused.value)) < 400


@pytest.mark.parametrize("parse", [GameCode.parse, Card.parse, Move.parse])
def test_an_error_quotes_text_that_cannot_be_printed_briefly(
    parse: Callable[[str], object],
) -> None:
    """Forty characters Python writes as ten-character escapes are cut, not quoted
    whole as four hundred."""
    text = "\U0001e14a" * 40
    with pytest.raises(ValueError, match=r"\.\.\. \(40 characters\)") as refused:
        parse(text)
    assert len(str(refused.value)) < 250


@given(st.text())
def test_an_excerpt_is_a_short_start_of_the_text(text: str) -> None:
    """At most 40 characters of the text, at most 80 written out, and a count of the
    whole when that is not all of it."""
    quoted = excerpt(text)
    said = f"... ({len(text)} characters)"
    cut = quoted.endswith(said)
    shown = quoted.removesuffix(said)
    assert len(shown) <= SHOWN + 2
    start = ast.literal_eval(shown)
    assert isinstance(start, str) and len(start) <= EXCERPT
    assert text.startswith(start) and (start != text) is cut


class _Unwritable:
    """A value whose repr fails: the error about it must still be the library's."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


_FAR_OUT = {
    "long text": "x" * 100_000,
    "huge number": 10**5000,
    "huge negative number": -(10**5000),
    "long list": [1] * 100_000,
    "unwritable": _Unwritable(),
}

_LAYOUT = [
    [str(c) for c in column.face_down + column.face_up]
    for column in yukon.deal("YU1-C-AAAAAAB").columns
]
_Refusal = type[Exception] | tuple[type[Exception], ...]
_TAKING: dict[str, tuple[Callable[[Any], object], _Refusal]] = {
    "Card rank": (lambda v: Card(v, 0), yukon.InvalidCard),
    "Card suit": (lambda v: Card(1, v), yukon.InvalidCard),
    "Card.from_index": (Card.from_index, yukon.InvalidCard),
    "GameCode number": (lambda v: GameCode(v, "C"), yukon.InvalidGameCode),
    "GameCode rules": (lambda v: GameCode(1, v), yukon.InvalidGameCode),
    "kpat_deal": (yukon.kpat_deal, yukon.InvalidGameCode),
    "pysolfc_deal": (yukon.pysolfc_deal, yukon.InvalidGameCode),
    "Move column": (lambda v: Move(Card.parse("AS"), v), yukon.InvalidMove),
    "Move.from_key": (Move.from_key, yukon.InvalidMove),
    "Settings": (lambda v: Settings(double_click=v), TypeError),
    "State.from_layout hidden": (
        lambda v: State.from_layout(_LAYOUT, hidden=[v, 0, 0, 0, 0, 0, 0]),
        yukon.InvalidPosition,
    ),
    "State.from_layout foundations": (
        lambda v: State.from_layout(_LAYOUT, foundations=[v, 0, 0, 0]),
        yukon.InvalidPosition,
    ),
    "Pile.column": (yukon.Pile.column, (TypeError, ValueError)),
}


@pytest.mark.parametrize("value", list(_FAR_OUT.values()), ids=list(_FAR_OUT))
@pytest.mark.parametrize("call", list(_TAKING.values()), ids=list(_TAKING))
def test_a_value_far_out_of_range_is_refused_briefly(
    call: tuple[Callable[[object], object], _Refusal], value: object
) -> None:
    """The library's own error, whatever the value: never one Python raises while
    writing the message (a number of thousands of digits, a repr that fails), and
    never a message as long as the value."""
    taking, refusal = call
    takes_text = taking is _TAKING["GameCode rules"][0]
    if not isinstance(value, str if takes_text else int):
        refusal = TypeError  # the one rule: a wrong type is a TypeError
    with pytest.raises(refusal) as refused:
        taking(value)
    assert len(str(refused.value)) < 250


def test_a_json_score_of_thousands_of_digits_is_refused_briefly() -> None:
    data = json.loads(_DEAL.to_json())
    data["score"] = 10**4000
    with pytest.raises(yukon.InvalidPosition, match="score") as refused:
        State.from_json(json.dumps(data))
    assert len(str(refused.value)) < 250


@given(st.text(max_size=60))
def test_any_text_parses_or_is_refused_by_the_library(text: str) -> None:
    """No foreign exception, and a short message, whatever the text."""
    for parse in (GameCode.parse, Card.parse, Move.parse):
        message = ""
        try:
            parse(text)
        except YukonError as refused:
            message = str(refused) if isinstance(refused, ValueError) else "foreign"
        assert message != "foreign" and len(message) < 400


@st.composite
def _written(draw: st.DrawFn) -> tuple[Card, str]:
    """A card and one documented way of writing it: ``TH``, ``10H``, ``10♥``, in
    either letter case, with white space around."""
    card = draw(st.sampled_from(yukon._cards.CARDS))
    text = draw(st.sampled_from([str(card), str(card).replace("T", "10"), card.symbol]))
    if draw(st.booleans()):
        text = text.lower()
    pad = draw(st.sampled_from(["", " ", "\t"]))
    return card, pad + text + pad


@given(_written())
def test_every_documented_way_of_writing_a_card_reads_back(
    written: tuple[Card, str],
) -> None:
    card, text = written
    assert Card.parse(text) is card
    assert Move.parse(f"{text}>F") == Move.home(card)


# -- arguments that are not what they should be --------------------------------------

_DEAL = yukon.deal("YU1-C-AAAAAAB")
_CARDS = [list(column.cards) for column in _DEAL.columns]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: State.from_layout(None), "columns"),  # type: ignore[arg-type]
        (lambda: State.from_layout([1] * 7), "column 1"),  # type: ignore[list-item]
        (lambda: State.from_layout("ABCDEFG"), "columns"),
        (lambda: State.from_layout(_CARDS, hidden=5), "hidden"),  # type: ignore[arg-type]
        (lambda: State.from_layout(_CARDS, foundations=None), "foundations"),  # type: ignore[arg-type]
        (lambda: State.from_layout(_CARDS, score=1.5), "score"),  # type: ignore[arg-type]
        (lambda: Settings(double_click="no"), "double_click"),  # type: ignore[arg-type]
        (lambda: Settings(auto_placement=1), "auto_placement"),  # type: ignore[arg-type]
        (lambda: GameCode.random("C", 5), "rng"),  # type: ignore[arg-type]
    ],
)
def test_a_wrong_type_is_a_type_error_naming_the_argument(
    call: Callable[[], object], name: str
) -> None:
    with pytest.raises(TypeError, match=name):
        call()


@pytest.mark.parametrize("suit", [-1, 4, 10**100], ids=["-1", "4", "1e100"])
def test_foundation_top_takes_a_suit(suit: int) -> None:
    with pytest.raises(yukon.InvalidCard, match="suit"):
        _DEAL.foundation_top(suit)


def test_foundation_top_names_the_top_card() -> None:
    won = State.from_layout([[]] * 7, foundations=(13,) * 4, score=625)
    assert won.foundation_top(yukon.Suit.HEARTS) == Card.parse("KH")
    assert won.foundation_top(3) == Card.parse("KC")
    assert _DEAL.foundation_top(0) is None


@pytest.mark.parametrize("score", [0, 10**12])
def test_a_score_from_layout_accepts_survives_every_format(score: int) -> None:
    won = State.from_layout([[]] * 7, foundations=(13,) * 4, score=max(score, 520))
    assert State.from_text(won.to_text()) == won
    assert State.from_json(won.to_json()) == won


@pytest.mark.parametrize(
    "score", [10**12 + 10, 10**13, 10**5000], ids=["1e12+10", "1e13", "1e5000"]
)
def test_a_score_no_format_could_hold_is_refused(score: int) -> None:
    with pytest.raises(yukon.InvalidPosition, match="score"):
        State.from_layout([[]] * 7, foundations=(13,) * 4, score=score)


# -- catalogs ------------------------------------------------------------------------


def _with(template: object) -> dict[Any, Any]:
    messages: dict[Any, Any] = dict(ENGLISH.messages)
    messages[RefusalCode.NO_PLACE] = template
    return messages


@pytest.mark.parametrize(
    "messages",
    [
        _with("{other[2]}"),  # an index a two-letter card does not have
        _with("{card.upper}"),
        _with("{size:>100000000}"),  # a width without bound
        _with("{size:.{size}}"),
        _with("{colour!z}"),
        _with("{card:d}"),  # a format no card text takes
        _with(5),
        _with(None),
        _with("{size:>999}" * 3),
        {**_with("x"), "no-place": "x"},  # a key that is no RefusalCode
        None,
        [("no-place", "x")],
    ],
)
def test_a_catalog_that_cannot_tell_every_refusal_is_refused(messages: Any) -> None:
    with pytest.raises(InvalidCatalog):
        Catalog("xx", messages, red="r", black="b")


def test_a_catalog_is_checked_for_every_card_and_size() -> None:
    """A template accepted here tells every refusal there is, for every card."""
    catalog = Catalog("xx", _with("{card:>4}|{other:<3}|{size:03d}|{colour}"), "r", "b")
    refusal = yukon.Refusal(RefusalCode.NO_PLACE, Move.parse("TD>1"), size=52)
    assert refusal.message_in(catalog) == " 10♦|   |052|r"


def test_message_in_takes_a_catalog() -> None:
    refusal = yukon.Refusal(RefusalCode.NO_PLACE, Move.parse("TD>1"))
    for wrong in (None, 5):
        with pytest.raises(TypeError, match="Catalog"):
            refusal.message_in(wrong)  # type: ignore[arg-type]
    with pytest.raises(InvalidCatalog, match="no catalog"):
        refusal.message_in("xx")


def test_catalogs_pickle_and_copy() -> None:
    for catalog in yukon.CATALOGS.values():
        assert pickle.loads(pickle.dumps(catalog)) == catalog
        assert copy.deepcopy(catalog) == catalog


# -- objects that cross process boundaries -------------------------------------------


def _errors() -> list[Exception]:
    made: list[Exception] = []
    for call in (
        lambda: Game.new("YU1-C-AAAAAAB").play("7C>3"),
        lambda: Game.new("YU1-C-AAAAAAB").undo(),
        lambda: Card.parse("ZZ"),
        lambda: GameCode.parse("x"),
        lambda: Move.parse("x"),
        lambda: State.from_text("x"),
        lambda: Game.from_record("x"),
        lambda: Catalog("xx", {}, "r", "b"),
    ):
        try:
            call()
        except YukonError as error:
            made.append(error)
    made.append(yukon.InvalidSurvey("a survey file"))
    return made


def test_every_error_pickles_with_its_data() -> None:
    errors = _errors()
    assert len(errors) == 9
    for error in errors:
        loaded = pickle.loads(pickle.dumps(error))
        assert type(loaded) is type(error) and str(loaded) == str(error)
        if isinstance(error, yukon.IllegalMove):
            assert isinstance(loaded, yukon.IllegalMove)
            assert loaded.refusal == error.refusal


def test_an_illegal_move_crosses_a_process_pool() -> None:
    """A worker that raises IllegalMove: the caller gets it, the pool stays whole."""
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        failed = pool.submit(Game.new("YU1-C-AAAAAAB").play, "7C>3")
        with pytest.raises(yukon.IllegalMove) as refused:
            failed.result()
        assert refused.value.refusal.code is RefusalCode.RANK_MISMATCH
        assert pool.submit(abs, -3).result() == 3


@given(positions())
def test_positions_pickle_as_themselves(state: State) -> None:
    assert pickle.loads(pickle.dumps(state)) == state


@given(games(max_steps=60))
def test_games_pickle_as_themselves(game: Game) -> None:
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded == game and loaded.history == game.history


def _tampered(value: object, old: bytes, new: bytes) -> bytes:
    data = pickle.dumps(value, protocol=4)
    assert old in data
    return data.replace(old, new, 1)


def test_a_tampered_pickled_position_is_refused() -> None:
    column = bytes(card.index for card in _DEAL.columns[6].cards)  # 11 cards
    duplicated = column[:10] + column[:1]
    with pytest.raises(yukon.InvalidPosition):
        pickle.loads(_tampered(_DEAL, column, bytes([60]) + column[1:]))
    with pytest.raises(yukon.InvalidPosition):
        pickle.loads(_tampered(_DEAL, column, duplicated))


def test_a_tampered_pickled_game_is_refused() -> None:
    """A game pickles as its parts (see Game.__reduce__); loading checks them as a
    record is checked: the line replayed, the position compared, the undo count fitted
    to the line and the counter."""
    game = Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5")
    reduced = game.__reduce__()
    load = typing.cast(Callable[..., Game], reduced[0])
    parts = typing.cast(tuple[Any, ...], reduced[1])
    assert load(*parts) == game
    code, state, moves, undoable, line, start, meta, redo = parts
    assert (moves, undoable, start, meta, redo) == (2, 2, None, (), ())
    forged: list[tuple[Any, ...]] = [
        (code, yukon.deal("YU1-C-AAAAAAB"), moves, undoable, line),  # another position
        (code, state, moves, 1, line),  # fewer undoable moves than the counter allows
        (code, state, moves, 3, line),  # more undoable moves than were played
        (code, state, moves, "2", line),  # a count that is no number
        (code, state, moves, undoable, (*line, Move.parse("7C>3"))),  # an illegal move
        (code, state, moves, undoable, ("6C>1", "5H>5")),  # text, not moves
        (code, state, 1, undoable, line),  # a counter below the moves played
        ("YU1-C-AAAAAAB", state, moves, undoable, line),
        (code, state, moves, undoable, line, None, (("x", [1]),)),  # notes no notes
        (code, state, moves, undoable, line, None, "elapsed"),
        (None, state, moves, undoable, line, "C 0 -,-,-,-", ()),  # no start position
        (code, state, moves, undoable, line, None, (), ("AH>F",)),  # redo as text
        (code, state, moves, undoable, line, None, (), (Move.parse("7C>3"),)),
        (code, state, moves, undoable, line, None, (), [Move.parse("AH>F")]),
    ]
    for tampered in forged:
        with pytest.raises(yukon.InvalidRecord):
            load(*tampered)


def test_values_cannot_be_built_again() -> None:
    card = Card.parse("8S")
    values: list[tuple[Any, tuple[Any, ...]]] = [
        (card, (1, 0)),
        (Move.parse("8S>5"), (card, 2)),
        (GameCode.parse("YU1-C-AAAAAAB"), (5,)),
        (Settings(), (False,)),
        (ENGLISH, ("xx", dict(ENGLISH.messages), "r", "b")),
        (Game.new("YU1-C-AAAAAAB"), ("YU1-C-AAAAAAC",)),
        (_DEAL.columns[0], ((), 0)),
    ]
    for value, arguments in values:
        before = copy.copy(value) if not isinstance(value, Game) else value.code
        with pytest.raises(TypeError, match="immutable"):
            value.__init__(*arguments)
        assert (value if not isinstance(value, Game) else value.code) == before
    assert str(Card.parse("8S")) == "8S" and Card.parse("8S").rank == 8


def test_type_hints_resolve_on_every_public_name() -> None:
    for name in yukon.__all__:
        obj = getattr(yukon, name)
        if isinstance(obj, type):
            typing.get_type_hints(obj)
            for member in vars(obj).values():
                if callable(member) and hasattr(member, "__annotations__"):
                    typing.get_type_hints(member)
        elif callable(obj):
            typing.get_type_hints(obj)
    assert typing.get_type_hints(Catalog)["language"] is str


# -- records of long games -----------------------------------------------------------


def _back_and_forth() -> tuple[Game, Move, Move]:
    """A game and two moves that undo each other there (found by seeded random play):
    played in turn, they make a legal game as long as wanted."""
    rnd = random.Random(1)
    game = Game.new("YU1-C-AAAAAAB")
    while True:
        state = game.state
        for there in state.legal_moves():
            after = state.apply(there)
            for back in after.legal_moves():
                if after.apply(back) == state:
                    return game, there, back
        game = game.play(rnd.choice(state.legal_moves()))


# Slow under coverage, and the shorter games cover the same code; its subject, the
# record of a long game, is the same without the core.
@pytest.mark.slow
@pytest.mark.no_cover
@pytest.mark.same_without_core
def test_a_game_of_a_million_moves_round_trips() -> None:
    game, there, back = _back_and_forth()
    for _ in range(500_000):
        game = game.play(there).play(back)
    assert len(game.line) >= 1_000_000
    assert Game.from_json(game.to_json()) == game
    assert Game.from_record(game.to_record()) == game


def test_a_game_longer_than_a_record_holds_is_refused_when_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_notation, "MAX_MOVES", 10)
    game, there, back = _back_and_forth()
    while len(game.line) < 10:
        game = game.play(there)
        there, back = back, there
    assert Game.from_record(game.to_record()) == game
    longer = game.play(there)
    with pytest.raises(yukon.InvalidRecord, match="at most 10 moves"):
        longer.to_json()
    with pytest.raises(yukon.InvalidRecord, match="at most 10 moves"):
        longer.to_record()
    with pytest.raises(yukon.InvalidRecord, match="at most 10 moves"):
        Game.from_record(" ".join(["YU1-C-AAAAAAB", *(str(m) for m in longer.line)]))


def _columns_of(state: yukon.State) -> list[list[str]]:
    return [[str(card) for card in column.cards] for column in state.columns]


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda cols, hidden: (cols[:6], hidden), "7 columns, not 6"),
        (lambda cols, hidden: (cols, hidden[:6]), "7 counts, one a column, not 6"),
        (
            lambda cols, hidden: ([["XX"], *cols[1:]], hidden),
            "column 1: ",
        ),
        (
            lambda cols, hidden: (cols, [1, 1, 2, 3, 4, 5, 6]),
            "the last card of a column is always face up",
        ),
        (
            lambda cols, hidden: ([cols[0] + cols[1][:1], *cols[1:]], hidden),
            "appears twice",
        ),
        (
            lambda cols, hidden: ([[], *cols[1:]], hidden),
            "missing cards: ",
        ),
    ],
)
def test_from_layout_names_what_is_wrong(
    change: Callable[[list[list[str]], list[int]], tuple[Any, Any]], complaint: str
) -> None:
    columns, hidden = change(
        _columns_of(_DEAL), [column.hidden for column in _DEAL.columns]
    )
    with pytest.raises(yukon.InvalidPosition, match=complaint):
        yukon.State.from_layout(columns, hidden=hidden)
    assert (
        yukon.State.from_layout(
            _columns_of(_DEAL), hidden=[column.hidden for column in _DEAL.columns]
        )
        == _DEAL
    )  # the unchanged layout is the deal


def test_from_layout_counts_that_are_no_numbers_are_type_errors() -> None:
    columns = _columns_of(_DEAL)
    with pytest.raises(TypeError, match="hidden must be a whole number"):
        yukon.State.from_layout(columns, hidden=[0, "1", 2, 3, 4, 5, 6])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="foundations must be a whole number"):
        yukon.State.from_layout(columns, foundations=[0.0, 0, 0, 0])  # type: ignore[list-item]
    hidden = [np.int64(column.hidden) for column in _DEAL.columns]
    assert yukon.State.from_layout(columns, hidden=hidden) == _DEAL


def test_positions_come_only_from_deals_and_moves() -> None:
    with pytest.raises(TypeError, match=r"yukon\.deal"):
        yukon.State()
    assert _DEAL != "YU1-C-AAAAAAB" and Game.new("YU1-C-AAAAAAB") != _DEAL
    assert repr(_DEAL) == "<State classic score=0 foundations=[0, 0, 0, 0]>"
    assert repr(Game.new("YU1-R-AAAAAAB").play("6C>1")) == (
        "<Game YU1-R-AAAAAAB moves=1 score=0>"
    )


@pytest.mark.parametrize("card", [None, 8, Move.parse("8S>5")])
def test_aids_refuse_what_is_no_card(card: object) -> None:
    for aid in (_DEAL.tap_move, _DEAL.double_tap_move, _DEAL.auto_place, _DEAL.targets):
        with pytest.raises(TypeError, match="expected a Card or card text"):
            aid(card)  # type: ignore[arg-type]


def test_a_tampered_pickled_position_is_refused_by_its_parts() -> None:
    load, parts = typing.cast(
        tuple[Callable[..., yukon.State], tuple[Any, ...]], _DEAL.__reduce__()
    )
    assert load(*parts) == _DEAL
    relaxed, cols, hidden, found, score = parts
    for tampered, complaint in [
        ((relaxed, [list(c) for c in cols], hidden, found, score), "not card bytes"),
        (("C", cols, hidden, found, score), "no rule set"),
        ((relaxed, (bytes([60]), *cols[1:]), hidden, found, score), "no card"),
    ]:
        with pytest.raises(yukon.InvalidPosition, match=complaint):
            load(*tampered)


def test_positions_and_games_pickled_by_an_earlier_version_still_load() -> None:
    """0.1.0 pickled a position's rule set and a game's undo history itself."""
    game = Game.new("YU1-R-AAAAAAB").play("6C>1")
    state = game.state
    load_state, parts = typing.cast(
        tuple[Callable[..., yukon.State], tuple[Any, ...]], state.__reduce__()
    )
    assert load_state(yukon.Rules.RELAXED, *parts[1:]) == state
    assert yukon._state._make(yukon.Rules.RELAXED, *parts[1:]) == state
    load_game, fields = typing.cast(
        tuple[Callable[..., Game], tuple[Any, ...]], game.__reduce__()
    )
    code, position, moves, _, line, _, _, _ = fields
    assert load_game(code, position, moves, game.history, line) == game
