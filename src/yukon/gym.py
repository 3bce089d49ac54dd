"""Yukon as a Gymnasium environment, ``yukon/Yukon-v0`` (install ``yukon[gym]``).

Importing this module registers the environment, so either of these makes one::

    import yukon.gym, gymnasium
    env = gymnasium.make("yukon/Yukon-v0")
    env = gymnasium.make("yukon.gym:yukon/Yukon-v0")  # imports this module itself

An action is a move key (:data:`yukon.ACTION_COUNT` of them; see ``Move.from_key``), an
observation is :meth:`yukon.State.observation` as a ``uint8`` array, and the mask of
legal actions is ``info["action_mask"]`` and :meth:`YukonEnv.action_masks` (the method
sb3-contrib's ``MaskablePPO`` calls).

An illegal action is refused, not played: the position stays as it was, the reward is
``illegal_reward`` (-1 by default), and ``info["refusal"]`` says which rule refused it.
Pass ``illegal="raise"`` to get :class:`yukon.IllegalMove` instead. (Refusing keeps the
environment usable by tools that try random actions, such as Gymnasium's checker.)
"""

from __future__ import annotations

from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from yukon import (
    ACTION_COUNT,
    DEAL_COUNT,
    OBSERVATION_SIZE,
    GameCode,
    IllegalMove,
    Move,
    Rules,
    State,
    deal,
)
from yukon._arguments import quote
from yukon._codes import as_rules

__all__ = ["ENV_ID", "ONE_HOT_SIZE", "YukonEnv", "one_hot"]

ENV_ID = "yukon/Yukon-v0"

Observation = np.ndarray[Any, np.dtype[np.uint8]]

# The largest value each observation byte takes (see the Learning page), plus one:
# where a card lies (0-15), its place in its column (a column never holds 32 cards in a
# game dealt from a code), the face-down counts (0-6), the rules (0-1).
_NVEC = [16] * 52 + [32] * 52 + [7] * 7 + [2]
assert len(_NVEC) == OBSERVATION_SIZE


ONE_HOT_SIZE = 52 * 16 + 52 * 32 + 7 * 7 + 1
"""The length of :func:`one_hot`'s vectors (2 546)."""


def one_hot(
    observation: bytes | bytearray | np.ndarray[Any, Any],
) -> np.ndarray[Any, Any]:
    """Observations as ``float32`` one-hot vectors for a neural network.

    Takes one observation (``bytes`` or a ``uint8`` array of :data:`yukon.OBSERVATION_SIZE`)
    or a stack of them (``(..., OBSERVATION_SIZE)``) and returns ``(..., ONE_HOT_SIZE)``:
    for each card in deck order, 16 places for where it lies; then for each card, 32
    places for its place in its column; then for each column, 7 places for its
    face-down count; then 1.0 under relaxed rules.
    """
    if isinstance(observation, bytes | bytearray):
        observation = np.frombuffer(observation, dtype=np.uint8)
    codes = np.asarray(observation)
    if codes.shape[-1:] != (OBSERVATION_SIZE,) or codes.dtype != np.uint8:
        raise ValueError(
            f"observation must be uint8 with a last axis of {OBSERVATION_SIZE}, not "
            f"{codes.dtype} {codes.shape}"
        )
    where, place, down = codes[..., :52], codes[..., 52:104], codes[..., 104:111]
    if (where >= 16).any() or (place >= 32).any() or (down >= 7).any():
        raise ValueError("observation holds a value no observation has")
    lead = codes.shape[:-1]
    parts = [
        np.eye(16, dtype=np.float32)[where].reshape(*lead, 52 * 16),
        np.eye(32, dtype=np.float32)[place].reshape(*lead, 52 * 32),
        np.eye(7, dtype=np.float32)[down].reshape(*lead, 7 * 7),
        codes[..., 111:].astype(np.float32),
    ]
    return np.concatenate(parts, axis=-1)


class YukonEnv(gymnasium.Env[Observation, np.int64]):
    """One game of Yukon a step at a time.

    ``rules``: ``"C"`` (classic) or ``"R"`` (relaxed), for deals drawn at reset.
    ``reward``: ``"progress"`` (the change in :attr:`yukon.State.progress`, which no
    cycle of moves can farm) or ``"score"`` (the change in the app's score).
    ``max_moves``: actions before the episode is truncated. ``illegal``: ``"refuse"`` or
    ``"raise"`` (see the module's docstring).

    ``reset(seed=...)`` draws the deal from the seed and reports its code as
    ``info["code"]``; ``reset(options={"code": "YU1-C-AAAAAAB"})`` plays that deal. An
    episode ends (``terminated``) when the game is won or no legal move is left.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        rules: Rules | str = Rules.CLASSIC,
        reward: Literal["progress", "score"] = "progress",
        max_moves: int = 1_000,
        illegal: Literal["refuse", "raise"] = "refuse",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if reward not in ("progress", "score"):
            raise ValueError(
                f"reward must be 'progress' or 'score', not {quote(reward)}"
            )
        if illegal not in ("refuse", "raise"):
            raise ValueError(
                f"illegal must be 'refuse' or 'raise', not {quote(illegal)}"
            )
        if type(max_moves) is not int or max_moves < 1:
            raise ValueError(
                f"max_moves must be a whole number above 0, not {quote(max_moves)}"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(
                f"render_mode must be None or 'ansi', not {quote(render_mode)}"
            )
        self.rules = as_rules(rules)
        self.reward_kind = reward
        self.max_moves = max_moves
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = spaces.MultiDiscrete(_NVEC, dtype=np.uint8)
        self.state: State = deal(GameCode(0, self.rules))
        self.code = GameCode(0, self.rules)
        self.moves = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        code = (options or {}).get("code")
        if code is None:
            code = GameCode(int(self.np_random.integers(DEAL_COUNT)), self.rules)
        elif not isinstance(code, GameCode):
            code = GameCode.parse(code)
        self.code, self.state, self.moves = code, deal(code), 0
        return self._observation(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        move = Move.from_key(int(action))
        before = self.state
        self.moves += 1
        try:
            self.state = before.apply(move)
        except IllegalMove as refused:
            if self.illegal == "raise":
                raise
            info = self._info()
            info["refusal"] = refused.refusal.message
            truncated = self.moves >= self.max_moves
            return self._observation(), self.illegal_reward, False, truncated, info
        if self.reward_kind == "progress":
            reward = self.state.progress - before.progress
        else:
            reward = self.state.score - before.score
        mask = self.state.legal_mask()
        terminated = self.state.is_won or b"\x01" not in mask  # or no legal move left
        truncated = not terminated and self.moves >= self.max_moves
        info = {"code": str(self.code), "action_mask": _booleans(mask)}
        return self._observation(), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions as booleans, for ``MaskablePPO``."""
        return _booleans(self.state.legal_mask())

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        return str(self.state) if self.render_mode == "ansi" else None

    def _observation(self) -> Observation:
        return np.frombuffer(self.state.observation(), dtype=np.uint8).copy()

    def _info(self) -> dict[str, Any]:
        return {"code": str(self.code), "action_mask": self.action_masks()}


def _booleans(mask: bytes) -> np.ndarray[Any, np.dtype[np.bool_]]:
    return np.frombuffer(mask, dtype=np.uint8).astype(bool)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="yukon.gym:YukonEnv")
