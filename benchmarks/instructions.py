"""Instructions per call of ``legal_moves``, ``apply`` and a ``Game.play`` with its
``Game.undo``, and per position the solver searches, counted by valgrind's callgrind.

Wall-clock rates on a shared virtual machine swing by half or more between runs; an
instruction count does not. ``python -m benchmarks.instructions [--positions N]`` runs
each seeded workload under callgrind once with one round and once with more, and prints
the difference per call, so the setup cancels out. Needs ``valgrind`` on the PATH; takes
two or three minutes. ``python -m benchmarks --only instructions`` writes the same counts
into the results file.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

import yukon
from benchmarks.run import SEED, _deep_game, play_and_undo, sample_positions

ROUNDS = 4
SEARCHED = ("YU1-C-AAAAAJV", 20_000)
"""The search row's deal and node budget: the solver's inner loop, a position at a
time (a deal it does not finish within the budget, so every round searches as many)."""


def _searched() -> int:
    code, nodes = SEARCHED
    return yukon.solve(yukon.deal(code), max_nodes=nodes).nodes


def _workload(what: str, count: int, rounds: int) -> None:
    if what == "search":
        for _ in range(rounds):
            _searched()
        return
    if what == "game":
        game, line = _deep_game(100)
        for _ in range(rounds):
            play_and_undo(game, line)
        return
    positions = sample_positions(count)
    rnd = random.Random(SEED)
    pairs = [(s, rnd.choice(s.legal_moves())) for s in positions if s.legal_moves()]
    for _ in range(rounds):
        for state, move in pairs:
            if what == "legal":
                state.legal_moves()
            else:
                state.apply(move)


def _count(what: str, count: int, rounds: int) -> int:
    with tempfile.NamedTemporaryFile(suffix=".out") as out:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out.name}",
                sys.executable,
                "-m",
                "benchmarks.instructions",
                "--run",
                what,
                "--rounds",
                str(rounds),
                "--positions",
                str(count),
            ],
            capture_output=True,
            text=True,
            check=True,
            # string hashing is salted per process, and dict and set costs with it
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError("callgrind printed no instruction count:\n" + done.stderr)
    return int(found.group(1))


LABELS = {
    "legal": "legal moves",
    "apply": "apply",
    "game": "play+undo",
    "search": "search node",
}


def per_call(count: int = 500) -> dict[str, float] | None:
    """Instructions a call of each workload (``LABELS``) over ``count`` positions, or
    ``None`` without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    positions = sample_positions(count)
    calls = {
        "legal": sum(1 for s in positions if s.legal_moves()),
        "game": 100,
        "search": _searched(),
    }
    counted = {}
    for what, label in LABELS.items():
        more = _count(what, count, 1 + ROUNDS)
        counted[label] = (more - _count(what, count, 1)) / (
            ROUNDS * calls.get(what, calls["legal"])
        )
    return counted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions")
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--run", choices=list(LABELS), help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        _workload(args.run, args.positions, args.rounds)
        return 0
    counted = per_call(args.positions)
    if counted is None:
        print("valgrind is not installed", file=sys.stderr)
        return 1
    for label, instructions in counted.items():
        print(f"{label:<11} {instructions:,.0f} instructions a call", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
