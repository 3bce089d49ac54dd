"""``yukon.gym``: the Gymnasium environment, held to Gymnasium's own checker and to the
library's positions."""

from __future__ import annotations

import pickle
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import yukon
from yukon import ACTION_COUNT, GameCode, Move, State
from yukon.gym import ENV_ID, ONE_HOT_SIZE, YukonEnv, one_hot


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
    assert bytes(first) == state.observation()
    _, other = env.reset(seed=8)
    assert other["code"] != info["code"]
    observation, named = env.reset(options={"code": "yu1-r-aaaaaab"})
    assert named["code"] == "YU1-R-AAAAAAB"
    assert bytes(observation) == yukon.deal("YU1-R-AAAAAAB").observation()
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
        assert bytes(observation) == state.observation()
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


@pytest.mark.parametrize("rules", ["x" * 100_000, 7, None], ids=["text", "7", "None"])
def test_rules_that_are_none_are_refused_by_the_library(rules: Any) -> None:
    with pytest.raises(yukon.InvalidGameCode, match="the rule is C") as refused:
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
        places = row[52 * 16 : 52 * 48].reshape(52, 32)
        downs = row[52 * 48 : -1].reshape(7, 7)
        assert (cards.sum(axis=1) == 1).all() and (places.sum(axis=1) == 1).all()
        assert list(cards.argmax(axis=1)) == list(observation[:52])
        assert list(places.argmax(axis=1)) == list(observation[52:104])
        assert list(downs.argmax(axis=1)) == [c.hidden for c in state.columns]
        assert row[-1] == (state.rules is yukon.Rules.RELAXED)
    with pytest.raises(ValueError, match="last axis"):
        one_hot(b"short")
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
