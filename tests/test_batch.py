"""``yukon.Batch``: many games stepped together, held to ``State`` game by game. The C
core's batch is held to the Python one in test_twins.py (masks, observations, rewards,
flags, random draws, positions); the random games a solve starts from, here."""

from __future__ import annotations

import array
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import ACTION_COUNT, OBSERVATION_SIZE, Batch, GameCode, Move, Rules, State
from yukon._batch import random_games
from yukon._rules import Position
from yukon._state import packed

from . import twins
from .strategies import positions


def _states(count: int, seed: int) -> list[State]:
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        state = yukon.deal(GameCode(rnd.randrange(10_000), rnd.choice(list(Rules))))
        for _ in range(rnd.randrange(0, 120)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rnd.choice(moves))
        out.append(state)
    return out


def _over(state: State) -> bool:
    return state.is_won or not state.legal_moves()


@given(st.lists(positions(max_steps=120), min_size=1, max_size=6))
def test_masks_and_observations_are_each_games(states: list[State]) -> None:
    batch = Batch(states)
    assert len(batch) == len(states)
    assert bytes(batch.legal_masks()) == b"".join(s.legal_mask() for s in states)
    for perfect in (False, True):
        assert bytes(batch.observations(perfect=perfect)) == b"".join(
            s.observation(perfect=perfect) for s in states
        )


@pytest.mark.parametrize("seed", range(4))
def test_a_step_is_each_games_move(seed: int) -> None:
    rnd = random.Random(seed)
    states = _states(12, seed)
    batch = Batch(states)
    for _ in range(40):
        keys = []
        for state in states:
            moves = state.legal_moves()
            keys.append(rnd.choice(moves).key if moves and not state.is_won else 0)
        rewards, done = batch.step(keys)
        after = [
            s if _over(s) else s.apply(Move.from_key(k))
            for s, k in zip(states, keys, strict=True)
        ]
        assert list(rewards) == [
            a.progress - s.progress for s, a in zip(states, after, strict=True)
        ]
        assert list(done) == [int(_over(a)) for a in after]
        states = after
        assert batch.states() == states
    assert [s.score for s in batch.states()] == [s.score for s in states]


def test_the_buffers_read_as_numpy_arrays_without_a_copy() -> None:
    states = _states(5, 9)
    batch = Batch(states)
    masks = np.frombuffer(batch.legal_masks(), dtype=np.uint8).reshape(5, ACTION_COUNT)
    observations = np.frombuffer(batch.observations(), dtype=np.uint8)
    assert observations.reshape(5, OBSERVATION_SIZE).shape == (5, OBSERVATION_SIZE)
    keys = [int(np.flatnonzero(row)[0]) if row.any() else 0 for row in masks]
    rewards, _ = batch.step(keys)
    assert np.frombuffer(rewards, dtype=np.int32).shape == (5,)


def test_an_illegal_key_moves_no_game() -> None:
    states = [yukon.deal("YU1-R-AAAAAAC"), yukon.deal("YU1-C-AAAAAAB")]
    batch = Batch(states)
    legal = states[0].legal_moves()[0].key
    with pytest.raises(yukon.IllegalMove, match="exactly one rank higher") as refused:
        batch.step([legal, Move.parse("7C>3").key])  # 7♣ onto 2♥ in deal 1
    assert str(refused.value.__cause__) == "in game 1 of the batch"
    assert batch.states() == states
    with pytest.raises(ValueError, match="one key a game"):
        batch.step([legal])
    with pytest.raises(yukon.InvalidMove):
        batch.step([legal, ACTION_COUNT])
    assert batch.states() == states


def test_a_game_over_ignores_its_key() -> None:
    won = yukon.deal("YU1-R-AAAAAAB")
    for move in yukon.solve(won).moves:
        won = won.apply(move)
    batch = Batch([won])
    rewards, done = batch.step([Move.parse("KS>1").key])  # a return it could make
    assert list(rewards) == [0] and done == b"\x01" and batch.states() == [won]


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_random_playouts_are_seeded_and_end_games(seed: int) -> None:
    states = _states(8, seed % 97)
    first, second = Batch(states), Batch(states)
    played = first.random_playouts(500, seed)
    assert list(played) == list(second.random_playouts(500, seed))
    assert first.states() == second.states()
    for before, after, count in zip(states, first.states(), played, strict=True):
        assert count == 500 or _over(after)
        assert after.score >= before.score


def _flips(
    played: list[tuple[bytes, list[tuple[int, Position]]]],
) -> list[tuple[bytes, list[tuple[int, object]]]]:
    return [(keys, [(n, p.key()) for n, p in turned]) for keys, turned in played]


@settings(max_examples=20, deadline=None)
@given(positions(max_steps=60), st.integers(1, 6), st.integers(0, 400), st.integers())
def test_random_games_are_the_playouts_with_their_flips(
    state: State, games: int, most: int, seed: int
) -> None:
    """Each game's keys are the moves ``random_playouts`` draws with the same seed, and
    its flips are the positions after exactly the moves that turned a card up."""
    seed %= 2**64
    played = random_games(packed(state), games, most, seed)
    batch = Batch([state] * games)
    counts = list(batch.random_playouts(most, seed))
    assert len(played) == games
    for (keys, turned), count, end in zip(played, counts, batch.states(), strict=True):
        line = array.array("H", keys)
        assert len(line) == count
        now, expected = state, []
        for n, key in enumerate(line, 1):
            after = now.apply(Move.from_key(key))
            if after.face_down_count < now.face_down_count:
                expected.append((n, packed(after).key()))
            now = after
        assert now == end
        assert [(n, p.key()) for n, p in turned] == expected


@twins.needs_both
def test_the_random_games_are_alike_on_each_twin() -> None:
    """The flips a solve's starts further on come from (keys, lengths and positions),
    alike on each twin."""
    flips = 0
    for state in _states(6, 11):
        python = twins.alike(
            lambda: _flips(random_games(packed(state), 5, 600, 2024)),  # noqa: B023
            "random games: keys, lengths and the positions after flips",
        )
        flips += sum(len(turned) for _, turned in python)
    assert flips > 20


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(TypeError, match="states"):
        Batch([yukon.deal("YU1-C-AAAAAAB"), "YU1-C-AAAAAAB"])  # type: ignore[list-item]
    batch = Batch([])
    assert len(batch) == 0 and batch.legal_masks() == bytearray()
    assert list(batch.step([])[0]) == []
    with pytest.raises(TypeError, match="perfect"):
        batch.observations(perfect=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_moves"):
        batch.random_playouts(-1, 0)
    with pytest.raises(ValueError, match="seed"):
        batch.random_playouts(10, 2**64)


def test_numpy_integers_are_whole_numbers() -> None:
    """Keys and counts straight from NumPy (anything with ``__index__``) are taken as
    the ints they are; floats and bools are not whole numbers."""
    states = _states(3, 11)
    batch, again = Batch(states), Batch(states)
    masks = np.frombuffer(batch.legal_masks(), np.uint8).reshape(3, ACTION_COUNT)
    keys = np.array([np.flatnonzero(row)[0] if row.any() else 0 for row in masks])
    rewards, done = batch.step(keys)  # an int64 array
    rewards_again, done_again = again.step([int(k) for k in keys])
    assert (rewards.tolist(), done) == (rewards_again.tolist(), done_again)
    assert batch.random_playouts(np.int32(5), np.uint64(9)).tolist() == (
        again.random_playouts(5, 9).tolist()
    )
    with pytest.raises(TypeError, match="keys"):
        batch.step([0.0, 0.0, 0.0])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="max_moves"):
        batch.random_playouts(True, 0)
    with pytest.raises(TypeError, match="keys"):
        batch.step(5)  # type: ignore[arg-type]


def test_one_game_starts_again_and_the_others_play_on() -> None:
    states = _states(4, 3)
    batch = Batch(states)
    batch.random_playouts(50, 1)
    before = batch.states()
    fresh = yukon.deal("YU1-R-AAAAAAB")
    batch.reset(np.int64(2), fresh)
    after = batch.states()
    assert after[2] == fresh and [after[i] for i in (0, 1, 3)] == [
        before[i] for i in (0, 1, 3)
    ]
    assert bytes(batch.observations())[2 * OBSERVATION_SIZE : 3 * OBSERVATION_SIZE] == (
        fresh.observation()
    )
    for bad in (-1, 4):
        with pytest.raises(IndexError, match="game"):
            batch.reset(bad, fresh)
    with pytest.raises(TypeError, match="state"):
        batch.reset(0, "YU1-C-AAAAAAB")  # type: ignore[arg-type]
    assert batch.states() == after  # a refused reset changes nothing


def test_an_alarm_stops_long_random_play_at_once() -> None:
    """Random play can go on for ever (cards shuffled to and fro); a signal handler's
    exception must stop it, not wait for the end."""
    import signal
    import time

    class Alarm(Exception):
        pass

    def ring(signum: int, frame: object) -> None:
        raise Alarm

    batch = Batch([yukon.deal(GameCode(n, Rules.RELAXED)) for n in range(1, 9)])
    previous = signal.signal(signal.SIGALRM, ring)
    began = time.monotonic()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(Alarm):
            batch.random_playouts(2**31 - 1, 1)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - began < 10  # without the check: hours
    assert len(batch.states()) == 8  # the batch is still there to use


def test_steps_from_several_threads_wait_for_one_another() -> None:
    """A second thread steps the batch just after the first has checked its keys:
    it must wait for the first step to finish, not move the game under it (which made
    the first step report a live game over)."""
    import threading

    batch = Batch([yukon.deal("YU1-C-AAAAAAB")])
    key = Move.parse("6D>7").key
    games = batch._games
    other: list[object] = []

    class Interleaved:
        """The batch's games, with the other thread let in after the check."""

        def __getattr__(self, name: str) -> object:
            return getattr(games, name)

        def __len__(self) -> int:
            return len(games)

        def illegal(self, keys: list[int]) -> int:
            bad = games.illegal(keys)
            if not other:
                thread = threading.Thread(target=second)
                other.append(thread)
                thread.start()
                thread.join(timeout=0.5)  # waits on the lock: it times out
            return bad

    def second() -> None:
        try:
            other.append(batch.step([key]))
        except yukon.IllegalMove as refused:
            other.append(refused)

    batch._games = Interleaved()  # type: ignore[assignment]
    rewards, done = batch.step([key])
    other_thread = other[0]
    assert isinstance(other_thread, threading.Thread)
    other_thread.join()
    assert (list(rewards), done) == ([5], b"\x00")  # K♣ turned up, the game goes on
    assert isinstance(other[1], yukon.IllegalMove)  # 6♦ had gone: refused, not lost


@given(st.lists(positions(max_steps=80), min_size=1, max_size=5), st.randoms())
def test_try_step_plays_the_legal_keys_and_leaves_the_rest(
    states: list[State], rnd: random.Random
) -> None:
    batch = Batch(states)
    keys = []
    for state in states:
        legal = state.legal_keys()
        keys.append(rnd.choice(legal) if legal and rnd.random() < 0.6 else 3)
    for kind in ("progress", "score"):
        again = Batch(states)
        stepped = again.try_step(np.array(keys), reward=kind)
        rewards, done, played = stepped.rewards, stepped.done, stepped.played
        after_all = again.states()
        assert bytes(stepped.masks) == b"".join(s.legal_mask() for s in after_all)
        assert bytes(stepped.observations) == b"".join(
            s.observation() for s in after_all
        )
        assert list(stepped.won) == [s.is_won for s in after_all]
        for i, (state, key) in enumerate(zip(states, keys, strict=True)):
            playable = not _over(state) and key in state.legal_keys()
            assert played[i] == playable
            after = state.apply(Move.from_key(key)) if playable else state
            assert again.states()[i] == after
            assert done[i] == _over(after)
            if kind == "score":
                assert rewards[i] == after.score - state.score
            else:
                assert rewards[i] == after.progress - state.progress
    with pytest.raises(ValueError, match="reward"):
        batch.try_step(keys, reward="points")
