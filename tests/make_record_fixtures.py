"""Write ``tests/fixtures/records-0.1/``: games and positions as version 0.1 saves them.

Run once, at the 0.1 release (``python -m tests.make_record_fixtures``); never regenerate
afterwards: the point of these files is that later releases keep loading what 0.1 wrote.
"""

from __future__ import annotations

import pathlib
import random
import sys

from yukon import Game, GameCode

from .searcher import win

OUT = pathlib.Path(__file__).with_name("fixtures") / "records-0.1"


def _random_game(code: GameCode, seed: int, moves: int, undo_every: int) -> Game:
    rnd = random.Random(seed)
    game = Game.new(code)
    while game.move_count < moves:
        legal = game.state.legal_moves()
        if game.can_undo and (not legal or rnd.randrange(undo_every) == 0):
            game = game.undo()
        else:
            game = game.play(rnd.choice(legal))
    return game


def main() -> None:
    sys.setrecursionlimit(10_000)
    games = [
        Game.new("YU1-C-AAAAAAB").play("6C>1").play("5H>5").play("AH>F"),
        _random_game(GameCode(12345, "R"), 1, 40, 5),
        _random_game(GameCode(999, "C"), 2, 180, 1_000_000),
        _random_game(GameCode(4242, "C"), 3, 150, 2),
    ]
    for number in range(20):
        line = win(Game.new(GameCode(number)).state, max_nodes=1_000)
        if line:
            game = Game.new(GameCode(number))
            for move in line:
                game = game.play(move)
            games.append(game)
            break
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "games.txt").write_text("".join(g.to_record() + "\n" for g in games))
    (OUT / "games.jsonl").write_text("".join(g.to_json() + "\n" for g in games))
    positions = [g.state.to_text() for g in games]
    (OUT / "positions.txt").write_text("".join(p + "\n" for p in positions))


if __name__ == "__main__":
    main()
