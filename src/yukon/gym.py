"""Yukon as a Gymnasium environment, ``yukon/Yukon-v0`` (install ``yukon[gym]``).

Importing this module registers the environment, so either of these makes one::

    import yukon.gym, gymnasium
    env = gymnasium.make("yukon/Yukon-v0")
    env = gymnasium.make("yukon.gym:yukon/Yukon-v0")  # imports this module itself

An action is a move key (:data:`yukon.ACTION_COUNT` of them; see ``Move.from_key``), an
observation is :meth:`yukon.State.observation` as an ``int64`` array (the dtype of
Gymnasium's ``MultiDiscrete`` space, whose ``nvec`` then sums without overflow), and the
mask of legal actions is ``info["action_mask"]`` and :meth:`YukonEnv.action_masks` (the
method sb3-contrib's ``MaskablePPO`` calls). ``info["won"]`` tells a won game from one
with no legal move left, both of which end the episode.

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

__all__ = ["ENV_ID", "NVEC", "ONE_HOT_SIZE", "YukonEnv", "one_hot", "player_view"]

ENV_ID = "yukon/Yukon-v0"

Observation = np.ndarray[Any, np.dtype[np.int64]]

WHERE, PLACES, DOWN = 16, 52, 7
"""How many values each kind of observation byte takes (see the Learning page): where a
card lies (0-15), its place in its column (0-51: a column can hold every card), a
column's face-down count (0-6)."""
NVEC = np.array([WHERE] * 52 + [PLACES] * 52 + [DOWN] * 7 + [2], dtype=np.int64)
"""The observation space's ``nvec``: the values each observation byte can take."""
assert len(NVEC) == OBSERVATION_SIZE

ONE_HOT_SIZE = 52 * WHERE + 52 * PLACES + 7 * DOWN + 1
"""The length of :func:`one_hot`'s vectors (3 586)."""


def one_hot(
    observation: bytes | bytearray | np.ndarray[Any, Any],
) -> np.ndarray[Any, Any]:
    """Observations as ``float32`` one-hot vectors for a neural network.

    Takes one observation of :data:`yukon.OBSERVATION_SIZE` values or a stack of them
    (``(..., OBSERVATION_SIZE)``), as bytes or as an array of any integer dtype (the
    environment's are ``int64``), and returns
    ``(..., ONE_HOT_SIZE)``: for each card in deck order, 16 places for where it lies;
    then for each card, 52 places for its place in its column; then for each column, 7
    places for its face-down count; then 1.0 under relaxed rules.
    """
    if isinstance(observation, bytes | bytearray):
        observation = np.frombuffer(observation, dtype=np.uint8)
    codes = np.asarray(observation)
    if codes.shape[-1:] != (OBSERVATION_SIZE,) or codes.dtype.kind not in "iu":
        raise ValueError(
            f"observation must be integers with a last axis of {OBSERVATION_SIZE}, "
            f"not {codes.dtype} {codes.shape}"
        )
    if (codes < 0).any() or (codes >= NVEC).any():
        raise ValueError("observation holds a value no observation has")
    where, place, down = codes[..., :52], codes[..., 52:104], codes[..., 104:111]
    lead = codes.shape[:-1]
    parts = [
        np.eye(WHERE, dtype=np.float32)[where].reshape(*lead, 52 * WHERE),
        np.eye(PLACES, dtype=np.float32)[place].reshape(*lead, 52 * PLACES),
        np.eye(DOWN, dtype=np.float32)[down].reshape(*lead, 7 * DOWN),
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
        self.observation_space = spaces.MultiDiscrete(NVEC, dtype=np.int64)
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
        info = {
            "code": str(self.code),
            "action_mask": _booleans(mask),
            "won": self.state.is_won,
        }
        return self._observation(), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions as booleans, for ``MaskablePPO``."""
        return _booleans(self.state.legal_mask())

    def render(self) -> str | None:
        """The position as a player sees it, face-down cards as ``##``
        (``render_mode="ansi"``; see :func:`player_view`)."""
        return player_view(self.state) if self.render_mode == "ansi" else None

    def _observation(self) -> Observation:
        return np.frombuffer(self.state.observation(), dtype=np.uint8).astype(np.int64)

    def _info(self) -> dict[str, Any]:
        return {
            "code": str(self.code),
            "action_mask": self.action_masks(),
            "won": self.state.is_won,
        }


def player_view(state: State) -> str:
    """The position as text with what a player sees: each face-down card as ``##``,
    from the view that never holds them (``State.to_dict()``)."""
    view = state.to_dict(hide_face_down=True)
    tops = [f["top"] or "--" for f in view["foundations"]]
    lines = ["Foundations: " + " ".join(tops)]
    for number, column in enumerate(view["columns"], 1):
        cards = ["##"] * column["hidden"] + column["face_up"]
        lines.append(f"{number}: " + " ".join(cards))
    lines.append(f"Score: {view['score']}")
    return "\n".join(lines)


def _booleans(mask: bytes) -> np.ndarray[Any, np.dtype[np.bool_]]:
    return np.frombuffer(mask, dtype=np.uint8).astype(bool)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="yukon.gym:YukonEnv")
