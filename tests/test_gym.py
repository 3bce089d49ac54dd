"""``yukon.gym``: the Gymnasium environment, held to Gymnasium's own checker and to the
library's positions."""

from __future__ import annotations

import pickle
import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from gymnasium.utils.env_match import check_environments_match
from gymnasium.vector import AutoresetMode, VectorEnv

import yukon
from yukon import ACTION_COUNT, GameCode, Move, State
from yukon.gym import ENV_ID, ONE_HOT_SIZE, YukonEnv, YukonVectorEnv, one_hot


def _make(**options: Any) -> YukonEnv:
    env = gymnasium.make(ENV_ID, **options).unwrapped
    assert isinstance(env, YukonEnv)
    return env


@pytest.mark.parametrize(
    "options",
    [{}, {"rules": "R"}, {"reward": "score", "render_mode": "ansi"}, {"max_moves": 3}],
)
def test_the_environment_passes_gymnasiums_checker(options: dict[str, Any]) -> None:
    check_env(_make(**options))  # warnings fail the test too (pytest's filterwarnings)


def test_the_module_path_form_of_the_id_makes_it() -> None:
    env = gymnasium.make("yukon.gym:yukon/Yukon-v0")
    assert isinstance(env.unwrapped, YukonEnv)


def test_a_seed_picks_the_deal_and_an_option_names_one() -> None:
    env = _make()
    first, info = env.reset(seed=7)
    again, info_again = env.reset(seed=7)
    assert np.array_equal(first, again) and info["code"] == info_again["code"]
    state = yukon.deal(info["code"])
    assert bytes(first.astype(np.uint8)) == state.observation()
    _, other = env.reset(seed=8)
    assert other["code"] != info["code"]
    observation, named = env.reset(options={"code": "yu1-r-aaaaaab"})
    assert named["code"] == "YU1-R-AAAAAAB"
    assert (
        bytes(observation.astype(np.uint8)) == yukon.deal("YU1-R-AAAAAAB").observation()
    )
    with pytest.raises(yukon.InvalidGameCode):
        env.reset(options={"code": "YU1-C-AAA"})


def _play_masked(env: YukonEnv, seed: int) -> tuple[float, State, int]:
    """A masked random agent's episode: the total reward, the last position, steps."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    state = yukon.deal(info["code"])
    total, steps = 0.0, 0
    while True:
        mask = info["action_mask"]
        assert np.array_equal(mask, env.action_masks())
        assert bytes(mask.astype(np.uint8)) == state.legal_mask()
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        state = state.apply(Move.from_key(action))
        assert bytes(observation.astype(np.uint8)) == state.observation()
        total += float(reward)
        steps += 1
        if terminated or truncated:
            assert terminated is (state.is_won or state.is_stuck)
            return total, state, steps


@pytest.mark.parametrize("seed", range(6))
def test_masked_play_follows_the_rules_and_progress_adds_up(seed: int) -> None:
    total, state, steps = _play_masked(_make(rules="R", max_moves=400), seed)
    assert total == state.progress and 0 < steps <= 400


def test_the_score_reward_adds_up_to_the_score() -> None:
    total, state, _ = _play_masked(_make(reward="score", max_moves=300), 3)
    assert total == state.score


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = _make()
    observation, _ = env.reset(options={"code": "YU1-C-AAAAAAB"})
    illegal = Move.parse("7C>3").key
    after, reward, terminated, truncated, info = env.step(illegal)
    assert np.array_equal(after, observation) and reward == -1.0
    assert not terminated and not truncated
    assert info["refusal"].startswith("A card goes on a card exactly one rank higher")
    strict = _make(illegal="raise")
    strict.reset(options={"code": "YU1-C-AAAAAAB"})
    with pytest.raises(yukon.IllegalMove):
        strict.step(illegal)
    with pytest.raises(yukon.InvalidMove):
        env.step(ACTION_COUNT)


def test_an_episode_is_cut_after_max_moves() -> None:
    env = _make(max_moves=2)
    env.reset(options={"code": "YU1-C-AAAAAAB"})
    assert env.step(Move.parse("6C>1").key)[3] is False
    assert env.step(Move.parse("5H>5").key)[3] is True


@pytest.mark.parametrize(
    "options",
    [
        {"reward": "points"},
        {"illegal": "ignore"},
        {"max_moves": 0},
        {"render_mode": "human"},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(options))):
        YukonEnv(**options)


@pytest.mark.parametrize("name", ["reward", "illegal", "max_moves", "render_mode"])
@pytest.mark.parametrize(
    "value",
    ["x" * 100_000, -(10**5000), [0] * 100_000],
    ids=["long text", "huge negative number", "long list"],
)
def test_an_option_far_out_is_refused_briefly(name: str, value: object) -> None:
    options: dict[str, Any] = {name: value}
    with pytest.raises(ValueError, match=name) as refused:
        YukonEnv(**options)
    assert len(str(refused.value)) < 250


@pytest.mark.parametrize(
    ("rules", "error"),
    [("x" * 100_000, yukon.InvalidGameCode), (7, TypeError), (None, TypeError)],
    ids=["text", "7", "None"],
)
def test_rules_that_are_none_are_refused_by_the_library(
    rules: Any, error: type[Exception]
) -> None:
    with pytest.raises(error, match="rule") as refused:
        YukonEnv(rules=rules)
    assert len(str(refused.value)) < 250


def test_an_environment_pickles_mid_episode() -> None:
    """Vectorised environments in subprocesses send environments between processes."""
    env = _make(rules=yukon.Rules.RELAXED)
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    twin = pickle.loads(pickle.dumps(env))
    assert twin.state == env.state and twin.code == env.code
    assert twin.code.rules is yukon.Rules.RELAXED and isinstance(twin.code, GameCode)
    assert env.render() is None and _make(render_mode="ansi").render() is not None


def test_one_hot_marks_one_place_in_each_group() -> None:
    states = [yukon.deal("YU1-C-AAAAAAB"), yukon.deal("YU1-R-AAAAAAB").apply("6S>1")]
    single = one_hot(states[0].observation())
    assert single.shape == (ONE_HOT_SIZE,) and single.dtype == np.float32
    stacked = one_hot(
        np.stack([np.frombuffer(s.observation(), np.uint8) for s in states])
    )
    assert stacked.shape == (2, ONE_HOT_SIZE)
    assert np.array_equal(stacked[0], single)
    for row, state in zip(stacked, states, strict=True):
        observation = state.observation()
        cards = row[: 52 * 16].reshape(52, 16)
        places = row[52 * 16 : 52 * 68].reshape(52, 52)
        downs = row[52 * 68 : -1].reshape(7, 7)
        assert (cards.sum(axis=1) == 1).all() and (places.sum(axis=1) == 1).all()
        assert list(cards.argmax(axis=1)) == list(observation[:52])
        assert list(places.argmax(axis=1)) == list(observation[52:104])
        assert list(downs.argmax(axis=1)) == [c.hidden for c in state.columns]
        assert row[-1] == (state.rules is yukon.Rules.RELAXED)
    with pytest.raises(ValueError, match="last axis"):
        one_hot(b"short")
    with pytest.raises(ValueError, match="integers"):
        one_hot(np.zeros(yukon.OBSERVATION_SIZE, np.float32))
    with pytest.raises(ValueError, match="no observation has"):
        one_hot(bytes([40]) * yukon.OBSERVATION_SIZE)


def test_a_won_game_ends_the_episode_with_625_progress() -> None:
    """A won position still has legal moves (a King may come back to an empty
    column), so winning, not the mask, must end the episode."""
    env = _make(rules="R")
    env.reset(options={"code": "YU1-R-AAAAAAB"})
    line = yukon.solve(yukon.deal("YU1-R-AAAAAAB")).moves
    total = 0.0
    for number, move in enumerate(line, 1):
        _, reward, terminated, truncated, info = env.step(move.key)
        total += float(reward)
        assert terminated is (number == len(line)) and not truncated
    assert env.state.is_won and total == yukon.CLEAN_WIN
    assert info["action_mask"].any()  # the Kings could come back


TALL = ("YU1-C-QHBKSXO", "JD>6 AH>6 QH>6 4D>5 5S>6 3D>2 QC>6 JH>6")
"""A classic game whose sixth column holds 33 cards after eight legal moves: any face-up
card moves with everything on it, in any order."""


def _tall() -> State:
    code, moves = TALL
    state = yukon.deal(code)
    for move in moves.split():
        state = state.apply(move)
    return state


def test_a_column_of_33_cards_is_in_the_observation_space() -> None:
    state = _tall()
    assert max(len(column) for column in state.columns) == 33
    env = _make()
    env.state = state
    observation = env._observation()
    assert observation.dtype == np.int64
    assert env.observation_space.contains(observation)
    assert int(observation[52:104].max()) == 32
    vector = one_hot(observation)
    places = vector[52 * 16 : 52 * 68].reshape(52, 52)
    assert list(places.argmax(axis=1)) == list(observation[52:104])
    batch = yukon.Batch([state])
    assert bytes(batch.observations()) == state.observation()
    assert np.array_equal(one_hot(bytes(batch.observations())), vector)


def test_every_place_a_column_can_hold_is_in_the_space() -> None:
    """52 places: a column may in principle hold the whole deck."""
    env = _make()
    top = np.array(yukon.gym.NVEC) - 1
    assert env.observation_space.contains(top)
    assert top[52] == 51 and one_hot(top).shape == (ONE_HOT_SIZE,)


def test_the_space_sums_as_stable_baselines3_sums_it() -> None:
    """Stable-Baselines3 sizes its one-hot input as ``sum(space.nvec)`` (a Python sum
    over the array's own scalars) and encodes each value with ``nvec[i]`` classes: with
    ``uint8`` that sum wrapped to 243 and MaskablePPO crashed on its first pass."""
    space = _make().observation_space
    assert isinstance(space, gymnasium.spaces.MultiDiscrete)
    assert np.issubdtype(space.nvec.dtype, np.int64)
    total = int(sum(space.nvec))  # what sb3's get_flattened_obs_dim computes
    assert total == 52 * 16 + 52 * 52 + 7 * 7 + 2 == ONE_HOT_SIZE + 1
    observation = _make()._observation()
    encoded = np.concatenate(
        [
            np.eye(int(n))[int(value)]
            for value, n in zip(observation, space.nvec, strict=True)
        ]
    )  # what sb3's preprocess_obs does with a MultiDiscrete observation
    assert encoded.shape == (total,) and encoded.sum() == yukon.OBSERVATION_SIZE


def test_info_tells_a_win_from_a_game_with_no_move_left() -> None:
    env = _make(rules="R")
    _, info = env.reset(options={"code": "YU1-R-AAAAAAB"})
    assert info["won"] is False
    line = yukon.solve(yukon.deal("YU1-R-AAAAAAB")).moves
    for move in line:
        _, _, terminated, _, info = env.step(move.key)
        assert info["won"] is terminated
    assert info["won"] is True
    stuck = _make()
    stuck.reset(options={"code": yukon.GameCode(136)})
    rng = random.Random(0)  # random play that ends with no move left, 29 moves on
    terminated = False
    while not terminated:
        move = rng.choice(stuck.state.legal_moves())
        _, _, terminated, truncated, info = stuck.step(move.key)
        assert not truncated
    assert info["won"] is False and not stuck.state.legal_moves()


def test_the_default_render_shows_what_a_player_sees() -> None:
    env = _make(render_mode="ansi")
    env.reset(options={"code": "YU1-C-AAAAAAB"})
    text = env.render()
    assert text is not None
    state = env.state
    hidden = [c for column in state.columns for c in column.face_down]
    assert len(hidden) == 21 and text.count("##") == 21
    assert not any(str(card) in text for card in hidden)
    assert all(str(column.last) in text for column in state.columns if column.last)


def _vector(num_envs: int, **options: Any) -> Any:
    return gymnasium.make_vec(
        ENV_ID, num_envs=num_envs, vectorization_mode="vector_entry_point", **options
    )


def _sync(num_envs: int, **options: Any) -> Any:
    return gymnasium.make_vec(
        ENV_ID, num_envs=num_envs, vectorization_mode="sync", **options
    )


def test_make_vec_gives_the_native_vector_environment() -> None:
    envs = _vector(4, rules="R")
    assert isinstance(envs, YukonVectorEnv) and isinstance(envs, VectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert envs.single_observation_space == _make().observation_space
    assert envs.observation_space.shape == (4, yukon.OBSERVATION_SIZE)
    assert envs.action_space.shape == (4,)


@pytest.mark.parametrize(
    "options",
    [
        {"max_moves": 60},
        {"rules": "R", "max_moves": 7},
        {"reward": "score", "illegal_reward": -3.0, "max_moves": 80},
    ],
)
def test_the_vector_environment_is_the_sync_one_step_for_step(
    options: dict[str, Any],
) -> None:
    """Gymnasium's own check that two environments match (random, mostly refused
    actions; it takes one game, its flags being compared as truth values), then masked
    play of several games long enough for wins, dead ends, cut episodes and
    autoresets, compared with data_equivalence step by step."""
    check_environments_match(_sync(1, **options), _vector(1, **options), 60, seed=2)
    vector, sync = _vector(6, **options), _sync(6, **options)
    first, info = vector.reset(seed=11)
    again, info_sync = sync.reset(seed=11)
    assert data_equivalence((first, info), (again, info_sync))
    rng = np.random.default_rng(4)
    ended = refused = 0
    for step in range(300):
        mask = info_sync["action_mask"]
        actions = np.array(
            [
                rng.choice(np.flatnonzero(row))
                if row.any() and rng.random() < 0.9
                else rng.integers(ACTION_COUNT)
                for row in mask
            ]
        )
        got, expected = vector.step(actions), sync.step(actions)
        assert data_equivalence(got, expected), f"step {step}"
        assert vector.observation_space.contains(got[0])
        assert np.array_equal(vector.action_masks(), got[4]["action_mask"])
        info_sync = expected[4]
        ended += int(np.sum(got[2] | got[3]))
        refused += int(np.sum(got[4].get("_refusal", 0)))
    assert ended > 0 and refused > 0  # both paths were taken


def test_a_vector_game_that_ends_is_dealt_again_on_the_next_step() -> None:
    envs = _vector(2, rules="R")
    _, info = envs.reset(options={"codes": ["YU1-R-AAAAAAB", "YU1-R-AAAAAAC"]})
    assert list(info["code"]) == ["YU1-R-AAAAAAB", "YU1-R-AAAAAAC"]
    line = yukon.solve(yukon.deal("YU1-R-AAAAAAB")).moves
    other = yukon.deal("YU1-R-AAAAAAC")
    for number, move in enumerate(line, 1):
        key = other.legal_keys()[0]
        other = other.apply(Move.from_key(key))
        _, reward, terminated, _, info = envs.step(np.array([move.key, key]))
        assert bool(terminated[0]) is (number == len(line))
    assert info["won"][0] and not info["won"][1]
    assert reward[0] == 10.0  # the last card home
    observation, reward, terminated, truncated, info = envs.step(np.array([0, 0]))
    assert info["code"][0] != "YU1-R-AAAAAAB" and not info["won"][0]
    assert (reward[0], terminated[0], truncated[0]) == (0.0, False, False)
    fresh = yukon.deal(info["code"][0])
    assert bytes(observation[0].astype(np.uint8)) == fresh.observation()


def test_vector_seeds_deal_as_the_single_environment_does() -> None:
    envs = _vector(3)
    _, info = envs.reset(seed=40)
    for i in range(3):
        _, alone = _make().reset(seed=40 + i)
        assert info["code"][i] == alone["code"]
    _, again = envs.reset(seed=[40, None, 42])
    assert again["code"][0] == info["code"][0] and again["code"][2] == info["code"][2]
    with pytest.raises(ValueError, match="one seed a game"):
        envs.reset(seed=[1, 2])
    with pytest.raises(ValueError, match="one game code a game"):
        envs.reset(options={"codes": ["YU1-C-AAAAAAB"]})


def test_an_illegal_vector_action_can_raise_and_then_nothing_moves() -> None:
    envs = _vector(2, illegal="raise")
    _, info = envs.reset(options={"codes": ["YU1-C-AAAAAAB", "YU1-C-AAAAAAC"]})
    legal = int(np.flatnonzero(info["action_mask"][0])[0])
    before = envs.unwrapped.batch.states()
    with pytest.raises(yukon.IllegalMove) as refused:
        envs.step(np.array([legal, Move.parse("7C>3").key]))
    assert "game 1" in str(refused.value.__cause__)
    assert envs.unwrapped.batch.states() == before


def test_bad_vector_arguments_are_refused() -> None:
    for bad in (0, 2**21, 1.5):
        with pytest.raises(ValueError, match="num_envs"):
            YukonVectorEnv(num_envs=bad)  # type: ignore[arg-type]
    envs = _vector(2)
    envs.reset(seed=1)
    with pytest.raises(yukon.InvalidMove, match="a move key runs from 0 to 415"):
        envs.step(np.array([0, 416]))
    with pytest.raises(TypeError, match="whole-number"):
        envs.step(np.array([0.5, 1.5]))
    with pytest.raises(ValueError, match="reward"):
        _vector(2, reward="points")


def test_the_vector_render_shows_what_players_see() -> None:
    envs = _vector(2, render_mode="ansi")
    envs.reset(seed=3)
    shown = envs.render()
    assert len(shown) == 2 and all(text.count("##") == 21 for text in shown)
    assert _vector(1).render() is None
