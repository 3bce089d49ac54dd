from __future__ import annotations

import random
import re

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import yukon
from yukon import GameCode, Rules
from yukon._shuffle import SplitMix64, shuffled_deck

from .strategies import deal_numbers, rules

CHECK_VALUES = {
    0: "8C JD 9S 2C 2H QH 6C TS 3H AS JS 7S 9D 8S QC KD 5D 2S 3D 5S AD 6S 4C TH 5H 8D",
    1: "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D 2S AH 6C KS KD TD TC JC",
}


@pytest.mark.parametrize(("number", "start"), sorted(CHECK_VALUES.items()))
def test_spec_check_values(number: int, start: str) -> None:
    deck = [str(yukon.Card.from_index(c)) for c in shuffled_deck(number)]
    assert " ".join(deck[:26]) == start
    assert sorted(shuffled_deck(number)) == list(range(52))


def test_spec_check_layout() -> None:
    columns = yukon.deal("YU1-C-AAAAAAB").columns
    shown = [
        ([str(c) for c in col.face_down], [str(c) for c in col.face_up])
        for col in columns
    ]
    assert shown[0] == ([], ["7H"])
    assert shown[1] == (["9S"], ["4H", "8D", "8H", "5C", "JH"])
    assert shown[2] == (["6H", "9C"], ["JS", "5H", "KH", "3S", "2H"])


def test_splitmix64_reference_outputs() -> None:
    # Published first outputs of SplitMix64 seeded with 0 and 1234567.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(2)] == [6457827717110365317, 3203168211198807973]


def test_below_rejects_the_biased_top() -> None:
    class Fixed(SplitMix64):
        def __init__(self, draws: list[int]) -> None:
            super().__init__(0)
            self.draws = draws

        def next(self) -> int:
            return self.draws.pop(0)

    top = 2**64 - 1  # 2**64 mod 3 == 1, so the limit is 2**64 - 1 and top is refused
    assert Fixed([top, 7]).below(3) == 1


@pytest.mark.parametrize(
    ("text", "number", "rule"),
    [
        ("YU1-C-AAAAAAA", 0, Rules.CLASSIC),
        ("YU1-C-AAAAAAB", 1, Rules.CLASSIC),
        ("YU1-R-AAAAABA", 26, Rules.RELAXED),
        ("  yu1-r-zzzzzzz\n", 26**7 - 1, Rules.RELAXED),
    ],
)
def test_parse(text: str, number: int, rule: Rules) -> None:
    code = GameCode.parse(text)
    assert (code.number, code.rules) == (number, rule)
    assert str(code) == text.strip().upper()


@given(deal_numbers, rules, st.sampled_from([str.lower, str.upper, str.title]))
def test_round_trip_for_every_number(number: int, rule: Rules, case: object) -> None:
    code = GameCode(number, rule)
    text = str(code)
    assert text == text.upper() and len(text) == 13
    assert GameCode.parse(text) == code
    assert GameCode.parse(f" \t{case(text)} \n") == code  # type: ignore[operator]


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("YU2-C-AAAAAAB", "algorithm 2"),
        ("XX1-C-AAAAAAB", "must start YU1"),
        ("YU1-X-AAAAAAB", "rule 'X'"),
        ("YU1-C-AAAAAB", "6 letters"),
        ("YU1-C-AAAAAAAB", "8 letters"),
        ("YU1-C-AAAA1AB", "'1'"),
        ("YU1-C-AAAÄAAB", "'Ä'"),
        ("YU1C-AAAAAAB", "three parts"),
        ("YU1-C-AAAAAAB-X", "three parts"),
        ("", "three parts"),
    ],
)
def test_malformed_codes_are_refused_by_name(text: str, complaint: str) -> None:
    with pytest.raises(yukon.InvalidGameCode) as info:
        GameCode.parse(text)
    assert complaint in str(info.value)
    assert isinstance(info.value, ValueError)


_CODE_FORM = re.compile(r"YU1-[CR]-[A-Z]{7}")


@st.composite
def _near_codes(draw: st.DrawFn) -> str:
    """A real code's text, in any letter case and padded, with up to two characters
    changed: half of these are codes, half are near misses."""
    text = list(str(GameCode(draw(deal_numbers), draw(rules))))
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(text) - 1))
        text[at] = draw(st.characters(codec="utf-8", exclude_categories=["Cs"]))
    case = draw(st.sampled_from([str.lower, str.upper, str.title]))
    return draw(st.sampled_from(["", " ", "\t"])) + case("".join(text))


@given(st.one_of(st.text(max_size=20), _near_codes()))
def test_parse_accepts_exactly_the_code_form(text: str) -> None:
    """Accepted if and only if, stripped and upper-cased, the text is ``YU1-``, a rule
    letter, a hyphen and seven letters A-Z (ASCII only); then it prints the same."""
    form = text.strip().upper()
    valid = text.isascii() and _CODE_FORM.fullmatch(form) is not None
    try:
        code = GameCode.parse(text)
    except yukon.InvalidGameCode:
        event("refused")
        assert not valid
    else:
        event("accepted")
        assert valid and str(code) == form


@pytest.mark.parametrize("number", [-1, 26**7])
def test_numbers_out_of_range_are_refused(number: object) -> None:
    with pytest.raises(yukon.InvalidGameCode):
        GameCode(number, Rules.CLASSIC)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [1.0, True, "1"])
def test_a_number_that_is_no_whole_number_is_a_type_error(number: object) -> None:
    with pytest.raises(TypeError, match="number"):
        GameCode(number, Rules.CLASSIC)  # type: ignore[arg-type]


def test_random_codes_come_from_the_callers_generator() -> None:
    first = GameCode.random(Rules.RELAXED, random.Random(7))
    assert first == GameCode.random("R", random.Random(7))
    assert first.rules is Rules.RELAXED


def test_random_codes_never_touch_the_global_state() -> None:
    random.seed(3)
    before = random.getstate()
    GameCode.random()
    GameCode.random(rng=random.Random(1))
    assert random.getstate() == before


def test_same_deal_in_both_rules() -> None:
    classic = yukon.deal("YU1-C-AAAAAAB")
    relaxed = yukon.deal("YU1-R-AAAAAAB")
    assert classic.columns == relaxed.columns
    assert classic.rules is Rules.CLASSIC and relaxed.rules is Rules.RELAXED
    assert GameCode.parse("YU1-C-AAAAAAB").with_rules("R") == GameCode(1, Rules.RELAXED)


def test_deal_sizes_add_up_to_the_spec() -> None:
    from yukon._scoring import FACE_DOWN_AT_DEAL
    from yukon._state import COLUMN_SIZES, HIDDEN_AT_DEAL

    assert sum(COLUMN_SIZES) == 52 and sum(HIDDEN_AT_DEAL) == FACE_DOWN_AT_DEAL == 21
    state = yukon.deal(GameCode(12345))
    assert [len(c) for c in state.columns] == list(COLUMN_SIZES)
    assert sum(len(c.face_up) for c in state.columns) == 31
