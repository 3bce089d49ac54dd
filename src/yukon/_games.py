"""The batch's games in pure Python: :class:`PythonGames`, what ``yukon._core.Batch``
does, step for step (``_core_batch.c``).

Both give the same masks, observations, rewards, flags and random draws, position for
position; :mod:`yukon._implementation` picks one and ``tests/test_twins.py`` holds them
together.
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from typing import Protocol

from ._moves import ACTION_COUNT
from ._observation import observe
from ._rules import Position, follow, is_won, legal_moves
from ._scoring import progress
from ._shuffle import SplitMix64

Played = tuple[bytes, list[tuple[int, Position]]]
"""A random game: its move keys (``uint16``, see :func:`random_games`), and after each
move that turned a card up, the moves played so far and the position."""


class Games(Protocol):
    """Many games stepped together: ``yukon._core.Batch``, or :class:`PythonGames`."""

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


class PythonGames:
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
        return int32s(rewards), bytes(done), bytes(played)

    def step_views(
        self, keys: Sequence[int], score: bool, /
    ) -> tuple[bytes, bytes, bytes, bytearray, bytearray, bytes]:
        rewards, done, played = self.step(keys, score)
        won = bytes(is_won(p.found) for p in self.games)
        return rewards, done, played, self.masks(), self.observations(False), won

    def playouts(self, most: int, seed: int, /) -> bytes:
        return int32s([len(keys) // 2 for keys, _ in self.flips(most, seed)])

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


def int32s(values: list[int]) -> bytes:
    return array.array("i", values).tobytes()
