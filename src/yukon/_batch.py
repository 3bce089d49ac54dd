"""Many games stepped together: :class:`Batch`.

The games live in the C core when it is built (``yukon._core.Batch``), else in
:class:`~yukon._games.PythonGames`, the same steps in pure Python;
:mod:`yukon._implementation` picks one, and ``tests/test_twins.py`` holds them together.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Iterable
from typing import NamedTuple, SupportsIndex

from ._arguments import index, instance, quote, whole_number
from ._games import Games, Played
from ._implementation import games as twin_games
from ._moves import ACTION_COUNT, move_by_key
from ._refusals import IllegalMove
from ._rules import Position
from ._state import State, packed, wrap

__all__ = ["Batch", "BatchStep"]


class BatchStep(NamedTuple):
    """What :meth:`Batch.try_step` returns, one entry a game in each buffer."""

    rewards: memoryview
    """``int32``: the change in progress (or score) the step made."""
    done: bytes
    """1 where the game is over now: won, or no legal move left."""
    played: bytes
    """1 where the key was played; 0 for a key refused or a game already over."""
    masks: bytearray
    """``N × ACTION_COUNT``: each game's :meth:`~yukon.State.legal_mask` now."""
    observations: bytearray
    """``N × OBSERVATION_SIZE``: each game's :meth:`~yukon.State.observation` now."""
    won: bytes
    """1 where the game is won now."""


def random_games(position: Position, games: int, most: int, seed: int) -> list[Played]:
    """``games`` games played on from ``position`` as :meth:`Batch.random_playouts`
    plays them (the same draws, in the C core when it is built): each game's move keys,
    as ``array("H")`` bytes, and where it turned a card up."""
    return twin_games([position] * games).flips(most, seed)


class Batch:
    """``N`` games held and stepped together, for learners and planners.

    Made from positions (``Batch(yukon.deal(code) for code in codes)``); the games live
    in the C core when it is built. Masks, observations, rewards and counts come back in
    flat buffers that ``numpy.frombuffer`` reads without a copy: ``legal_masks()`` is
    ``N × ACTION_COUNT`` bytes, ``observations()`` ``N × OBSERVATION_SIZE`` bytes, and
    rewards and counts are ``int32`` (a ``memoryview`` of format ``"i"``).

    Whole numbers may be any integer type (NumPy's too). One call at a time works on
    the games: calls from several threads wait for one another, so no step ever sees
    another half done.
    """

    __slots__ = ("_games", "_lock")

    def __init__(self, states: Iterable[State]) -> None:
        positions = []
        for state in states:
            instance("states", state, State, "an iterable of State")
            positions.append(packed(state))
        self._games: Games = twin_games(positions)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def legal_masks(self) -> bytearray:
        """Each game's :meth:`~yukon.State.legal_mask`, one after another."""
        with self._lock:
            return self._games.masks()

    def observations(self, *, perfect: bool = False) -> bytearray:
        """Each game's :meth:`~yukon.State.observation`, one after another."""
        instance("perfect", perfect, bool, "True or False")
        with self._lock:
            return self._games.observations(perfect)

    def step(self, keys: Iterable[SupportsIndex]) -> tuple[memoryview, bytes]:
        """Play one move key in each game; a game already over (won, or no legal move
        left) ignores its key. Returns each game's reward (the change in
        :attr:`~yukon.State.progress`) and whether it is over now. A key that is no
        legal move in a game not over raises :class:`~yukon.IllegalMove` for the first
        such game (its index in the error's cause), and no game moves."""
        given = self._keys(keys)
        with self._lock:
            bad = self._games.illegal(given)
            if bad >= 0:
                state = wrap(self._games.positions()[bad])
                refusal = state.check(move_by_key(given[bad]))
                assert refusal is not None
                raise IllegalMove(refusal) from ValueError(
                    f"in game {bad} of the batch"
                )
            rewards, done, _ = self._games.step(given, False)
        return memoryview(rewards).cast("i"), done

    def try_step(
        self, keys: Iterable[SupportsIndex], *, reward: str = "progress"
    ) -> BatchStep:
        """:meth:`step`, but a game whose key is no legal move is left as it is
        instead of raising, and what a learner reads next comes back with it, from one
        pass over the games (see :class:`BatchStep`): rewards (the change in
        :attr:`~yukon.State.progress`, or in the score with ``reward="score"``), which
        games are over, which keys were played, and the masks and observations after
        the step."""
        if reward not in ("progress", "score"):
            raise ValueError(
                f"reward must be 'progress' or 'score', not {quote(reward)}"
            )
        given = self._keys(keys)
        with self._lock:
            stepped = self._games.step_views(given, reward == "score")
        rewards, done, played, masks, observations, won = stepped
        return BatchStep(
            memoryview(rewards).cast("i"), done, played, masks, observations, won
        )

    def _keys(self, keys: Iterable[SupportsIndex]) -> list[int]:
        """The keys as ints, checked: one a game, each a move key. (A NumPy array's
        ``tolist`` gives its ints at once: the learners' hot path.)"""
        array = getattr(getattr(keys, "dtype", None), "kind", "") in ("i", "u")
        given: list[int]
        try:
            if array:
                given = keys.tolist()  # type: ignore[attr-defined]
                keys_in_range = not given or (
                    keys.min() >= 0 and keys.max() < ACTION_COUNT  # type: ignore[attr-defined]
                )
            else:
                given = [k if type(k) is int else operator.index(k) for k in list(keys)]
                keys_in_range = (
                    not given or 0 <= min(given) <= max(given) < ACTION_COUNT
                )
        except TypeError:
            raise TypeError("keys must be whole-number move keys, one a game") from None
        if len(given) != len(self._games):
            raise ValueError(f"keys must hold one key a game ({len(self._games)})")
        if not keys_in_range:
            for key in given:
                move_by_key(key)  # InvalidMove naming the first that is no key
        return given

    def reset(self, game: SupportsIndex, state: State) -> None:
        """Game number ``game`` (0 to ``N - 1``) starts again from ``state``; the others
        are left as they are."""
        at = index("game", game, 0, len(self._games) - 1, error=IndexError)
        instance("state", state, State, "a State, such as yukon.deal(code) gives")
        with self._lock:
            self._games.set(at, packed(state))

    def random_playouts(
        self, max_moves: SupportsIndex, seed: SupportsIndex
    ) -> memoryview:
        """Play each game on with random legal moves, drawn from one SplitMix64 stream
        seeded with ``seed`` (games in turn), until it is over or ``max_moves`` moves
        were played; returns how many each game played. A signal handler's exception
        (Ctrl-C's ``KeyboardInterrupt``, an alarm) stops it within milliseconds; the
        games are then where the play had taken them."""
        most = whole_number("max_moves", max_moves, 0, 2**31 - 1)
        start = whole_number("seed", seed, 0, 2**64 - 1)
        with self._lock:
            return memoryview(self._games.playouts(most, start)).cast("i")

    def states(self) -> list[State]:
        """The games' positions now."""
        with self._lock:
            return [wrap(p) for p in self._games.positions()]
