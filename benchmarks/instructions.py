"""Instructions per call of ``legal_moves`` and ``apply``, counted by valgrind's callgrind.

Wall-clock rates on a shared virtual machine swing by half or more between runs; an
instruction count does not. ``python -m benchmarks.instructions [--positions N]`` runs the
same seeded workload three times under callgrind (nothing, legal moves, apply) and prints
the difference per call. Needs ``valgrind`` on the PATH; takes about a minute.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile

from benchmarks.run import SEED, sample_positions

ROUNDS = 4


def _workload(what: str, count: int) -> None:
    positions = sample_positions(count)
    rnd = random.Random(SEED)
    pairs = [(s, rnd.choice(s.legal_moves())) for s in positions if s.legal_moves()]
    for _ in range(ROUNDS):
        for state, move in pairs:
            if what == "legal":
                state.legal_moves()
            elif what == "apply":
                state.apply(move)


def _count(what: str, count: int) -> int:
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
                "--positions",
                str(count),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError("callgrind printed no instruction count:\n" + done.stderr)
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions")
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument(
        "--run", choices=["none", "legal", "apply"], help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.run:
        _workload(args.run, args.positions)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed", file=sys.stderr)
        return 1
    positions = sample_positions(args.positions)
    calls = ROUNDS * sum(1 for s in positions if s.legal_moves())
    base = _count("none", args.positions)
    for what in ("legal", "apply"):
        per_call = (_count(what, args.positions) - base) / calls
        print(f"{what:<6} {per_call:,.0f} instructions a call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
