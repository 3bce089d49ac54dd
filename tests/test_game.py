from __future__ import annotations

import gc
import pickle
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import yukon
from yukon import Game, GameCode, Move, State, _game, _hint, _planner, _state

from .builders import flip_reachable
from .strategies import codes, games


def test_new_game_starts_at_zero() -> None:
    game = Game.new("yu1-c-aaaaaab")
    assert game.code == GameCode(1)
    assert (game.move_count, game.score, game.can_undo, game.last_move) == (
        0,
        0,
        False,
        None,
    )
    assert game.state == yukon.deal("YU1-C-AAAAAAB")
    assert Game.new(GameCode(1)) == game


@given(games(), st.randoms(use_true_random=False))
def test_undo_restores_position_and_score_but_not_the_counter(
    game: Game, rnd: random.Random
) -> None:
    moves = game.state.legal_moves()
    if not moves:
        return
    played = game.play(rnd.choice(moves))
    assert played.move_count == game.move_count + 1
    undone = played.undo()
    assert undone.state == game.state and undone.score == game.score
    assert undone.move_count == game.move_count + 1


@given(codes, st.randoms(use_true_random=False))
def test_only_the_last_100_moves_can_be_undone(
    code: GameCode, rnd: random.Random
) -> None:
    game = Game.new(code)
    positions = [game.state]
    while game.move_count < 130:
        moves = game.state.legal_moves()
        if not moves:
            break
        game = game.play(rnd.choice(moves))
        positions.append(game.state)
    played = game.move_count
    undoable = min(played, 100)
    assert game.history == tuple(
        zip(
            positions[played - undoable : played],
            game.line[played - undoable :],
            strict=True,
        )
    )
    for back in range(1, undoable + 1):
        game = game.undo()
        assert game.state == positions[played - back]
        assert game.move_count == played
    assert not game.can_undo
    with pytest.raises(yukon.NothingToUndo, match="no move to undo"):
        game.undo()


@given(games())
def test_the_counter_never_falls(game: Game) -> None:
    assert game.move_count >= len(game.history)
    while game.can_undo:
        before = game.move_count
        game = game.undo()
        assert game.move_count == before


def test_illegal_play_leaves_the_game_as_it_was() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    with pytest.raises(yukon.IllegalMove) as info:
        game.play("7C>3")
    assert info.value.refusal.code is yukon.RefusalCode.RANK_MISMATCH
    with pytest.raises(yukon.InvalidMove):
        game.play("7C to 3")
    assert game == Game.new("YU1-C-AAAAAAB")


def test_play_accepts_moves_and_move_text_alike() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    assert game.play("6C>1") == game.play(Move.parse("6c>1"))
    assert game.play("6C>1").last_move == Move.parse("6C>1")


@pytest.mark.parametrize("name", ["moves", "_moves", "_state", "_line", "other"])
def test_games_and_positions_are_frozen(name: str) -> None:
    game = Game.new("YU1-C-AAAAAAB").play("6C>1")
    state = game.state
    for value in (game, state):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(value, name, 3)
        with pytest.raises(AttributeError, match="immutable"):
            delattr(value, name)
    assert (
        game.move_count == 1
        and game.state is state
        and game.line == (Move.parse("6C>1"),)
    )


@given(games())
def test_games_are_values(game: Game) -> None:
    twin = pickle.loads(pickle.dumps(game))
    assert twin == game and hash(twin) == hash(game)
    assert twin.history == game.history and twin.move_count == game.move_count


def test_undo_rebuilds_each_position_from_the_one_after_it() -> None:
    """A game holds its own position and small links: no earlier position where the C
    core works them out again, and at most a bounded number in pure Python. Undo gives
    back the same positions, for the game in hand and for an older game object (whose
    kept positions later games let go) alike."""
    rnd = random.Random(3)
    game = Game.new("YU1-R-AAAAAAB")
    positions = [game.state]
    kept: Game | None = None
    while game.move_count < 320:
        moves = game.state.legal_moves()
        assert moves, "this seeded relaxed deal has moves for 320 plays"
        game = game.play(rnd.choice(moves))
        positions.append(game.state)
        if game.move_count == 120:
            kept = game
    assert kept is not None
    line = game._now.line  # what the game holds is the point here
    links = held = 0
    while line is not None:
        links += 1
        reached = gc.get_referents(line) + gc.get_referents(line.kept or [])
        held += sum(isinstance(thing, State) for thing in reached)
        line = line.rest
    assert links == 320
    assert held == 0 if _game._KEPT == 0 else 0 < held <= 2 * _game._KEPT
    for start, at in ((kept, 120), (game, 320)):
        for back in range(1, 101):
            start = start.undo()
            assert start.state == positions[at - back]


def test_auto_place_drops_a_dragged_group_or_says_why_not() -> None:
    game = Game.new("YU1-C-AAAAAAB")
    placed = game.auto_place("6C")
    assert placed.move is not None and placed.move == game.state.auto_place("6C")
    assert placed.game.state == game.state.apply(placed.move)
    hidden = game.auto_place("9S")  # face down in column 2
    assert not hidden.played and hidden.game is game
    assert hidden.refusal is not None
    assert hidden.refusal.code is yukon.RefusalCode.FACE_DOWN
    nowhere = game.auto_place("7H")  # column 1's only card: no column takes it
    assert nowhere.refusal is not None
    assert nowhere.refusal.code is yukon.RefusalCode.NO_PLACE


def _all_face_up(code: str) -> Game:
    """A game of ``code`` played along the solver's winning line until every card is
    face up (relaxed deals are won quickly)."""
    game = Game.new(code)
    solution = yukon.solve(game.state, max_nodes=50_000)
    assert solution.verdict is yukon.Verdict.WON
    for move in solution.moves:
        if game.state.all_face_up:
            break
        game = game.play(move)
    assert game.state.all_face_up and not game.is_won
    return game


def test_auto_finish_plays_a_face_up_game_to_its_win() -> None:
    game = _all_face_up("YU1-R-AAAAAAB")
    finished = game.auto_finish()
    assert finished.is_won and finished.move_count > game.move_count
    assert finished.line[: len(game.line)] == game.line  # played on from the game
    assert not game.is_won  # the game asked is unchanged
    with pytest.raises(yukon.CannotFinish, match="21 cards are still face down"):
        Game.new("YU1-R-AAAAAAB").auto_finish()
    with pytest.raises(yukon.CannotFinish, match="No win was found"):
        game.auto_finish(max_seconds=0)


def test_auto_finish_refuses_a_game_with_no_win_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A face-up loss: the solver's LOST becomes a CannotFinish, nothing played."""
    from yukon import _game

    game = _all_face_up("YU1-R-AAAAAAC")
    monkeypatch.setattr(
        _game, "solve", lambda state, **budget: yukon.Solution(yukon.Verdict.LOST)
    )
    with pytest.raises(yukon.CannotFinish, match="cannot be won"):
        game.auto_finish()


def _board(state: State) -> tuple[object, ...]:
    """Where every card lies, from the public view alone: cards, face-down counts and
    foundations (the score left out)."""
    view = state.to_dict(hide_face_down=False)
    return (
        tuple(tuple(c["face_down"] + c["face_up"]) for c in view["columns"]),
        tuple(f["count"] for f in view["foundations"]),
        tuple(c["hidden"] for c in view["columns"]),
    )


@pytest.mark.same_without_core  # full-budget hints: 10 s each in pure Python
@settings(max_examples=15, deadline=None)
@given(games(max_steps=12))
def test_the_games_hint_never_goes_back_to_a_board_of_its_line(game: Game) -> None:
    advice = game.hint(samples=2, max_nodes=300)
    seen = {_board(game.start)}
    state = game.start
    for move in game.line:
        state = state.apply(move)
        seen.add(_board(state))
    moves = game.state.legal_moves()
    fresh = [m for m in moves if _board(game.state.apply(m)) not in seen]
    if advice is None:
        event("no move leads to a new board")
        assert not fresh
        return
    event("a move leads back" if len(fresh) < len(moves) else "every move is new")
    assert advice.move in fresh
    assert 0.0 <= advice.share <= 1.0 and advice.samples == 2


LOOPED = (
    "YU1-C-AAAAAAC 6C>3 QS>2 2H>3 6S>2 AS>F 9C>3 5C>2 4H>2 7H>3 3S>3 9D>4 6H>2 8S>4 "
    "TS>3 JD>2 TS>2 5C>4 TS>3 8H>6 2S>F 5C>2 TS>2 5C>4 7C>6"
)
"""A game whose hints once sent 2♠ home, back to a column and home again: a foundation
return changes the score, so comparing whole positions let the board come back."""


@pytest.mark.same_without_core  # full-budget hints: 10 s each in pure Python
def test_hints_followed_from_a_looping_game_never_come_back_to_a_board() -> None:
    """From the looping game's 12th move, hint after hint: every board is new (the
    hint then turns up cards, and has none once no card can be turned up)."""
    game = Game.from_record(" ".join(LOOPED.split()[:13]))
    seen = {_board(state) for state, _ in game.history} | {_board(game.state)}
    hinted = 0
    while (advice := game.hint()) is not None and hinted < 40:
        game = game.play(advice.move)
        hinted += 1
        assert _board(game.state) not in seen, f"hint {hinted} ({advice.move}) loops"
        seen.add(_board(game.state))
    assert hinted >= 2  # it had moves to give before it ran out of new boards


@pytest.mark.same_without_core  # games of full-budget hints: minutes in pure Python
@pytest.mark.no_cover  # slow under coverage; the hint's code is covered elsewhere
@settings(max_examples=12, deadline=None)
@given(codes, st.integers(0, 2**32 - 1))
def test_a_game_played_by_hints_never_revisits_a_board(
    code: GameCode, seed: int
) -> None:
    """Hint after hint from a deal, as the no-peek survey plays: every board is new,
    until no card can be turned up (``None``; or none was found among more boards
    than the hint searches) or every card is face up."""
    game = Game.new(code)
    rng = random.Random(seed)
    seen = {_board(game.state)}
    for _ in range(150):
        if game.state.all_face_up:
            event("every card face up")
            return
        advice = game.hint(rng=rng, samples=2, max_nodes=300)
        if advice is None:
            # no card can be turned up, or the hint's search (and its guesses) gave
            # up among more boards than it searches
            reachable = flip_reachable(game.state, _planner.DEEPER)
            assert game.state.face_down_count and reachable is not True
            event("no card could be turned up" if reachable is False else "gave up")
            return
        game = game.play(advice.move)
        assert _board(game.state) not in seen
        seen.add(_board(game.state))
    event("150 hints, every board new")


def test_a_card_moved_on_is_not_hinted_back() -> None:
    """Relaxed deal 1 after these moves: T♥ went from column 1 to 5, and T♥>1 would
    bring back a board of the line; the game's hint never proposes it."""
    game = Game.new("YU1-R-AAAAAAB")
    for move in ["TH>2", "6C>1", "QC>1", "8H>1", "5H>6", "TH>5"]:
        game = game.play(move)
    back = Move.parse("TH>1")
    assert game.state.apply(back) in {before for before, _ in game.history}
    advice = game.hint(samples=3, max_nodes=500)
    assert advice is not None and advice.move != back


@pytest.mark.parametrize("code", ["YU1-C-AAAAAAB", "YU1-R-AAAAAAB", "YU1-R-AAAAAAE"])
def test_the_hint_gives_up_its_choice_when_it_leads_back(code: str) -> None:
    """What the game's hint does, shown where it bites: the plain hint's own choice,
    its board marked as seen, is never proposed."""
    state = yukon.deal(code)
    plain = yukon.hint_move(state, samples=3, max_nodes=500)
    assert plain is not None and len(state.legal_moves()) > 1
    avoid = {_state.board(state.apply(plain))}
    advice = _hint.advise(state, samples=3, max_nodes=500, avoid=avoid)
    assert advice is not None and advice.move != plain
    assert advice.move in state.legal_moves()
    every = {_state.board(state.apply(m)) for m in state.legal_moves()}
    assert _hint.advise(state, samples=3, max_nodes=500, avoid=every) is None


@pytest.mark.same_without_core  # full-budget hints: 10 s each in pure Python
def test_a_new_games_hint_is_the_plain_hint_with_its_share() -> None:
    game = Game.new("YU1-R-AAAAAAD")
    advice = game.hint(samples=4, max_nodes=3_000)
    assert advice is not None
    assert advice.move == yukon.hint_move(game.state, samples=4, max_nodes=3_000)
    assert advice.share > 0  # relaxed guesses are won after the plan's line
