"""What learners and planners use: action ids, masks, observations, guesses at the
face-down cards, and a progress measure no line of moves can farm."""

from __future__ import annotations

import pathlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yukon
from yukon import ACTION_COUNT, OBSERVATION_SIZE, Card, Game, Move, State

from .strategies import positions

ACTIONS = pathlib.Path(__file__).with_name("fixtures") / "actions-v1.txt"


def test_the_action_table_never_changes_within_the_major_version() -> None:
    lines = ACTIONS.read_text(encoding="utf-8").splitlines()
    golden = [line for line in lines if not line.startswith("#")]
    assert ACTION_COUNT == len(golden) == 416
    assert [f"{key} {Move.from_key(key)}" for key in range(ACTION_COUNT)] == golden


@pytest.mark.parametrize("key", range(0, ACTION_COUNT, 7))
def test_a_key_names_its_move_and_back(key: int) -> None:
    move = Move.from_key(key)
    assert move.key == key and Move.parse(str(move)) is move


@pytest.mark.parametrize("key", [-1, ACTION_COUNT])
def test_a_key_that_names_no_move_is_refused(key: object) -> None:
    with pytest.raises(yukon.InvalidMove, match="a move key runs from 0 to 415"):
        Move.from_key(key)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", [True, 3.0, "7", None])
def test_a_key_that_is_no_whole_number_is_a_type_error(key: object) -> None:
    with pytest.raises(TypeError, match="key must be a whole number"):
        Move.from_key(key)  # type: ignore[arg-type]


@given(positions())
def test_keys_and_mask_are_the_legal_moves(state: State) -> None:
    moves = state.legal_moves()
    assert state.legal_keys() == tuple(move.key for move in moves)
    mask = state.legal_mask()
    assert len(mask) == ACTION_COUNT and set(mask) <= {0, 1}
    assert [key for key, legal in enumerate(mask) if legal] == sorted(
        state.legal_keys()
    )


def _decode(observation: bytes) -> tuple[list[list[int]], list[int], list[int], bool]:
    """A perfect observation read back into columns, face-down counts, foundation counts
    and the rules, by the layout the Learning page documents."""
    columns: list[dict[int, int]] = [{} for _ in range(7)]
    found = [0, 0, 0, 0]
    for card in range(52):
        lies, place = observation[card], observation[52 + card]
        if lies == 7:
            found[card // 13] += 1
        else:
            columns[lies % 8][place] = card
    hidden = list(observation[104:111])
    cards = [[column[i] for i in range(len(column))] for column in columns]
    return cards, hidden, found, bool(observation[111])


@given(positions())
def test_a_perfect_observation_is_the_whole_position(state: State) -> None:
    observation = state.observation(perfect=True)
    assert len(observation) == OBSERVATION_SIZE
    cards, hidden, found, relaxed = _decode(observation)
    assert cards == [[card.index for card in column.cards] for column in state.columns]
    assert hidden == [column.hidden for column in state.columns]
    assert found == list(state.foundations)
    assert relaxed is (state.rules is yukon.Rules.RELAXED)


@given(positions(), st.integers(0, 2**32))
def test_the_face_down_cards_never_show(state: State, seed: int) -> None:
    """Dealing the face-down cards again never changes the observation, and changes
    the perfect one whenever the deal moved a card."""
    other = state.sample_hidden(random.Random(seed))
    assert other.observation() == state.observation()
    assert (other.observation(perfect=True) == state.observation(perfect=True)) is (
        other == state
    )


def test_the_observation_marks_a_face_down_card_15_and_a_card_home_7() -> None:
    game = Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5").play("AH>F")
    observation = game.state.observation()
    nine_spades = Card.parse("9S")  # face down, alone under column 2's cards
    assert (
        observation[nine_spades.index] == 15
        and observation[52 + nine_spades.index] == 0
    )
    assert game.state.observation(perfect=True)[nine_spades.index] == 8 + 1
    ace = Card.parse("AH")
    assert observation[ace.index] == 7 and observation[52 + ace.index] == 0
    assert list(observation[104:111]) == [c.hidden for c in game.state.columns]
    with pytest.raises(TypeError, match="perfect"):
        game.state.observation(perfect=1)  # type: ignore[arg-type]


@given(positions(), st.integers(0, 2**32))
def test_a_guess_keeps_everything_the_player_sees(state: State, seed: int) -> None:
    guess = state.sample_hidden(random.Random(seed))
    assert guess == state.sample_hidden(random.Random(seed))  # the rng decides
    assert guess.score == state.score and guess.foundations == state.foundations
    assert guess.rules is state.rules
    for mine, theirs in zip(guess.columns, state.columns, strict=True):
        assert mine.face_up == theirs.face_up and mine.hidden == theirs.hidden
    assert sorted(c.index for col in guess.columns for c in col.face_down) == sorted(
        c.index for col in state.columns for c in col.face_down
    )


def test_a_guess_needs_a_random_generator_of_its_own() -> None:
    with pytest.raises(TypeError, match="rng"):
        yukon.deal("YU1-C-AAAAAAB").sample_hidden(7)  # type: ignore[arg-type]


def test_progress_runs_from_0_to_a_clean_win() -> None:
    game = Game.new("YU1-R-AAAAAAB")
    assert game.state.progress == 0
    for move in yukon.solve(game.state).moves:
        before = game.state
        game = game.play(move)
        assert game.state.progress - before.progress == game.score - before.score
    assert game.state.progress == yukon.CLEAN_WIN == 625


def test_a_card_taken_back_and_placed_again_earns_score_but_no_progress() -> None:
    """The app pays 10 points each time a card lands home, so a return and its replay
    farm the score; progress depends on the position alone, so the cycle earns 0."""
    rnd = random.Random(11)
    state = yukon.deal("YU1-C-AAAAAAB")
    for _ in range(3_000):
        moves = state.legal_moves()
        returns = [m for m in moves if state.locate(m.card).pile.is_foundation]
        if returns:
            break
        state = state.apply(rnd.choice(moves))
    assert returns, "random play reaches a possible return"
    back = returns[0]
    again = state.apply(back).apply(Move.home(back.card))
    assert again == State.from_layout(
        [list(c.cards) for c in state.columns],
        hidden=[c.hidden for c in state.columns],
        foundations=list(state.foundations),
        rules=state.rules,
        score=state.score + yukon.FOUNDATION_POINTS,
    )
    assert again.score == state.score + 10 and again.progress == state.progress
