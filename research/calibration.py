"""Check the hint's share (``Hint.share``) against what happens after the advised line.

``python -m research.calibration [--workers N]`` plays classic deals :data:`FIRST` to
:data:`LAST` (held out: the planner was tuned on 50001-50200, the benchmark plays
70001-70010, the no-peek survey 60001-61500) blind, as ``yukon survey --player no-peek``
does: the default hint (:meth:`yukon.Game.hint`, guesses drawn from
``random.Random(code)``) is asked at each flip's board and its line (the move and
``Hint.plan``) is played to the next flip. For every hint asked the row records its share
and samples and what the share estimates: the real deal after the line, solved with one
guess's budget (the hint's ``max_nodes``) and with :data:`LARGE` positions, and
:data:`FRESH` fresh guesses of the face-down cards solved after the same line (the line
was not chosen on them: no winner's curse). The game's row records whether the blind
player went on to win it. One JSON line per game is appended to :data:`RESULTS` as each
game finishes; games already there are not played again.

``--table`` prints the reliability table of docs/research.md; ``--page`` writes it there,
between the ``calibration-table`` markers.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import multiprocessing
import pathlib
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

from research.rows import read_by_code
from yukon import Game, GameCode, Hint, Move, Rules, State, Verdict, solve
from yukon.survey import BLIND_MOVES, STUCK, wilson

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data"
PAGE = ROOT / "docs" / "research.md"
FIRST = 70011
LAST = 71010
"""The deals played: classic, held out from every choice of the planner's."""
RESULTS = DATA / f"calibration-classic-{FIRST}-{LAST}.jsonl"
_HINT = inspect.signature(Game.hint).parameters
SAMPLES: int = _HINT["samples"].default
NODES: int = _HINT["max_nodes"].default
"""The hint's defaults, read from :meth:`yukon.Game.hint`: what the page measures."""
LARGE = 100_000
"""Positions for the large solve of the real deal after the line, and for finishing a
game once every card is face up (positions, not seconds: the rows repeat)."""
FRESH = 8
"""Fresh guesses solved after each advised line."""
BINS = 8
"""The table's bins: shares rounded to eighths (the default hint's 8 guesses)."""
MARKER = "calibration-table"

Row = dict[str, Any]


def after(state: State, line: Iterable[Move]) -> State:
    for move in line:
        state = state.apply(move)
    return state


def judged(
    state: State, hint: Hint, rng: random.Random, nodes: int, large: int, fresh: int
) -> Row:
    """What one hint's share estimates, at ``state`` where it was asked."""
    line = (hint.move, *hint.plan)
    real = after(state, line)
    small, big = solve(real, max_nodes=nodes), solve(real, max_nodes=large)
    fresh_won = 0
    for _ in range(fresh):
        guess = after(state.sample_hidden(rng), line)
        fresh_won += solve(guess, max_nodes=nodes).verdict is Verdict.WON
    return {
        "share": hint.share,
        "samples": hint.samples,
        "face_down": state.face_down_count,
        "line": [str(move) for move in line],
        "real": small.verdict.value,
        "real_nodes": small.nodes,
        "real_large": big.verdict.value,
        "real_large_nodes": big.nodes,
        "fresh": fresh_won,
        "fresh_samples": fresh,
    }


def measure(
    code: str,
    samples: int = SAMPLES,
    max_nodes: int = NODES,
    large: int = LARGE,
    fresh: int = FRESH,
) -> Row:
    """One game played blind, as the no-peek survey's player plays it (each hint's line
    followed to its flip, at most ``BLIND_MOVES`` moves, the solver with ``large``
    positions finishing once every card is face up), with every hint it asked judged."""
    began = time.process_time()
    game = Game.new(GameCode.parse(code))
    rng = random.Random(code)  # the survey's player's guesses
    hints: list[Row] = []
    moves: list[str] = []
    line: tuple[Move, ...] = ()
    while not game.state.all_face_up and len(moves) < BLIND_MOVES:
        if not line:
            advised = game.hint(rng=rng, samples=samples, max_nodes=max_nodes)
            if advised is None:
                break
            line = (advised.move, *advised.plan)
            checks = random.Random(f"{code}/{len(hints)}")
            hint = judged(game.state, advised, checks, max_nodes, large, fresh)
            hints.append({"at": len(moves), **hint})
        game = game.play(line[0])
        moves.append(str(line[0]))
        line = line[1:]
    if game.state.all_face_up:
        verdict = solve(game.state, max_nodes=large).verdict.value
    else:
        verdict = STUCK
    return {
        "code": code,
        "verdict": verdict,
        "won": verdict == Verdict.WON.value,
        "moves": moves,
        "face_down": game.state.face_down_count,
        "hints": hints,
        "budget": {
            "samples": samples,
            "max_nodes": max_nodes,
            "large": large,
            "fresh": fresh,
        },
        "cpu_seconds": round(time.process_time() - began, 2),
    }


def _measure(job: tuple[str, int, int, int, int]) -> Row:
    return measure(*job)


def read(path: pathlib.Path = RESULTS) -> list[Row]:
    """The results file's rows (the last row of a game counts), in file order."""
    return read_by_code(path)


def codes(first: int = FIRST, last: int = LAST) -> list[str]:
    return [str(GameCode(n, Rules.CLASSIC)) for n in range(first, last + 1)]


def run(
    path: pathlib.Path,
    todo: list[str],
    workers: int = 1,
    samples: int = SAMPLES,
    max_nodes: int = NODES,
    large: int = LARGE,
    fresh: int = FRESH,
) -> int:
    """Play the games of ``todo`` not yet in ``path``, appending each row as its game
    finishes (in ``todo``'s order, so a stopped run leaves a first stretch); how many
    were played."""
    done = {row["code"] for row in read(path)}
    jobs = [(c, samples, max_nodes, large, fresh) for c in todo if c not in done]
    held = path.read_bytes() if path.exists() else b""
    torn = bool(held) and not held.endswith(b"\n")
    with open(path, "a", encoding="utf-8") as sink:
        if torn:
            sink.write("\n")  # end a line torn by a stop, so the next row is whole
        if workers <= 1:
            results: Iterable[Row] = map(_measure, jobs)
            return _write(sink, results)
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            return _write(sink, pool.imap(_measure, jobs))


def _write(sink: Any, results: Iterable[Row]) -> int:
    written = 0
    for row in results:
        sink.write(json.dumps(row) + "\n")
        sink.flush()
        written += 1
    return written


# -- the table -------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _rate(won: int, total: int) -> str:
    if not total:
        return "-"
    low, high = wilson(won, total)
    return f"{_pct(won / total)} ({_pct(low)} - {_pct(high)})"


def hints(rows: list[Row]) -> list[Row]:
    """Every hint of ``rows``, each with its game's outcome (``game_won``)."""
    return [{**h, "game_won": row["won"]} for row in rows for h in row["hints"]]


def _won(verdict: str) -> int:
    return int(verdict == Verdict.WON.value)


def brier(shares: list[float], outcomes: list[int]) -> float:
    """The mean squared gap between each forecast share and its 0/1 outcome."""
    return sum((s - o) ** 2 for s, o in zip(shares, outcomes, strict=True)) / len(
        shares
    )


def _share(hint: Row) -> float:
    return float(hint["share"])


def gap(
    rows: list[Row],
    outcome: Callable[[Row], float],
    forecast: Callable[[Row], float] = _share,
) -> tuple[float, float, float]:
    """How far ``forecast`` (the share) exceeds ``outcome`` of each hint, on average over
    the hints of ``rows``, with its 95 % interval taking each game's hints as a cluster
    (the hints of one game share its deal, so they are not independent)."""
    games = [[forecast(h) - outcome(h) for h in row["hints"]] for row in rows]
    n = sum(map(len, games))
    mean = sum(map(sum, games)) / n
    if len(games) < 2:
        return mean, mean - 1, mean + 1
    spread = sum((sum(g) - len(g) * mean) ** 2 for g in games)
    half = Z_95 * math.sqrt(len(games) / (len(games) - 1) * spread) / n
    return mean, mean - half, mean + half


def _fresh(hint: Row) -> float:
    return float(hint["fresh"] / hint["fresh_samples"])


def _real(hint: Row) -> float:
    return _won(hint["real"])


def _curse_said(low: float) -> str:
    if low > 0:
        return "the winner's curse of choosing the line on the guesses it is scored on"
    return "no winner's curse beyond the noise"


def _numbers(rows: list[Row]) -> str:
    numbers = sorted(GameCode.parse(row["code"]).number for row in rows)
    return f"{numbers[0]}-{numbers[-1]}"


def table(rows: list[Row] | None = None) -> str:
    """The reliability table: the hints binned by share, with the share of each bin's
    real deals won after the line (at the guesses' budget and a large one), of fresh
    guesses won after it, and of games the blind player won; then Brier scores and a
    sentence saying whether the share is calibrated or optimistic."""
    rows = read() if rows is None else rows
    every = hints(rows)
    nodes = rows[0]["budget"]["max_nodes"]
    large = rows[0]["budget"]["large"]
    lines = [
        f"| share | hints | mean share | fresh guesses won after the line "
        f"| real deal won after it, {nodes:,} positions "
        f"| the same, {large:,} positions | game won by the blind player |",
        "|---|---|---|---|---|---|---|",
    ]
    for k in range(BINS + 1):
        bin_ = [h for h in every if round(h["share"] * BINS) == k]
        if not bin_:
            continue
        n = len(bin_)
        fresh = sum(h["fresh"] for h in bin_)
        tried = sum(h["fresh_samples"] for h in bin_)
        lines.append(
            f"| {k}/{BINS} | {n} | {_pct(sum(h['share'] for h in bin_) / n)} "
            f"| {_rate(fresh, tried)} "
            f"| {_rate(sum(_won(h['real']) for h in bin_), n)} "
            f"| {_rate(sum(_won(h['real_large']) for h in bin_), n)} "
            f"| {_rate(sum(h['game_won'] for h in bin_), n)} |"
        )
    shares = [h["share"] for h in every]
    mean = sum(shares) / len(shares)
    real = [_won(h["real"]) for h in every]
    games = [int(h["game_won"]) for h in every]
    fresh_rate = sum(h["fresh"] for h in every) / sum(h["fresh_samples"] for h in every)
    rate = sum(real) / len(real)
    said, low, high = gap(rows, _real)
    against = (
        f"it says {_pct(mean)} where the real deal is won after the line "
        f"{_pct(rate)} of the time"
    )
    interval = (
        f"(95 % interval {100 * low:.1f} to {100 * high:.1f} points, the games taken "
        "as clusters)"
    )
    if low > 0:
        verdict = f"optimistic: {against}, {100 * said:.1f} points less {interval}"
    elif high < 0:
        verdict = f"pessimistic: {against}, {-100 * said:.1f} points more {interval}"
    else:
        verdict = (
            f"calibrated within the noise: {against}, a gap of {100 * said:.1f} "
            f"points {interval}"
        )
    curse, curse_low, curse_high = gap(rows, _fresh)
    fair, fair_low, fair_high = gap(rows, _real, _fresh)
    fairly = (
        "within the noise"
        if fair_low <= 0 <= fair_high
        else (
            "outside the interval chance gives 95 times in 100, though the two are "
            "draws of the same chance (a guess is dealt as the deal was, and the hint "
            "never peeks): a fault or a fluke, to check on more deals"
        )
    )
    lines += [
        "",
        f"Classic deals {_numbers(rows)} (held out), {len(rows)} games played blind "
        f"(won: {_rate(sum(bool(r['won']) for r in rows), len(rows))}, the no-peek "
        f"player's figure on a second held-out range), "
        f"{len(every)} hints asked. On the whole the share is {verdict}. Fresh guesses "
        f"of the same lines are won {_pct(fresh_rate)} of the time: the share "
        f"exceeds them by {100 * curse:.1f} points (95 % interval "
        f"{100 * curse_low:.1f} to {100 * curse_high:.1f}), {_curse_said(curse_low)}; the "
        f"real deals are won {abs(100 * fair):.1f} points "
        f"{'less' if fair >= 0 else 'more'} often than the fresh "
        f"guesses ({100 * fair_low:.1f} to {100 * fair_high:.1f}), {fairly}. "
        f"Brier score "
        f"against the real deal at {nodes:,} positions {brier(shares, real):.3f} "
        f"(always forecasting its mean rate: {brier([rate] * len(real), real):.3f}); "
        f"against the game's outcome {brier(shares, games):.3f}.",
    ]
    return "\n".join(lines)


def write_page(page: pathlib.Path = PAGE, rows: list[Row] | None = None) -> None:
    """Write :func:`table` into ``page`` between its ``calibration-table`` markers."""
    text = page.read_text(encoding="utf-8")
    start, end = f"<!-- {MARKER}: start -->", f"<!-- {MARKER}: end -->"
    if text.count(start) != 1 or text.count(end) != 1:
        raise ValueError(f"{page} must hold one pair of {MARKER} markers")
    head, rest = text.split(start)
    _, tail = rest.split(end)
    page.write_text(f"{head}{start}\n{table(rows)}\n{end}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--table", action="store_true", help="print the table only")
    parser.add_argument(
        "--page", action="store_true", help="write the table into docs/research.md"
    )
    args = parser.parse_args(argv)
    if args.table:
        print(table())
        return
    if args.page:
        write_page()
        return
    played = run(RESULTS, codes(), args.workers)
    print(f"{played} games played", flush=True)


if __name__ == "__main__":
    main()
