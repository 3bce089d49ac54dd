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
with no legal move left, both of which end the episode (in both environments, by one
rule; a deal with no legal move at all ends at its first step, with reward 0).

An illegal action is refused, not played: the position stays as it was, the reward is
``illegal_reward`` (-1 by default), and ``info["refusal"]`` says which rule refused it.
Pass ``illegal="raise"`` to get :class:`yukon.IllegalMove` instead. (Refusing keeps the
environment usable by tools that try random actions, such as Gymnasium's checker.)

Many games at once, at the C core's speed: the environment's ``vector_entry_point`` is
:class:`YukonVectorEnv`, over :class:`yukon.Batch`::

    envs = gymnasium.make_vec(
        "yukon/Yukon-v0", num_envs=1024, vectorization_mode="vector_entry_point"
    )

It steps every game without Python per game, resets a finished game on the next step
(Gymnasium's ``NEXT_STEP`` autoreset), and gives the same observations, rewards,
flags and infos as ``vectorization_mode="sync"`` over :class:`YukonEnv` for the same
seed and actions (``tests/test_gym.py``).
"""

from __future__ import annotations

import math
import numbers
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from yukon import (
    ACTION_COUNT,
    DEAL_COUNT,
    OBSERVATION_SIZE,
    Batch,
    GameCode,
    IllegalMove,
    Move,
    Rules,
    State,
    deal,
)
from yukon._arguments import as_int, quote
from yukon._codes import as_rules

__all__ = [
    "ENV_ID",
    "NVEC",
    "ONE_HOT_SIZE",
    "YukonEnv",
    "YukonVectorEnv",
    "one_hot",
    "player_view",
]

ENV_ID = "yukon/Yukon-v0"

Observation = np.ndarray[Any, np.dtype[np.int64]]

WHERE, PLACES, DOWN = 16, 52, 7
"""How many values each kind of observation byte takes (see the Learning page): where a
card lies (0-15), its place in its column (0-51: a column can hold every card), a
column's face-down count (0-6)."""
NVEC = np.array([WHERE] * 52 + [PLACES] * 52 + [DOWN] * 7 + [2], dtype=np.int64)
"""The observation space's ``nvec``: the values each observation byte can take
(read-only)."""
NVEC.flags.writeable = False
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


class _Options:
    """The options both environments take, checked alike and kept as attributes."""

    rules: Rules
    reward_kind: Literal["progress", "score"]
    max_moves: int
    illegal: Literal["refuse", "raise"]
    illegal_reward: float
    render_mode: str | None

    def _take_options(
        self,
        rules: Rules | str,
        reward: Literal["progress", "score"],
        max_moves: int,
        illegal: Literal["refuse", "raise"],
        illegal_reward: float,
        render_mode: str | None,
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
        if isinstance(illegal_reward, bool) or not isinstance(
            illegal_reward, numbers.Real
        ):
            raise TypeError(
                "illegal_reward must be a number, not " + type(illegal_reward).__name__
            )
        if not math.isfinite(illegal_reward):
            raise ValueError(
                f"illegal_reward must be a finite number, not {quote(illegal_reward)}"
            )
        self.rules = as_rules(rules)
        self.reward_kind = reward
        self.max_moves = max_moves
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode


def _over(mask: bytes, won: bool) -> bool:
    """The rule both environments end an episode by: the game is won, or no legal move
    is left (a deal may have none from the start; its first step ends it, reward 0, as
    :meth:`yukon.Batch.step` ends a game already over)."""
    return won or b"\x01" not in mask


class YukonEnv(gymnasium.Env[Observation, np.int64], _Options):
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
        self._take_options(
            rules, reward, max_moves, illegal, illegal_reward, render_mode
        )
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = spaces.MultiDiscrete(NVEC, dtype=np.int64)
        self.state: State = deal(GameCode(0, self.rules))
        self._masked: tuple[State | None, bytes] = (None, b"")
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
        move = Move.from_key(as_int("action", action))
        before = self.state
        if _over(
            self._mask_of(before), before.is_won
        ):  # ended at once, as a batch does
            self.moves += 1
            return self._observation(), 0.0, True, False, self._info()
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
        mask = self._mask_of(self.state)
        terminated = _over(mask, self.state.is_won)
        truncated = not terminated and self.moves >= self.max_moves
        info = {
            "code": str(self.code),
            "action_mask": _booleans(mask),
            "won": self.state.is_won,
        }
        return self._observation(), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions as booleans, for ``MaskablePPO``."""
        return _booleans(self._mask_of(self.state))

    def _mask_of(self, state: State) -> bytes:
        """``state``'s legal mask, once a position: a step starts from the position
        whose mask the step before it (or ``reset``) has already made."""
        if state is not self._masked[0]:
            self._masked = (state, state.legal_mask())
        return self._masked[1]

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


Observations = np.ndarray[Any, np.dtype[np.int64]]
Actions = np.ndarray[Any, np.dtype[np.int64]]

_HOME = 7
"""Where an observation says a card lies when it is on its foundation."""
_NO_GAMES = np.empty(0, dtype=np.intp)
_NO_DEAL_PLAYS = Move.parse("KS>F").key
"""A key no deal can play (a King home before its Ace): the action of a game being
dealt again, which ignores the one it was given."""


def _parsed(code: object) -> GameCode:
    return code if isinstance(code, GameCode) else GameCode.parse(code)  # type: ignore[arg-type]


class YukonVectorEnv(VectorEnv[Observations, Actions, np.ndarray[Any, Any]], _Options):
    """``num_envs`` games of :class:`YukonEnv` stepped together in a
    :class:`yukon.Batch`: the same options, spaces, rewards and infos, batched.

    ``reset(seed=s)`` deals game ``i`` as ``YukonEnv.reset(seed=s + i)`` does (as
    Gymnasium's sync vector environment seeds its copies), and each game draws its later
    deals from its own generator; ``reset(options={"codes": [...]})`` names every game's
    deal, and ``reset(options={"code": ...})`` deals that one to every game (as the
    sync vector environment's copies of :class:`YukonEnv` would). A reset that
    raises changes nothing. A game that ended (won, no legal move left, or ``max_moves`` actions) is
    dealt again on the next step, whose action for it is ignored (Gymnasium's
    ``NEXT_STEP`` autoreset). ``info`` holds ``action_mask``, ``won`` and ``code`` for
    every game (each with its ``_``-prefixed mask, as Gymnasium's vector infos have);
    :meth:`action_masks` gives the masks as booleans.
    """

    metadata = {  # noqa: RUF012 (Gymnasium's)
        "render_modes": ["ansi"],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        num_envs: int = 1,
        rules: Rules | str = Rules.CLASSIC,
        reward: Literal["progress", "score"] = "progress",
        max_moves: int = 1_000,
        illegal: Literal["refuse", "raise"] = "refuse",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if type(num_envs) is not int or not 1 <= num_envs <= 2**20:
            raise ValueError(
                f"num_envs must be a whole number from 1 to {2**20}, not "
                f"{quote(num_envs)}"
            )
        self._take_options(
            rules, reward, max_moves, illegal, illegal_reward, render_mode
        )
        self.num_envs = num_envs
        self.single_action_space = spaces.Discrete(ACTION_COUNT)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.single_observation_space = spaces.MultiDiscrete(NVEC, dtype=np.int64)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        first = deal(GameCode(0, self.rules))
        self.batch = Batch([first] * num_envs)

        self.codes = [GameCode(0, self.rules)] * num_envs
        self._code_texts = np.full(num_envs, str(self.codes[0]), dtype=object)
        self.moves = np.zeros(num_envs, dtype=np.int64)
        self.ended = np.zeros(num_envs, dtype=np.bool_)
        self.generators = [seeding.np_random()[0] for _ in range(num_envs)]
        self._masks = np.zeros((num_envs, ACTION_COUNT), dtype=np.bool_)

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observations, dict[str, Any]]:
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"seed gives one seed a game ({self.num_envs})")
        codes = self._codes(options or {})  # checked before anything changes
        super().reset(seed=seed if isinstance(seed, int) else None)
        self.generators = [seeding.np_random(s)[0] for s in seeds]
        for i in range(self.num_envs):
            self._deal(i, None if codes is None else codes[i])
        self.moves[:] = 0
        self.ended[:] = False
        raw = np.frombuffer(self.batch.observations(), dtype=np.uint8)
        raw = raw.reshape(self.num_envs, OBSERVATION_SIZE)
        masks = np.frombuffer(self.batch.legal_masks(), dtype=np.uint8)
        won = (raw[:, :52] == _HOME).all(axis=1)
        return raw.astype(np.int64), self._infos(masks, won)

    def step(
        self, actions: Actions
    ) -> tuple[Observations, np.ndarray[Any, Any], Any, Any, dict[str, Any]]:
        keys = np.asarray(actions).reshape(self.num_envs)
        if keys.dtype.kind not in "iu":
            raise TypeError(f"actions must be whole-number move keys, not {keys.dtype}")
        again = np.flatnonzero(self.ended) if self.ended.any() else _NO_GAMES
        if len(again):  # dealt again below: their keys are ignored
            keys = keys.copy()
            keys[again] = _NO_DEAL_PLAYS
        # Every check before any game changes: a step that raises changes none.
        if len(keys) and (keys.min() < 0 or keys.max() >= ACTION_COUNT):
            for key in keys.tolist():
                Move.from_key(key)  # InvalidMove naming the first that is no key
        if self.illegal == "raise":
            self._check(keys, again)
        for i in again:
            self._deal(int(i), None)
        stepped = self.batch.try_step(keys, reward=self.reward_kind)  # checks the keys
        reward = np.frombuffer(stepped.rewards, dtype=np.int32).astype(np.float64)
        terminated = np.frombuffer(stepped.done, dtype=np.bool_).copy()
        refused = ~(np.frombuffer(stepped.played, dtype=np.bool_) | terminated)
        self.moves += 1
        if len(again):  # dealt again: its action ignored, its flags and reward nil
            refused[again] = False
            self.moves[again] = 0
            reward[again] = 0.0
            terminated[again] = False
        some_refused = refused.any()
        if some_refused:
            reward[refused] = self.illegal_reward
        truncated = ~terminated & (self.moves >= self.max_moves)
        self.ended = terminated | truncated
        raw = np.frombuffer(stepped.observations, dtype=np.uint8)
        raw = raw.reshape(self.num_envs, OBSERVATION_SIZE)
        masks = np.frombuffer(stepped.masks, dtype=np.uint8)
        infos = self._infos(masks, np.frombuffer(stepped.won, dtype=np.bool_))
        observations = raw.astype(np.int64)
        if some_refused:  # the rule each refused action breaks, as YukonEnv says it
            states = self.batch.states()
            said = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(refused):
                refusal = states[i].check(Move.from_key(int(keys[i])))
                said[i] = None if refusal is None else refusal.message
            infos["refusal"], infos["_refusal"] = said, refused
        return observations, reward, terminated, truncated, infos

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Every game's legal actions as booleans, ``(num_envs, ACTION_COUNT)``."""
        return self._masks.copy()

    def render(self) -> tuple[str, ...] | None:
        """Each game as a player sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return tuple(player_view(state) for state in self.batch.states())

    def _codes(self, options: dict[str, Any]) -> list[GameCode] | None:
        """The deals ``options`` name, every one parsed: ``codes``, one a game, or
        ``code``, every game's (as each of Gymnasium's sync copies would play it)."""
        if "code" in options and "codes" in options:
            raise ValueError("options take code (every game's) or codes, not both")
        if options.get("code") is not None:
            return [_parsed(options["code"])] * self.num_envs
        codes = options.get("codes")
        if codes is None:
            return None
        codes = [_parsed(code) for code in codes]
        if len(codes) != self.num_envs:
            raise ValueError(f"codes gives one game code a game ({self.num_envs})")
        return codes

    def _deal(self, i: int, code: GameCode | str | None) -> None:
        if code is None:
            drawn = int(self.generators[i].integers(DEAL_COUNT))
            code = GameCode(drawn, self.rules)
        elif not isinstance(code, GameCode):
            code = GameCode.parse(code)
        self.codes[i] = code
        self._code_texts[i] = str(code)
        state = deal(code)
        self.batch.reset(i, state)

    def _check(self, keys: Actions, dealt: np.ndarray[Any, Any]) -> None:
        """``illegal="raise"``: the first refused action raises, before any game
        moves."""
        masks = self._masks_now()
        live = ~self._over_now()
        live[dealt] = False
        bad = np.flatnonzero(live & ~masks[np.arange(self.num_envs), keys])
        if len(bad):
            i = int(bad[0])
            state = self.batch.states()[i]
            refusal = state.check(Move.from_key(int(keys[i])))
            assert refusal is not None
            raise IllegalMove(refusal) from ValueError(f"in game {i}")

    def _masks_now(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        masks = np.frombuffer(self.batch.legal_masks(), dtype=np.uint8)
        return masks.reshape(self.num_envs, ACTION_COUNT).astype(np.bool_)

    def _over_now(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        observations = self._observations()
        won = (observations[:, :52] == _HOME).all(axis=1)
        return np.asarray(won | ~self._masks_now().any(axis=1))

    def _observations(self) -> Observations:
        raw = np.frombuffer(self.batch.observations(), dtype=np.uint8)
        return raw.reshape(self.num_envs, OBSERVATION_SIZE).astype(np.int64)

    def _infos(
        self, masks: np.ndarray[Any, Any], won: np.ndarray[Any, Any]
    ) -> dict[str, Any]:
        """The infos of every game, from its mask and whether it is won."""
        # A fresh buffer of 0s and 1s each time: read as booleans without a copy.
        self._masks = masks.view(np.bool_).reshape(self.num_envs, ACTION_COUNT)
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {
            "code": self._code_texts.copy(),
            "_code": every,
            "action_mask": self._masks.copy(),  # the caller's to change
            "_action_mask": every.copy(),
            "won": np.array(won, dtype=np.bool_),
            "_won": every.copy(),
        }


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="yukon.gym:YukonEnv",
        vector_entry_point="yukon.gym:YukonVectorEnv",
    )
