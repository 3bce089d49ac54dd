"""How often random play turns up a card of a rank a deal deals all face down, for the
internals page.

The relaxed deals the surveys left open each deal all four cards of one rank face down
(``scripts/face_down_ranks.py``), and no search turns one of them up
(``scripts/dig_out.py``). Random play asks the same question another way: it plays
each game on with legal moves drawn at random (:meth:`yukon.Batch.random_playouts`,
seeded) and counts the playouts that end with a card of the rank face up or home. A
playout proves nothing either way; a share far below that of every won deal only says
how far from the usual the deal is.

``python scripts/playouts.py CODE [CODE ...]`` prints a row for each rank a deal deals
all face down (a deal with none says so): the playouts that turned one up, and the most
of the deal's face-down cards any playout turned up. ``--won N`` prints instead the
lowest and the median share over the first ``N`` relaxed deals the survey won that deal
a rank all face down.
``--playouts``, ``--moves`` and ``--seed`` set the playouts. Counts are the same on
every machine, with the C core or without; ``tests/test_playouts_script.py`` holds the
script to its statement.
"""

from __future__ import annotations

import argparse
import json
import pathlib
from typing import NamedTuple

from face_down_ranks import NAMES, ranks_face_down, rows_by_rank
from pages import spaced

import yukon

ROOT = pathlib.Path(__file__).resolve().parent.parent
RELAXED_SURVEY = ROOT / "docs" / "data" / "survey-relaxed-1-5000-30s.jsonl"
BATCH = 10_000
"""Games stepped together at most: each batch draws its moves from its own seed."""


class Played(NamedTuple):
    """Of ``playouts`` random games from a deal, ``turned_up`` ended with a card of the
    rank face up or home; ``most`` is the most face-down cards one of them turned up."""

    playouts: int
    turned_up: int
    most: int


def _face_down(state: yukon.State) -> list[yukon.Card]:
    return [card for column in state.columns for card in column.face_down]


def play_out(code: str, rank: int, playouts: int, moves: int, seed: int = 0) -> Played:
    """Play the deal ``code`` on at random ``playouts`` times, ``moves`` moves at most
    each (fewer when the game is over), in batches of :data:`BATCH` games seeded
    ``seed``, ``seed + 1``, ...; count those that turned up a card of ``rank`` (1 for
    Aces to 13 for Kings)."""
    start = yukon.deal(code)
    down = sum(card.rank == rank for card in _face_down(start))
    if not down:
        raise ValueError(f"{code} deals no {NAMES[rank][:-1]} face down")
    hidden = len(_face_down(start))
    turned_up = most = 0
    for batch, first in enumerate(range(0, playouts, BATCH)):
        games = yukon.Batch([start] * min(BATCH, playouts - first))
        games.random_playouts(moves, seed + batch)
        for end in games.states():
            left = _face_down(end)
            turned_up += sum(card.rank == rank for card in left) < down
            most = max(most, hidden - len(left))
    return Played(playouts, turned_up, most)


def won_deals(count: int) -> list[tuple[str, int]]:
    """The ranks of the first ``count`` relaxed deals the survey won that deal a rank
    all face down, as (code, rank)."""
    found: list[tuple[str, int]] = []
    deals = 0
    for line in RELAXED_SURVEY.read_text().splitlines():
        row = json.loads(line)
        if deals == count:
            break
        if row["verdict"] == "won" and (ranks := ranks_face_down(row["code"])):
            deals += 1
            found.extend((row["code"], rank) for rank in ranks)
    return found


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.2%}".replace("%", " %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*")
    parser.add_argument("--won", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.won:
        ranks = won_deals(args.won)
        shares = sorted(
            (play_out(code, rank, args.playouts, args.moves, args.seed).turned_up, code)
            for code, rank in ranks
        )
        low, low_code = shares[0]
        median = shares[len(shares) // 2][0]
        print("| won deals | ranks | lowest share turned up | median share |")
        print("|---|---|---|---|")
        print(
            f"| {len({code for code, _ in ranks})} | {len(ranks)} "
            f"| {_share(low, args.playouts)} (`{low_code}`) "
            f"| {_share(median, args.playouts)} |"
        )
        return
    print(
        "| deal | dealt face down | playouts | turned one up | most cards turned up |"
    )
    print("|---|---|---|---|---|")

    def row(code: str, rank: int) -> list[str]:
        played = play_out(code, rank, args.playouts, args.moves, args.seed)
        return [spaced(played.playouts), spaced(played.turned_up), str(played.most)]

    for line in rows_by_rank(args.codes, row, 3):
        print(line)


if __name__ == "__main__":
    main()
