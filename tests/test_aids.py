"""The app's aids: refusal reasons in two languages, placement help, tap, double tap,
auto placement, settings, and a scripted frontend session."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given

import yukon
from yukon import Card, Game, Move, RefusalCode, Rules, State

from . import reference
from .builders import m, position
from .strategies import positions

TWENTY = "9H 4S 7D QC 2H 5D JS 3C 8H KS 6D TC AH 4D 9C 2S 7H QS 5C JD"

EXAMPLES: dict[RefusalCode, tuple[State, str]] = {
    RefusalCode.FACE_DOWN: (position({1: "[5H] 2S", 2: "6S"}, filler=3), "5H>2"),
    RefusalCode.NOT_IN_PLAY: (
        position({1: "9S", 2: "8S"}, foundations=(0, 8, 0, 0)),
        "7H>2",
    ),
    RefusalCode.ALREADY_ON_FOUNDATION: (
        position({1: "2C"}, foundations=(0, 0, 0, 1)),
        "AC>F",
    ),
    RefusalCode.NOT_LAST_CARD: (position({1: "AS 2D"}), "AS>F"),
    RefusalCode.FOUNDATION_ORDER: (
        position({1: "3C"}, foundations=(0, 0, 0, 1)),
        "3C>F",
    ),
    RefusalCode.SAME_COLUMN: (position({1: "8S 7H", 2: "9H"}), "7H>1"),
    RefusalCode.KING_ONLY: (position({1: "", 2: "[4C] QH"}, filler=3), "QH>1"),
    RefusalCode.RANK_MISMATCH: (position({1: "9D", 2: "JS"}), "9D>2"),
    RefusalCode.SAME_COLOUR: (position({1: "TD 5H", 2: "JH"}), "TD>2"),
    RefusalCode.GROUP_TOO_LARGE: (
        position({1: "8S " + TWENTY.replace("9H", "9D"), 2: "9H"}, filler=4),
        "8S>2",
    ),
}


def _game_with_a_card_home() -> Game:
    """A game of the first deal, played at random (seeded) until a card is home."""
    rnd = random.Random(0)
    game = Game.new("YU1-C-AAAAAAB")
    while not any(game.state.foundations):
        home = [m for m in game.state.legal_moves() if m.column is None]
        game = game.play(home[0] if home else rnd.choice(game.state.legal_moves()))
    return game


@pytest.mark.parametrize("code", list(RefusalCode), ids=lambda c: c.value)
def test_every_refusal_has_an_example_and_a_message_in_both_languages(
    code: RefusalCode,
) -> None:
    if code is RefusalCode.NO_PLACE:
        outcome = Game.new("YU1-C-AAAAAAB").double_tap("QS")  # Q♠ has no red King
        refusal = outcome.refusal
        assert not outcome.played
    elif code is RefusalCode.CARD_BACK:
        outcome = Game.new("YU1-C-AAAAAAB").tap_at(1, 0)  # 9♠, face down
        refusal = outcome.refusal
        assert not outcome.played and refusal is not None and refusal.move is None
    elif code in _FINISH:
        with pytest.raises(yukon.CannotFinish) as refused:
            _FINISH[code]()
        refusal = refused.value.refusal
        assert str(refused.value) == refusal.message
    elif code is RefusalCode.RETURN_BY_DRAG:
        game = _game_with_a_card_home()
        suit = next(s for s, n in enumerate(game.state.foundations) if n)
        top = game.state.foundation_top(suit)
        assert top is not None
        outcome = game.double_tap(top)
        refusal = outcome.refusal
        assert not outcome.played and outcome.game is game
    else:
        state, move = EXAMPLES[code]
        refusal = state.check(m(move))
        with pytest.raises(yukon.IllegalMove) as info:
            state.apply(m(move))
        assert info.value.refusal == refusal
        assert refusal is not None and str(info.value) == refusal.message
    assert refusal is not None and refusal.code is code
    english, hebrew = refusal.message_in("en"), refusal.message_in(yukon.HEBREW)
    assert english == refusal.message
    assert english != hebrew
    assert any("\u0590" <= ch <= "\u05ff" for ch in hebrew)
    for message in (english, hebrew):
        if refusal.card is not None:
            assert refusal.card.symbol in message
        else:  # names no card at all
            assert not any(Card.from_index(i).symbol in message for i in range(52))
        if refusal.other is not None and code is not RefusalCode.FOUNDATION_ORDER:
            assert refusal.other.symbol in message  # (that one may lie face down)
        if code is RefusalCode.FACE_DOWN_LEFT:
            assert str(refusal.size) in message
        assert "{" not in message
    assert str(refusal) == english


_STUCK = [  # every column's last card has its children below it: no move at all
    "AS 2H 3D AC 9C QH QD KS",
    "2S 3H 4D 2C JC QS QC KH",
    "3S 4H 5D 3C KC TH TD JS",
    "4S 5H 7D 4C TS TC JH",
    "5S 7H 9D 5C 8H 8D 9S",
    "6S AD JD 6C 8S 8C 9H",
    "AH 2D KD 7C 6H 6D 7S",
]


def _all_face_up_and_open() -> Game:
    game = Game.new("YU1-R-AAAAAAB")
    for move in yukon.solve(game.state).moves:
        if game.state.all_face_up:
            return game
        game = game.play(move)
    raise AssertionError("the line turns every card up")  # pragma: no cover


_FINISH: dict[RefusalCode, Callable[[], object]] = {
    RefusalCode.FACE_DOWN_LEFT: lambda: Game.new("YU1-C-AAAAAAB").auto_finish(),
    RefusalCode.NO_WIN_LEFT: lambda: Game.from_state(
        State.from_layout([column.split() for column in _STUCK])
    ).auto_finish(),
    RefusalCode.NO_WIN_FOUND: lambda: _all_face_up_and_open().auto_finish(
        max_seconds=0
    ),
}


def test_messages_name_the_cards_as_the_app_does() -> None:
    refusal = position({1: "", 2: "[4C] 9H"}, filler=3).check(m("9H>1"))
    assert refusal is not None
    assert refusal.message == (
        "Only a King can go to an empty column; 9♥ is not a King."
    )
    state, move = EXAMPLES[RefusalCode.SAME_COLOUR]
    refusal = state.check(m(move))
    assert refusal is not None and refusal.message.endswith("are both red.")
    assert refusal.message_in("he").endswith("שניהם אדומים.")


def test_shipped_catalogs_cover_every_code() -> None:
    assert set(yukon.CATALOGS) == {"en", "he"}
    for catalog in yukon.CATALOGS.values():
        assert set(catalog.messages) == set(RefusalCode)


def test_a_frontend_can_plug_in_its_own_catalog() -> None:
    mine = yukon.Catalog(
        "xx", {code: f"[{code.value}] {{card}}" for code in RefusalCode}, "R", "B"
    )
    state, move = EXAMPLES[RefusalCode.KING_ONLY]
    refusal = state.check(m(move))
    assert refusal is not None and refusal.message_in(mine) == "[king-only] Q♥"


def test_incomplete_or_broken_catalogs_are_refused() -> None:
    partial = dict(yukon.ENGLISH.messages)
    del partial[RefusalCode.SAME_COLOUR]
    with pytest.raises(yukon.InvalidCatalog, match="same-colour"):
        yukon.Catalog("en-partial", partial, "red", "black")
    broken = dict(yukon.ENGLISH.messages)
    broken[RefusalCode.KING_ONLY] = "{king}"
    with pytest.raises(yukon.InvalidCatalog, match="king-only"):
        yukon.Catalog("en-broken", broken, "red", "black")
    refusal = EXAMPLES[RefusalCode.KING_ONLY][0].check(m("QH>1"))
    assert refusal is not None
    with pytest.raises(yukon.InvalidCatalog, match="no catalog for 'fr'"):
        refusal.message_in("fr")


# -- placement help, tap, double tap, auto placement -------------------------------


def spec_auto_place(state: State, card: Card) -> Move | None:
    """SPEC part 2, restated plainly: the legal column holding the most cards (face-down
    ones count), the leftmost on a tie; if none and a King, the leftmost empty column."""
    legal = [d for d in range(7) if reference.is_legal(state, Move(card, d))]
    if legal:
        most = max(len(state.columns[d].cards) for d in legal)
        return Move(card, min(d for d in legal if len(state.columns[d].cards) == most))
    if card.rank == 13:
        empty = [d for d in range(7) if not state.columns[d].cards]
        if empty and reference.is_legal(state, Move(card, empty[0])):
            return Move(card, empty[0])
    return None


def spec_double_tap(state: State, card: Card) -> Move | None:
    place, _, _ = reference.where(state, card)
    if place != "column":
        return None
    if reference.is_legal(state, Move(card, None)):
        return Move(card, None)
    return spec_auto_place(state, card)


@given(positions())
def test_placement_help_lists_exactly_the_cards_legal_moves(state: State) -> None:
    legal = set(state.legal_moves())
    union: set[Move] = set()
    for card in reference.ALL_CARDS:
        targets = state.targets(card)
        assert set(targets) == {move for move in legal if move.card == card}
        keys = [-1 if t.column is None else t.column for t in targets]
        assert keys == sorted(keys)  # the foundation first, then left to right
        union |= set(targets)
    assert union == legal


@given(positions())
def test_tap_double_tap_and_auto_place_follow_the_spec(state: State) -> None:
    for card in reference.ALL_CARDS:
        tap = state.tap_move(card)
        expected_tap = Move(card, None)
        assert tap == (
            expected_tap if reference.is_legal(state, expected_tap) else None
        )
        assert state.double_tap_move(card) == spec_double_tap(state, card)
        assert state.auto_place(card) == spec_auto_place(state, card)
        for move in (tap, state.double_tap_move(card), state.auto_place(card)):
            assert move is None or state.check(move) is None


@given(positions())
def test_stuck_means_no_legal_move(state: State) -> None:
    assert state.is_stuck is (not reference.legal_moves(state))


def test_king_at_a_column_base_with_nowhere_better_takes_the_leftmost_empty_column() -> (
    None
):
    state = position(
        {1: "9C", 2: "", 3: "KD QS", 4: "", 5: "[5C] TH", 7: "JD"}, filler=6
    )
    assert state.double_tap_move("KD") == m("KD>2")
    assert state.auto_place("KD") == m("KD>2")
    assert state.targets("KD") == (m("KD>2"), m("KD>4"))


def test_double_tap_prefers_the_foundation_then_the_longest_column() -> None:
    state = position(
        {1: "[2C 3C] 8S", 2: "8C", 3: "AD", 4: "[4C] 7H", 5: "[9C TC] JC QC 8D"},
        filler=6,
    )
    assert state.double_tap_move("AD") == m("AD>F")
    assert state.auto_place("AD") is None  # auto placement never picks a foundation
    # 7H fits on 8S (3 cards) and 8C (1 card): the column holding more wins.
    assert state.double_tap_move("7H") == m("7H>1")
    assert state.tap_move("7H") is None


def test_double_tap_leaves_foundation_cards_alone_but_dragging_places_them() -> None:
    state = position({1: "9S", 2: "[5C] 3D"}, foundations=(0, 8, 0, 0), filler=3)
    assert state.double_tap_move("8H") is None
    assert state.auto_place("8H") == m("8H>1")


def test_aids_accept_cards_or_card_text() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    assert state.targets("6s") == state.targets(Card.parse("6S")) == (m("6S>1"),)
    with pytest.raises(yukon.InvalidCard):
        state.tap_move("6X")


def test_settings_carry_the_apps_defaults() -> None:
    settings = yukon.Settings()
    assert settings.double_click and settings.placement_help
    assert settings.interactive_rules and not settings.auto_placement
    with pytest.raises(AttributeError):
        settings.double_click = False  # type: ignore[misc]


# -- a scripted frontend session ----------------------------------------------------


def test_a_frontend_session() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    assert game.info == yukon.InfoBar(0, 0, yukon.GameCode(1))

    step = game.double_tap("6C")  # 6♣ (K♠ on it) finds 7♥ in column 1
    assert step.played and step.move == m("6C>1")
    game = step.game
    assert game.info == yukon.InfoBar(0, 1, yukon.GameCode(1))

    step = game.attempt(Move(Card.parse("5H"), 4))  # drag 5♥ K♥ 3♠ 2♥ onto 6♠
    assert step.played
    game = step.game
    assert [str(c) for c in game.state.columns[4].face_up][-4:] == [
        "5H",
        "KH",
        "3S",
        "2H",
    ]

    step = game.attempt("7C>3")  # drop 7♣ on J♠: refused, nothing changes
    assert not step.played and step.game is game
    assert step.refusal is not None
    assert step.refusal.code is RefusalCode.RANK_MISMATCH
    assert step.refusal.message == (
        "A card goes on a card exactly one rank higher; 7♣ cannot go on J♠."
    )
    assert game.info == yukon.InfoBar(0, 2, yukon.GameCode(1))

    game = game.undo()  # the group goes back; the counter stays
    assert game.info == yukon.InfoBar(0, 2, yukon.GameCode(1))
    assert [str(c) for c in game.state.columns[2].face_up] == [
        "JS",
        "5H",
        "KH",
        "3S",
        "2H",
    ]

    step = game.tap("AH")  # A♥ is now the last card of column 4
    assert step.played and step.move == m("AH>F")
    game = step.game
    assert game.info == yukon.InfoBar(10, 3, yukon.GameCode(1))
    assert game.state.foundations == (0, 1, 0, 0)

    step = game.tap("2H")  # 2♥ is last in column 3 and goes on A♥
    assert step.played
    assert step.game.info == yukon.InfoBar(20, 4, yukon.GameCode(1))

    step = game.tap("JS")  # not the last card of its column
    assert not step.played and step.refusal is not None
    assert step.refusal.code is RefusalCode.NOT_LAST_CARD


def test_relaxed_double_tap_uses_any_colour() -> None:
    state = position({1: "9S", 2: "[4C 5C] 8C", 3: "7C"}, rules=Rules.RELAXED)
    assert state.double_tap_move("7C") == m("7C>2")


def test_settings_change_one_field_at_a_time() -> None:
    settings = yukon.Settings()
    changed = settings.replace(auto_placement=True)
    assert changed.auto_placement and not settings.auto_placement
    assert changed.replace(auto_placement=False) == settings
    with pytest.raises(TypeError, match="no setting 'sound'"):
        settings.replace(sound=True)
    with pytest.raises(TypeError, match="double_click"):
        settings.replace(double_click="no")  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_foundation_order_refusal_names_no_face_down_card(language: str) -> None:
    state = position({1: "[AC 9H] 3S", 2: "2C"}, foundations=(0, 0, 0, 0))
    refusal = state.check(m("2C>F"))
    assert refusal is not None and refusal.code is RefusalCode.FOUNDATION_ORDER
    said = refusal.message_in(language)
    assert "2♣" in said  # the card the player moved
    assert "A♣" not in said  # face down: the player cannot see it
    face_up = position({1: "AC", 2: "2C"}).check(m("2C>F"))
    assert face_up is not None and face_up.code is RefusalCode.FOUNDATION_ORDER
    assert face_up.message_in(language).replace("2♣", "") == said.replace("2♣", "")
