"""Many games stepped together: :class:`Batch`.

The games live in the C core when it is built (``yukon._core.Batch``), else in
:class:`_Games`, the same steps in pure Python; both give the same masks, observations,
rewards, flags and random draws, position for position (``tests/test_batch.py``).
"""

from __future__ import annotations

import array
import operator
import threading
from collections.abc import Iterable, Sequence
from typing import NamedTuple, Protocol, SupportsIndex

from ._arguments import index, instance, quote, whole_number
from ._codes import SplitMix64
from ._implementation import compiled_core
from ._moves import ACTION_COUNT, move_by_key
from ._observation import observe
from ._refusals import IllegalMove
from ._rules import Position, follow, is_won, legal_moves
from ._scoring import progress
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


Played = tuple[bytes, list[tuple[int, Position]]]
"""A random game: its move keys (``uint16``, see :func:`random_games`), and after each
move that turned a card up, the moves played so far and the position."""


class _Backend(Protocol):
    def __len__(self) -> int: ...
    def masks(self) -> bytearray: ...
    def observations(self, perfect: bool, /) -> bytearray: ...
    def illegal(self, keys: Sequence[int], /) -> int: ...
    def step(
        self, keys: Sequence[int], score: bool, /
    ) -> tuple[bytes, bytes, bytes]: ...
    def step_views(
        self, keys: Sequence[int], score: bool, /
    ) -> tuple[bytes, bytes, bytes, bytearray, bytearray, bytes]: ...
    def playouts(self, most: int, seed: int, /) -> bytes: ...
    def flips(self, most: int, seed: int, /) -> list[Played]: ...
    def positions(self) -> list[Position]: ...
    def set(self, i: int, position: Position, /) -> None: ...


def _over(p: Position, keys: list[int]) -> bool:
    return is_won(p.found) or not keys


def _keys(p: Position) -> list[int]:
    return [move.key for move in legal_moves(p)]


def _progress(p: Position) -> int:
    return progress(sum(p.found), sum(p.hidden))


def _score(p: Position) -> int:
    return p.score


class _Games:
    """The batch in pure Python: what ``yukon._core.Batch`` does, step for step."""

    def __init__(self, positions: list[Position]) -> None:
        self.games = positions

    def __len__(self) -> int:
        return len(self.games)

    def masks(self) -> bytearray:
        out = bytearray(len(self.games) * ACTION_COUNT)
        for i, p in enumerate(self.games):
            for key in _keys(p):
                out[i * ACTION_COUNT + key] = 1
        return out

    def observations(self, perfect: bool, /) -> bytearray:
        return bytearray(b"".join(observe(p, perfect=perfect) for p in self.games))

    def illegal(self, keys: Sequence[int], /) -> int:
        for i, (p, key) in enumerate(zip(self.games, keys, strict=True)):
            legal = _keys(p)
            if not _over(p, legal) and key not in legal:
                return i
        return -1

    def step(self, keys: Sequence[int], score: bool, /) -> tuple[bytes, bytes, bytes]:
        rewards = [0] * len(self.games)
        done = bytearray(len(self.games))
        played = bytearray(len(self.games))
        worth = _score if score else _progress
        for i, (p, key) in enumerate(zip(self.games, keys, strict=True)):
            legal = _keys(p)
            done[i] = _over(p, legal)
            if done[i] or key not in legal:
                continue
            after = self.games[i] = follow(p, key)
            rewards[i] = worth(after) - worth(p)
            played[i] = 1
            done[i] = _over(after, _keys(after))
        return _int32s(rewards), bytes(done), bytes(played)

    def step_views(
        self, keys: Sequence[int], score: bool, /
    ) -> tuple[bytes, bytes, bytes, bytearray, bytearray, bytes]:
        rewards, done, played = self.step(keys, score)
        won = bytes(is_won(p.found) for p in self.games)
        return rewards, done, played, self.masks(), self.observations(False), won

    def playouts(self, most: int, seed: int, /) -> bytes:
        return _int32s([len(keys) // 2 for keys, _ in self.flips(most, seed)])

    def flips(self, most: int, seed: int, /) -> list[Played]:
        rng = SplitMix64(seed)
        played: list[Played] = []
        for i, p in enumerate(self.games):
            keys = array.array("H")
            turned = []
            legal = _keys(p)
            while len(keys) < most and not _over(p, legal):
                keys.append(legal[rng.below(len(legal))])
                after = follow(p, keys[-1])
                if sum(after.hidden) < sum(p.hidden):
                    turned.append((len(keys), after))
                p = after
                legal = _keys(p)
            self.games[i] = p
            played.append((keys.tobytes(), turned))
        return played

    def positions(self) -> list[Position]:
        return list(self.games)

    def set(self, i: int, position: Position, /) -> None:
        self.games[i] = position


def random_games(position: Position, games: int, most: int, seed: int) -> list[Played]:
    """``games`` games played on from ``position`` as :meth:`Batch.random_playouts`
    plays them (the same draws, in the C core when it is built): each game's move keys,
    as ``array("H")`` bytes, and where it turned a card up."""
    core = compiled_core()
    backend: _Backend = (
        core.Batch([position] * games)
        if core is not None
        else _Games([position] * games)
    )
    return backend.flips(most, seed)


def _int32s(values: list[int]) -> bytes:
    return array.array("i", values).tobytes()


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
        core = compiled_core()
        self._games: _Backend = (
            core.Batch(positions) if core is not None else _Games(positions)
        )
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
