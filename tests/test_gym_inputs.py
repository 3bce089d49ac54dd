"""``yukon.gym``: both environments end a game the same way, and refuse bad input
with errors that name it (issue 58)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from yukon import GameCode, IllegalMove, InvalidGameCode, InvalidMove, State
from yukon.gym import NVEC, YukonEnv, YukonVectorEnv

NO_MOVE = "YU1-C-IFTKBFX"
"""A deal with no legal move, drawn by ``YukonEnv.reset(seed=137841)``."""


@pytest.mark.parametrize("illegal", ["refuse", "raise"])
def test_a_deal_with_no_legal_move_ends_at_the_first_step_in_both_envs(
    illegal: Any,
) -> None:
    single = YukonEnv(illegal=illegal)
    _, info = single.reset(seed=137841)
    assert info["code"] == NO_MOVE and not info["action_mask"].any()
    _, reward, terminated, truncated, info = single.step(0)
    assert (reward, terminated, truncated, info["won"]) == (0.0, True, False, False)
    assert "refusal" not in info

    vector = YukonVectorEnv(1, illegal=illegal)
    vector.reset(options={"codes": [NO_MOVE]})
    _, rewards, ends, cuts, infos = vector.step(np.array([0]))
    assert (rewards[0], ends[0], cuts[0], infos["won"][0]) == (0.0, True, False, False)


@pytest.mark.parametrize("key", [416, 2**62, -(2**63), -1])
@pytest.mark.parametrize("illegal", ["refuse", "raise"])
def test_a_key_that_is_no_move_is_the_librarys_error_in_the_vector_env(
    key: int, illegal: Any
) -> None:
    envs = YukonVectorEnv(2, illegal=illegal)
    envs.reset(seed=5)
    before = envs.batch.states()
    with pytest.raises(InvalidMove, match="move key"):
        envs.step(np.array([0, key], dtype=np.int64))
    assert envs.batch.states() == before


def test_a_reset_with_a_bad_code_changes_nothing() -> None:
    envs = YukonVectorEnv(3)
    envs.reset(seed=11)
    legal = [int(np.flatnonzero(m)[0]) for m in envs.action_masks()]
    envs.step(np.array(legal))
    states, codes = envs.batch.states(), list(envs.codes)
    moves, masks = envs.moves.copy(), envs.action_masks()
    with pytest.raises(InvalidGameCode):
        envs.reset(options={"codes": ["YU1-C-AAAAAAB", "YU1-C-AAAAAAC", "nonsense"]})
    with pytest.raises(ValueError, match="codes"):
        envs.reset(options={"codes": ["YU1-C-AAAAAAB"]})
    assert envs.batch.states() == states and envs.codes == codes
    assert (envs.moves == moves).all() and (envs.action_masks() == masks).all()


def test_the_vector_env_plays_the_code_option_as_the_single_env_does() -> None:
    envs = YukonVectorEnv(2)
    observations, infos = envs.reset(options={"code": "YU1-C-AAAAAAB"})
    single = YukonEnv()
    observation, info = single.reset(options={"code": "YU1-C-AAAAAAB"})
    assert list(infos["code"]) == [info["code"]] * 2
    assert (observations == observation).all()
    with pytest.raises(ValueError, match="code"):
        envs.reset(options={"code": "YU1-C-AAAAAAB", "codes": ["YU1-C-AAAAAAB"] * 2})


def test_writing_into_the_info_mask_leaves_the_envs_masks_as_they_are() -> None:
    envs = YukonVectorEnv(2)
    _, infos = envs.reset(seed=1)
    masks = envs.action_masks()
    infos["action_mask"][:] = ~infos["action_mask"]
    assert (envs.action_masks() == masks).all()
    _, _, _, _, infos = envs.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
    masks = envs.action_masks()
    infos["action_mask"][:] = False
    assert (envs.action_masks() == masks).all()


@pytest.mark.parametrize("action", ["5", 1.5, True, np.float64(3.0), None])
def test_the_single_env_refuses_an_action_that_is_no_whole_number(
    action: Any,
) -> None:
    env = YukonEnv()
    env.reset(seed=3)
    state = env.state
    with pytest.raises(TypeError, match="action"):
        env.step(action)
    assert env.state == state and env.moves == 0
    env.step(np.int64(np.flatnonzero(env.action_masks())[0]))  # NumPy's ints play
    assert env.moves == 1


@pytest.mark.parametrize("env", [YukonEnv, YukonVectorEnv])
@pytest.mark.parametrize(
    ("value", "error"),
    [
        (math.nan, ValueError),
        (math.inf, ValueError),
        (-math.inf, ValueError),
        ("x", TypeError),
        (None, TypeError),
        (True, TypeError),
    ],
)
def test_illegal_reward_is_a_finite_number(
    env: type[Any], value: Any, error: type[Exception]
) -> None:
    with pytest.raises(error, match="illegal_reward"):
        env(illegal_reward=value)
    assert env(illegal_reward=np.float32(-0.5)).illegal_reward == -0.5


def test_nvec_cannot_be_changed_in_place() -> None:
    before = NVEC.copy()
    with pytest.raises(ValueError, match="read-only"):
        NVEC[0] = 99
    assert (before == NVEC).all()


def test_the_no_move_deal_has_no_legal_move() -> None:
    assert State.deal(GameCode.parse(NO_MOVE)).legal_moves() == ()


def test_a_bad_key_leaves_a_game_waiting_to_be_dealt_again_as_it_was() -> None:
    envs = YukonVectorEnv(2)
    envs.reset(options={"codes": [NO_MOVE, "YU1-C-AAAAAAB"]})
    legal = int(np.flatnonzero(envs.action_masks()[1])[0])
    envs.step(np.array([0, legal]))
    assert list(envs.ended) == [True, False]  # game 0 is dealt again next step
    codes, states = list(envs.codes), envs.batch.states()
    with pytest.raises(InvalidMove):
        envs.step(np.array([0, 416]))
    assert envs.codes == codes and envs.batch.states() == states
    assert list(envs.ended) == [True, False]
    legal = int(np.flatnonzero(envs.action_masks()[1])[0])
    envs.step(np.array([416, legal]))  # game 0's key is ignored: it is dealt again
    assert envs.codes[0] != codes[0] and not envs.ended.any()


def test_an_illegal_action_raised_leaves_a_game_waiting_to_be_dealt_again() -> None:
    envs = YukonVectorEnv(2, illegal="raise")
    envs.reset(options={"codes": [NO_MOVE, "YU1-C-AAAAAAB"]})
    legal = int(np.flatnonzero(envs.action_masks()[1])[0])
    envs.step(np.array([0, legal]))
    codes = list(envs.codes)
    illegal = int(np.flatnonzero(~envs.action_masks()[1])[0])
    with pytest.raises(IllegalMove):
        envs.step(np.array([0, illegal]))
    assert envs.codes == codes and list(envs.ended) == [True, False]
