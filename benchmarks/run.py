"""Fixed, seeded workloads over the public API; each row is the median of several repeats.

``python -m benchmarks [--repeats N] [--out FILE] [--only ROW ...]`` prints a table and
writes JSON: to FILE, or else to the system's temporary directory, never into the checkout
unless asked (``--committed`` runs every row but the solver's into
``benchmarks/results.json``, the figures the docs quote: ``python -m benchmarks.figures``
writes them into the pages). The rows run in
a few minutes; the solver row (deals 1-500 at 30 s each, up to hours) runs only when
named: ``--only solver``. The ``python`` row runs some rows again in a child process with
the pure-Python implementation (``YUKON_IMPLEMENTATION=python``) and gives the compiled
core's speed-up over it, both measured in the one run. The hint rows time
``Game.hint`` by the processor time as well as the clock: with the core over whole games
(``hint``), and on the first decisions of one deal with the core, without it (``python
hint``, minutes) and in Pyodide (``pyodide hint``). ``--committed --only ROW ...``
measures just those rows again into the committed file, each marked with the date and
load it was measured at. Every workload materialises what it asks for (tuples of moves,
new positions), so nothing lazy goes unmeasured.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import gc
import inspect
import json
import os
import pathlib
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import yukon
from benchmarks import hints
from yukon import Game, GameCode, Move, Rules, State

SEED = 20261130


def sample_positions(count: int, seed: int = SEED) -> list[State]:
    """Positions from seeded random play on seeded deals, both rule sets, mid-game."""
    rnd = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = yukon.deal(
            GameCode(rnd.randrange(yukon.DEAL_COUNT), rnd.choice(list(Rules)))
        )
        for _ in range(rnd.randrange(10, 80)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rnd.choice(moves))
        out.append(state)
    return out


def _row(
    name: str, work: Callable[[], int], repeats: int, unit: str, target: int | None
) -> dict[str, object]:
    """Operations per second of ``work`` (which returns how many it did): the median of
    ``repeats`` timed runs, with the best run beside it."""
    rates = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        ops = work()
        rates.append(ops / (time.perf_counter() - start))
    return {
        "row": name,
        "value": statistics.median(rates),
        "best": max(rates),
        "unit": unit,
        "target": target,
    }


def bench_deal(repeats: int, count: int = 10_000) -> dict[str, object]:
    codes = [GameCode(n * 7919 % yukon.DEAL_COUNT, Rules.CLASSIC) for n in range(count)]

    def work() -> int:
        for code in codes:
            yukon.deal(code)
        return len(codes)

    return _row("deal", work, repeats, "deals/s", None)


def bench_legal_moves(repeats: int, positions: list[State]) -> dict[str, object]:
    def work() -> int:
        total = 0
        for state in positions:
            total += len(state.legal_moves())
        return len(positions)

    return _row("legal moves", work, repeats, "calls/s", 150_000)


def bench_apply(repeats: int, positions: list[State]) -> dict[str, object]:
    rnd = random.Random(SEED)
    pairs: list[tuple[State, Move]] = []
    for state in positions:
        moves = state.legal_moves()
        if moves:
            pairs.append((state, rnd.choice(moves)))

    def work() -> int:
        for state, move in pairs:
            state.apply(move)
        return len(pairs)

    return _row("apply", work, repeats, "moves/s", 400_000)


def bench_playout(repeats: int, games: int = 150) -> dict[str, object]:
    codes = [
        GameCode(n, Rules.CLASSIC if n % 2 else Rules.RELAXED) for n in range(games)
    ]

    def work() -> int:
        rnd = random.Random(SEED)
        moves_played = 0
        for code in codes:
            state = yukon.deal(code)
            for _ in range(300):
                moves = state.legal_moves()
                if not moves:
                    break
                state = state.apply(rnd.choice(moves))
                moves_played += 1
        return moves_played

    return _row("playout", work, repeats, "moves/s", 100_000)


def bench_learner_step(repeats: int, games: int = 150) -> dict[str, object]:
    """What a learner's step asks of a position: the mask, a legal move played, the
    observation of the next position (random masked play from fresh deals)."""
    codes = [
        GameCode(n, Rules.CLASSIC if n % 2 else Rules.RELAXED) for n in range(games)
    ]

    def work() -> int:
        rnd = random.Random(SEED)
        steps = 0
        for code in codes:
            state = yukon.deal(code)
            for _ in range(300):
                state.legal_mask()
                keys = state.legal_keys()
                if not keys:
                    break
                state = state.apply(Move.from_key(rnd.choice(keys)))
                state.observation()
                steps += 1
        return steps

    return _row("learner step", work, repeats, "steps/s", 100_000)


def _batch_deals(games: int) -> list[State]:
    return [
        yukon.deal(GameCode(n, Rules.CLASSIC if n % 2 else Rules.RELAXED))
        for n in range(games)
    ]


def bench_batch_playout(repeats: int, games: int = 1024) -> dict[str, object]:
    """``Batch.random_playouts``: ``games`` fresh deals played at random to the end
    (at most 300 moves each), one core."""
    states = _batch_deals(games)

    def work() -> int:
        return sum(yukon.Batch(states).random_playouts(300, SEED))

    return _row("batch playout", work, repeats, "steps/s", None)


def bench_batch_step(repeats: int, games: int = 1024) -> dict[str, object] | None:
    """``Batch`` stepped from NumPy: the masks read as an array, a random legal key a
    game, ``step``; 50 steps of ``games`` fresh deals. ``None`` without NumPy."""
    try:
        import numpy as np
    except ImportError:
        return None
    states = _batch_deals(games)

    def work() -> int:
        batch = yukon.Batch(states)
        rng = np.random.default_rng(SEED)
        for _ in range(50):
            masks = np.frombuffer(batch.legal_masks(), dtype=np.uint8)
            scores = rng.random((games, yukon.ACTION_COUNT)) * masks.reshape(games, -1)
            batch.step(np.argmax(scores, axis=1).tolist())
        return 50 * games

    return _row("batch step", work, repeats, "steps/s", None)


def bench_gym_step(repeats: int, episodes: int = 40) -> dict[str, object] | None:
    """``YukonEnv.step`` with its mask and observation, masked random actions; ``None``
    without Gymnasium (``yukon[gym]``)."""
    try:
        import numpy as np

        from yukon.gym import YukonEnv
    except ImportError:
        return None
    env = YukonEnv(max_moves=300)

    def work() -> int:
        rng = np.random.default_rng(SEED)
        steps = 0
        for episode in range(episodes):
            _, info = env.reset(seed=episode)
            done = False
            while not done:
                action = rng.choice(np.flatnonzero(info["action_mask"]))
                _, _, terminated, truncated, info = env.step(action)
                done = terminated or truncated
                steps += 1
        return steps

    return _row("gym step", work, repeats, "steps/s", None)


def masked_random(rng: Any, masks: Any) -> Any:
    """One random legal action a game, from the stacked boolean masks (a game with no
    legal action gets 0): the agent of the vector rows, the same for both sides."""
    import numpy as np

    legal = np.flatnonzero(masks)
    games, actions = masks.shape
    counts = np.bincount(legal // actions, minlength=games)
    first = np.cumsum(counts) - counts
    pick = first + (rng.random(games) * counts).astype(np.int64)
    return np.where(counts > 0, legal[np.minimum(pick, len(legal) - 1)] % actions, 0)


def bench_gym_vector(
    repeats: int, games: int = 1024, steps: int = 30
) -> list[dict[str, object]] | None:
    """``gymnasium.make_vec`` with ``games`` environments, masked random actions,
    ``vectorization_mode="sync"`` against ``"vector_entry_point"`` (the Batch), and
    their ratio: each side steps ``steps`` times (the vector side ten times as many),
    the repeats alternating between them in one run. ``None`` without Gymnasium."""
    try:
        import gymnasium
        import numpy as np

        from yukon.gym import ENV_ID
    except ImportError:
        return None
    made = {
        mode: gymnasium.make_vec(ENV_ID, num_envs=games, vectorization_mode=mode)
        for mode in ("sync", "vector_entry_point")
    }

    def stepped(mode: str, count: int) -> Callable[[], int]:
        def work() -> int:
            envs = made[mode]
            rng = np.random.default_rng(SEED)
            _, info = envs.reset(seed=SEED)
            for _ in range(count):
                _, _, _, _, info = envs.step(masked_random(rng, info["action_mask"]))
            return count * games

        return work

    sync, vector = [], []
    for _ in range(repeats):  # alternating, so that both see the same machine
        sync.append(_row("gym sync envs", stepped("sync", steps), 1, "steps/s", None))
        vector.append(
            _row(
                "gym vector env",
                stepped("vector_entry_point", 10 * steps),
                1,
                "steps/s",
                None,
            )
        )
    rows = [_merged(sync), _merged(vector)]
    ratio = [
        float(v["value"]) / float(s["value"])  # type: ignore[arg-type]
        for s, v in zip(sync, vector, strict=True)
    ]
    rows.append(
        {
            "row": "gym vector / sync",
            "value": statistics.median(ratio),
            "best": max(ratio),
            "unit": "x",
            "target": 20,
        }
    )
    return rows


def _merged(runs: list[dict[str, object]]) -> dict[str, object]:
    """One row from single-run rows: the median and the best of their values."""
    values = [float(run["value"]) for run in runs]  # type: ignore[arg-type]
    return {**runs[0], "value": statistics.median(values), "best": max(values)}


def bench_openspiel(
    repeats: int, games: int = 60, observe: bool = False
) -> dict[str, object] | None:
    """OpenSpiel's Klondike ("solitaire"), random play measured here for comparison:
    decisions a second, reading the observation tensor at each when ``observe``.
    ``None`` without OpenSpiel (``pip install open_spiel``; no dependency of ours)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("solitaire")

    def work() -> int:
        rnd = random.Random(SEED)
        decisions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    action = rnd.choice(state.chance_outcomes())[0]
                else:
                    action = rnd.choice(state.legal_actions())
                    decisions += 1
                    if observe:
                        state.observation_tensor()
                state.apply_action(action)
        return decisions

    name = "openspiel + observation" if observe else "openspiel klondike"
    return _row(name, work, repeats, "steps/s", None)


def _deep_game(depth: int, seed: int = SEED) -> tuple[Game, list[Move]]:
    """A game and a line of ``depth`` legal moves from it (random, seeded)."""
    rnd = random.Random(seed)
    while True:
        game = Game.new(GameCode(rnd.randrange(yukon.DEAL_COUNT)))
        line: list[Move] = []
        state = game.state
        while len(line) < depth:
            moves = state.legal_moves()
            if not moves:
                break
            move = rnd.choice(moves)
            line.append(move)
            state = state.apply(move)
        if len(line) == depth:
            return game, line


def play_and_undo(game: Game, line: list[Move]) -> int:
    """Play ``line`` from ``game``, then undo every move of it: one round of the game
    row. Returns the play+undo cycles made."""
    played = game
    for move in line:
        played = played.play(move)
    for _ in line:
        played = played.undo()
    return len(line)


def bench_game(repeats: int, rounds: int = 20) -> dict[str, object]:
    game, line = _deep_game(100)

    def work() -> int:
        return sum(play_and_undo(game, line) for _ in range(rounds))

    return _row("game", work, repeats, "play+undo/s", 150_000)


def bench_memory() -> list[dict[str, object]]:
    # One State: the average over many fresh deals kept alive at once (small tuples come
    # from free lists, so a single deal would under-count), columns built on first use.
    codes = [GameCode(SEED + n) for n in range(1_000)]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = [yukon.deal(code) for code in codes]
    one_state = (tracemalloc.get_traced_memory()[0] - before) // len(states)
    tracemalloc.stop()
    del states

    game, line = _deep_game(150)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for move in line:
        game = game.play(move)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert len(game.history) == yukon.UNDO_LIMIT
    return [
        {"row": "memory: state", "value": one_state, "unit": "bytes", "target": None},
        {
            "row": "memory: game history",
            "value": held - one_state,
            "unit": "bytes beyond its position",
            "target": 60_000,
            "lower_is_better": True,
        },
    ]


HARD_DEALS = ("YU1-C-AAAAACX", "YU1-C-AAAAAGK", "YU1-C-AAAAAMH")
"""Classic deals that stay unknown at 30 s: searches that grow as large as any."""


def bench_solver_memory(nodes: int) -> dict[str, object] | None:
    """Bytes the compiled searches hold a searched position: the peak over ``nodes``
    positions of each hard deal, everything counted, divided by the positions. At most
    a million positions: the solver tries its starts further on only after that, and
    their positions are let go when they are done, so counting them would flatter the
    figure."""
    if not yukon.COMPILED_SOLVER:
        return None
    ratios = []
    for code in HARD_DEALS:
        solution = yukon.solve(yukon.deal(code), max_nodes=nodes)
        assert solution.peak_memory is not None and solution.nodes == nodes
        ratios.append(solution.peak_memory / solution.nodes)
    return {
        "row": "solver memory",
        "value": round(max(ratios), 1),
        "unit": f"bytes a searched position (worst of 3 hard deals, {nodes:,} each)",
        "target": 64,
        "lower_is_better": True,
    }


def bench_search_speed(repeats: int, nodes: int) -> dict[str, object]:
    """Positions a second the solver's searches visit: ``nodes`` positions of each
    hard deal, searched by whichever implementation runs (at most 3 repeats: the pure
    Python searches take seconds a deal)."""

    def work() -> int:
        searched = 0
        for code in HARD_DEALS:
            solution = yukon.solve(yukon.deal(code), max_nodes=nodes)
            assert solution.nodes == nodes, (code, solution.nodes)
            searched += solution.nodes
        return searched

    return _row(
        "search speed",
        work,
        min(repeats, 3),
        f"positions/s (3 hard deals, {nodes:,} each)",
        None,
    )


SEARCH_POSITIONS = 50_000
"""Positions of each hard deal the search-speed row searches: enough to leave the start
behind, few enough for the pure-Python searches (seconds a deal)."""

COMPARED = ["apply", "playout", "learner step", "gym step", "search speed"]
"""The rows the ``python`` row runs again in pure Python, for the core's speed-up."""


def bench_python(
    repeats: int,
    scale: float,
    rows: list[str] = COMPARED,
    more: tuple[str, ...] = (),
) -> list[dict[str, object]] | None:
    """The ``rows`` (by default those of ``COMPARED``) in a child process with
    ``YUKON_IMPLEMENTATION=python`` and the options ``more``, named ``python: ROW``;
    ``None`` where this process has no compiled core to compare (it runs pure Python
    already)."""
    if not yukon.COMPILED_SOLVER:
        return None
    with tempfile.TemporaryDirectory() as work:
        out = pathlib.Path(work, "python.json")
        env = {**os.environ, "YUKON_IMPLEMENTATION": "python"}
        subprocess.run(
            [
                *(sys.executable, "-m", "benchmarks"),
                *("--repeats", str(repeats), "--scale", str(scale), *more),
                *("--out", str(out), "--only", *rows),
            ],
            check=True,
            env=env,
            cwd=pathlib.Path(__file__).resolve().parent.parent,
            stdout=subprocess.DEVNULL,
        )
        measured = json.loads(out.read_text())
    assert measured["machine"]["compiled"] is False
    return [
        {**row, "row": f"python: {row['row']}", "target": None}
        for row in measured["rows"]
    ]


def bench_instructions(positions: int) -> list[dict[str, object]] | None:
    """Instructions a call under callgrind (``benchmarks/instructions.py``), or
    ``None`` without valgrind."""
    from benchmarks import instructions

    counted = instructions.per_call(positions)
    if counted is None:
        return None
    return [
        {
            "row": f"instructions: {label}",
            "value": value,
            "unit": "instructions a call",
            "target": None,
            "lower_is_better": True,
        }
        for label, value in counted.items()
    ]


def speed_ups(
    rows: list[dict[str, object]], names: list[str]
) -> list[dict[str, object]]:
    """The core's speed-up over pure Python, for each row of ``names`` measured both
    ways: the compiled row's median over the pure-Python one's
    (the pure-Python time over the compiled one for a row of seconds, which holds both
    to the same decisions)."""
    measured = {str(row["row"]): row for row in rows}
    found = []
    for name in names:
        if name not in measured or f"python: {name}" not in measured:
            continue
        core, python = measured[name], measured[f"python: {name}"]
        ratio = float(core["value"]) / float(python["value"])  # type: ignore[arg-type]
        if core.get("lower_is_better"):
            if core["advised"] != python["advised"]:
                raise RuntimeError(f"{name}: the two implementations advised apart")
            ratio = 1 / ratio
        found.append(
            {"row": f"speed-up: {name}", "value": ratio, "unit": "x", "target": None}
        )
    return found


MEMORY_POSITIONS = 1_000_000
"""Positions of each hard deal the memory row searches: the most before the solver
tries its starts further on."""

SOLVER_SECONDS = 30.0
"""The solver budget per deal that the project's target names."""
SOLVER_DEALS = 500
"""The classic deals (1 to this) that the project's target names."""


def bench_solver(
    count: int = SOLVER_DEALS, budget: float = SOLVER_SECONDS
) -> dict[str, object]:
    """Deals 1 to ``count``, classic, one at a time on this core, ``budget`` s each."""
    seconds = []
    resolved = 0
    for number in range(1, count + 1):
        solution = yukon.solve(yukon.deal(GameCode(number)), max_seconds=budget)
        resolved += solution.verdict is not yukon.Verdict.UNKNOWN
        seconds.append(solution.seconds)
    seconds.sort()
    return {
        "row": "solver",
        "value": resolved / count,
        "unit": f"resolved of deals 1-{count} classic ({budget:g} s budget)",
        "target": 0.99,
        "median_seconds": statistics.median(seconds),
        "p95_seconds": seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))],
    }


HINT_DEALS = range(70_001, 70_011)
"""The classic deals the hint rows play: held out from every choice of the hint's."""
HINT_TARGET = 0.5
"""Seconds a hint may take at the 95th percentile, with the compiled core."""
HINT_DECISIONS = 10
"""The hint sample: the first decisions of the first of :data:`HINT_DEALS`, few enough
for the pure-Python planner (seconds a hint)."""
PYODIDE_DECISIONS = 3
"""The first decisions of the hint sample that Pyodide times at the hint's default
budget: in Pyodide a hint at that budget takes half a minute."""


def default_budget() -> tuple[int, int]:
    """The guesses and positions :meth:`Game.hint` judges with when none are named."""
    named = inspect.signature(Game.hint).parameters
    return int(named["samples"].default), int(named["max_nodes"].default)


def web_budget() -> tuple[int, int]:
    """The web page's hint budget, as ``web/yukon_web.py`` states it once."""
    page = pathlib.Path(__file__).resolve().parent.parent / "web" / "yukon_web.py"
    for node in ast.parse(page.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == (
            "(HINT_SAMPLES, HINT_NODES)"
        ):
            samples, nodes = ast.literal_eval(node.value)
            return int(samples), int(nodes)
    raise RuntimeError("web/yukon_web.py no longer states HINT_SAMPLES, HINT_NODES")


def _budget_words(budget: tuple[int, int]) -> str:
    return f"{budget[0]} guesses of {budget[1]:,} positions"


def _hint_row(
    name: str,
    timed: dict[str, Any],
    unit: str,
    budget: tuple[int, int],
    statistic: str = "median",
) -> dict[str, object]:
    """A hint row from :func:`benchmarks.hints.hint_times`: the value is the processor
    time's ``statistic`` (``"median"`` or ``"p95"``, as the unit says), the clock's
    figures beside it."""
    cpu, clock = hints.summary(timed["cpu"]), hints.summary(timed["clock"])
    return {
        "row": name,
        "value": cpu[statistic],
        "unit": unit,
        "target": None,
        "lower_is_better": True,
        "hints": len(timed["cpu"]),
        "budget": list(budget),
        "cpu_p95_seconds": cpu["p95"],
        "cpu_median_seconds": cpu["median"],
        "cpu_max_seconds": cpu["max"],
        # other work on a shared machine stretches the clock, not the time computed
        "clock_p95_seconds": clock["p95"],
        "clock_median_seconds": clock["median"],
        "clock_max_seconds": clock["max"],
        "advised": timed["advised"],
    }


def bench_hint(
    deals: range = HINT_DEALS, budget: tuple[int, int] | None = None
) -> dict[str, object]:
    """:meth:`Game.hint` (at its default budget unless ``budget``), asked after every
    move of whole games as a frontend asks (and followed), until every card is face up
    or there is no hint: the 95th percentile of the processor time a hint took, with
    the median and the clock's figures beside it, over every decision of the games of
    ``deals``."""
    timed = hints.hint_times(deals, budget=budget)
    row = _hint_row(
        "hint",
        timed,
        f"s of processor time a hint, 95th percentile ({len(timed['cpu'])} hints, "
        f"whole games of classic deals {deals.start}-{deals.stop - 1}, "
        f"{_budget_words(budget or default_budget())})",
        budget or default_budget(),
        "p95",
    )
    del row["advised"]  # hundreds of moves, and no other run to hold them against
    return {**row, "target": HINT_TARGET}


def bench_hint_sample(
    decisions: int = HINT_DECISIONS, budget: tuple[int, int] | None = None
) -> dict[str, object]:
    """The hint sample: the first ``decisions`` hints of classic deal
    ``HINT_DEALS.start``, asked and followed as in :func:`bench_hint`, the median of
    their processor times; with the moves advised, so that the pure-Python run can be
    held to the same decisions."""
    deal = HINT_DEALS.start
    timed = hints.hint_times([deal], decisions, budget)
    return _hint_row(
        "hint sample",
        timed,
        f"s of processor time a hint, median (the first {len(timed['cpu'])} hints "
        f"of classic deal {deal}, {_budget_words(budget or default_budget())})",
        budget or default_budget(),
    )


ROWS = [
    "deal",
    "legal moves",
    "apply",
    "playout",
    "game",
    "memory",
    "learner step",
    "gym step",
    "gym vector",
    "batch",
    "openspiel",
    "solver memory",
    "serve",
    "search speed",
    "hint",
    "hint sample",
    "python hint",
    "pyodide hint",
    "python",
    "instructions",
    "pyodide",
    "solver",
]
SLOW_ROWS = (
    "solver",
    "pyodide",
    "pyodide hint",
    "instructions",
    "serve",
    "python hint",
)
DEFAULT_ROWS = [row for row in ROWS if row not in SLOW_ROWS]
"""What runs with no --only: everything but the solver row, which takes hours, the
Pyodide rows, which build the pure wheel and need Node with .ci/pyodide's packages, the
instruction counts, which need valgrind (minutes), the serve rows, which start
``yukon serve`` (the ``[server]`` extra), and the pure-Python hint (minutes). The
committed figures (benchmarks/results.json) come from every row but the solver's:
``--only`` with all the others."""

COMMITTED = pathlib.Path(__file__).resolve().parent / "results.json"
"""The figures the docs quote (``benchmarks/figures.py`` writes them into the pages)."""


def bench_serve(clients: int = 32, moves: int = 100) -> list[dict[str, object]] | None:
    """``yukon serve`` on 127.0.0.1 with ``clients`` concurrent clients, each on its
    own kept-alive connection playing ``moves`` moves of its own random game (a legal
    move by place, or an undo one time in five): answered moves a second, and the
    median and 99th percentile of a move's latency. Each move is written to the SQLite
    file before it is answered."""
    import http.client
    import re
    import threading

    try:
        import uvicorn  # noqa: F401
    except ImportError:
        return None
    folder = tempfile.mkdtemp(prefix="yukon-serve-")
    command = [sys.executable, "-m", "yukon", "serve", "--port", "0"]
    server = subprocess.Popen(
        [*command, "--db", os.path.join(folder, "games.sqlite3")],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None
        port = 0
        for line in server.stderr:
            found = re.search(r"http://127\.0\.0\.1:(\d+)", line)
            if found:
                port = int(found[1])
                break
        if not port:
            raise RuntimeError("yukon serve did not start")
        latencies: list[float] = []
        played = [0]
        guard = threading.Lock()

        def client(number: int) -> None:
            rnd = random.Random(SEED + number)
            code = GameCode(rnd.randrange(yukon.DEAL_COUNT), rnd.choice(list(Rules)))
            link = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

            def post(path: str, message: object) -> dict[str, Any]:
                link.request("POST", path, json.dumps(message).encode())
                answer: dict[str, Any] = json.loads(link.getresponse().read())
                return answer

            game = post("/games", {"code": str(code)})["game"]
            mirror = Game.new(code)  # the client knows its own deal, to pick moves
            mine: list[float] = []
            for _ in range(moves):
                legal = mirror.state.legal_moves()
                if mirror.can_undo and (not legal or rnd.random() < 0.2):
                    message: dict[str, Any] = {"op": "undo"}
                    mirror = mirror.undo()
                elif legal:
                    move = rnd.choice(legal)
                    where = mirror.state.locate(move.card)
                    place = (
                        {"foundation": where.pile.index}
                        if where.pile.is_foundation
                        else {"column": where.pile.index, "index": where.index}
                    )
                    to = "foundation" if move.column is None else move.column
                    message = {"op": "drop", "place": place, "to": to}
                    mirror = mirror.play(move)
                else:
                    break
                start = time.perf_counter()
                answer = post(f"/games/{game}", message)
                mine.append(time.perf_counter() - start)
                if answer.get("moves") != mirror.move_count:
                    raise RuntimeError(f"the server lost a move: {answer}")
            link.close()
            with guard:
                latencies.extend(mine)
                played[0] += len(mine)

        def cpu() -> float:
            """The server process's CPU seconds so far (Linux)."""
            fields = pathlib.Path(f"/proc/{server.pid}/stat").read_text().split()
            return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")

        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        used = cpu()
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - start
        used = cpu() - used
    finally:
        server.terminate()
        server.wait(timeout=30)
        if server.stderr is not None:
            server.stderr.close()
        shutil.rmtree(folder, ignore_errors=True)
    latencies.sort()
    p50 = latencies[len(latencies) // 2] * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    return [
        {
            "row": "serve moves",
            "value": played[0] / seconds,
            "unit": f"moves/s ({clients} clients)",
            "target": 500,
        },
        {"row": "serve p50", "value": p50, "unit": "ms", "target": None},
        {
            "row": "serve cpu per move",
            "value": used / played[0] * 1000,
            "unit": "ms of the server's CPU",
            "target": None,
        },
        {
            "row": "serve p99",
            "value": p99,
            "unit": "ms",
            "target": 50,
            "lower_is_better": True,
        },
    ]


PYODIDE = pathlib.Path(__file__).resolve().parent.parent / ".ci" / "pyodide"


def _node() -> str | None:
    """Node, where it and ``npm ci --prefix .ci/pyodide``'s packages are here."""
    node = shutil.which("node")
    if node is None or not (PYODIDE / "node_modules" / "pyodide").is_dir():
        return None
    return node


@contextlib.contextmanager
def _pyodide_wheels() -> Iterator[list[pathlib.Path]]:
    """The pure wheel built from the checkout, with its dependencies' wheels as pip
    resolves them, in a temporary directory while the block runs."""
    with tempfile.TemporaryDirectory() as work:
        built = pathlib.Path(work, "built")
        wheels = pathlib.Path(work, "wheels")
        pip = [sys.executable, "-m", "pip", "-q"]
        env = {**os.environ, "YUKON_BUILD_CORE": "0"}
        root = PYODIDE.parent.parent
        subprocess.run(
            [*pip, "wheel", "--no-deps", "-w", built, root], check=True, env=env
        )
        (pure,) = built.glob("yukon-*-py3-none-any.whl")
        subprocess.run(
            [*pip, "download", "--only-binary=:all:", "--dest", wheels, pure],
            check=True,
        )
        yield sorted(wheels.glob("*.whl"))


def bench_pyodide() -> list[dict[str, object]] | None:
    """The pure wheel in Pyodide under Node: the seconds from a start to the library
    loaded, and random moves a second there (``.ci/pyodide/smoke.mjs`` runs the checks
    and the timing); ``None`` without Node or ``npm ci --prefix .ci/pyodide``."""
    node = _node()
    if node is None:
        return None
    with _pyodide_wheels() as wheels:
        done = subprocess.run(
            [node, PYODIDE / "smoke.mjs", *wheels],
            capture_output=True,
            text=True,
            check=True,
            cwd=PYODIDE,
        )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return [
        {
            "row": "pyodide load",
            "value": result["load_seconds"],
            "unit": "s to load Pyodide and the wheels",
        },
        {
            "row": "pyodide moves",
            "value": result["moves_per_second"],
            "unit": "random moves/s in Pyodide (pure Python)",
        },
    ]


PYODIDE_HINTS = """
import json
from js import process

def node_processor():
    used = process.cpuUsage()
    return (used.user + used.system) / 1e6

json.dumps([
    hint_times([{deal}], {fewer}, {budget}, node_processor),
    hint_times([{deal}], {decisions}, {web}, node_processor),
])
"""
"""What Pyodide runs after ``benchmarks/hints.py``: the hint sample at the budget
asked and at the web page's, timed by the clock and by the processor time Node's
process used (``process.cpuUsage``), which other work on the machine does not
stretch."""


def bench_pyodide_hint(
    fewer: int = PYODIDE_DECISIONS,
    decisions: int = HINT_DECISIONS,
    budget: tuple[int, int] | None = None,
) -> list[dict[str, object]] | None:
    """The hint sample (:func:`bench_hint_sample`) in Pyodide under Node, the pure
    wheel built from the checkout: its first ``fewer`` hints at the hint's default
    budget (or ``budget``), and its ``decisions`` at the web page's budget
    (``web/yukon_web.py``), each following its own hints; ``None`` without Node or
    ``npm ci --prefix .ci/pyodide``."""
    node = _node()
    if node is None:
        return None
    web = web_budget()
    deal = HINT_DEALS.start
    with _pyodide_wheels() as wheels:
        script = wheels[0].parent.parent / "hints.py"
        script.write_text(
            pathlib.Path(hints.__file__).read_text(encoding="utf-8")
            + PYODIDE_HINTS.format(
                deal=deal, fewer=fewer, decisions=decisions, budget=budget, web=web
            ),
            encoding="utf-8",
        )
        done = subprocess.run(
            [node, PYODIDE / "run.mjs", script, *wheels],
            capture_output=True,
            text=True,
            check=True,
            cwd=PYODIDE,
        )
    default, cheap = json.loads(done.stdout.strip().splitlines()[-1])
    shown = _budget_words(budget or default_budget())
    return [
        _hint_row(
            "pyodide hint sample",
            default,
            f"s of processor time a hint in Pyodide, median (the first "
            f"{len(default['cpu'])} hints of classic deal {deal}, {shown})",
            budget or default_budget(),
        ),
        _hint_row(
            "pyodide hint, web budget",
            cheap,
            f"s of processor time a hint in Pyodide, median (the first "
            f"{len(cheap['cpu'])} hints of classic deal {deal}, the web page's "
            f"{_budget_words(web)})",
            web,
        ),
    ]


def machine() -> dict[str, object]:
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "system": f"{platform.system()} {platform.release()}",
        "cpus": os.cpu_count(),
        "yukon": yukon.__version__,
        "compiled": yukon.COMPILED_SOLVER,
        # other work on a shared machine slows every clock row: said beside them
        "load_average": load_average(),
    }


def load_average() -> float | None:
    """The machine's load average over the last minute (``None`` where unknown)."""
    return round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None


def release(version: str) -> str:
    """A version's release: 0.2.0.dev0's figures stand for 0.2.0."""
    return version.split(".dev")[0]


def merged(
    committed: dict[str, Any], rows: list[dict[str, object]], when: dict[str, object]
) -> dict[str, object]:
    """The committed results with ``rows`` in place of those of the same names (rows
    new to the file at its end), each marked with ``when``: the date, version, load
    and rows of the run that measured it, since the file's machine line says when the
    others were measured. Refused when the committed rows are of another release or
    implementation: a file mixing them would say nothing true."""
    machine = committed["machine"]
    if release(str(machine["yukon"])) != release(str(when["yukon"])) or (
        machine["compiled"] is not when["compiled"]
    ):
        raise SystemExit(
            f"{COMMITTED} holds yukon {machine['yukon']} (compiled: "
            f"{machine['compiled']}): measure every row again with --committed alone"
        )
    new = {str(row["row"]): {**row, "measured": when} for row in rows}
    kept = [new.pop(str(row["row"]), row) for row in committed["rows"]]
    return {"machine": machine, "rows": [*kept, *new.values()]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--out",
        default=os.path.join(tempfile.gettempdir(), "yukon-benchmarks.json"),
        help="where to write the JSON (default: the system's temporary directory)",
    )
    parser.add_argument(
        "--only",
        nargs="*",
        choices=ROWS,
        default=None,
        help="the rows to run (default: all but the slow ones); with --committed, "
        "these rows measured again in place of theirs in the committed file",
    )
    parser.add_argument(
        "--committed",
        action="store_true",
        help=f"every row but the solver's, written to {COMMITTED}: the figures the docs"
        " quote; with --only, just those rows, each marked with when and under what "
        "load it was measured",
    )
    parser.add_argument(
        "--solver-seconds",
        type=float,
        default=SOLVER_SECONDS,
        help="the solver row's budget per deal",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="shrink or grow every workload (the documented figures use 1.0)",
    )
    parser.add_argument(
        "--hint-budget",
        type=int,
        nargs=2,
        metavar=("SAMPLES", "NODES"),
        help="the hint rows' budget (default: the hint's own, as documented)",
    )
    args = parser.parse_args(argv)
    scale: float = args.scale
    budget: tuple[int, int] | None = (
        None if args.hint_budget is None else tuple(args.hint_budget)
    )
    merging = args.committed and args.only is not None
    if args.committed:
        if scale != 1.0 or budget is not None:
            parser.error("--committed measures at --scale 1 and the hint's own budget")
        if merging and "solver" in args.only:
            parser.error("the committed file holds every row but the solver's")
        if not merging:
            args.only = [row for row in ROWS if row != "solver"]
        args.out = COMMITTED
    elif args.only is None:
        args.only = DEFAULT_ROWS
    began = load_average()

    def sized(n: int) -> int:
        return max(1, round(n * scale))

    positions = sample_positions(sized(10_000))
    rows: list[dict[str, object]] = []
    for name in args.only:
        if name == "deal":
            rows.append(bench_deal(args.repeats, sized(10_000)))
        elif name == "legal moves":
            rows.append(bench_legal_moves(args.repeats, positions))
        elif name == "apply":
            rows.append(bench_apply(args.repeats, positions))
        elif name == "playout":
            rows.append(bench_playout(args.repeats, sized(150)))
        elif name == "game":
            rows.append(bench_game(args.repeats, sized(20)))
        elif name == "memory":
            rows.extend(bench_memory())
            print(_line(rows[-2]), flush=True)
        elif name == "learner step":
            rows.append(bench_learner_step(args.repeats, sized(150)))
        elif name == "gym vector":
            vector = bench_gym_vector(args.repeats, sized(1024), max(1, sized(30)))
            if vector is None:
                print(f"{name:<22} skipped: not installed", flush=True)
                continue
            rows.extend(vector)
            print(_line(rows[-3]), flush=True)
            print(_line(rows[-2]), flush=True)
        elif name == "batch":
            rows.append(bench_batch_playout(args.repeats, sized(1024)))
            stepped = bench_batch_step(args.repeats, sized(1024))
            if stepped is not None:
                print(_line(rows[-1]), flush=True)
                rows.append(stepped)
        elif name in ("gym step", "openspiel"):
            optional = (
                [bench_gym_step(args.repeats, sized(40))]
                if name == "gym step"
                else [
                    bench_openspiel(args.repeats, sized(60)),
                    bench_openspiel(args.repeats, sized(60), observe=True),
                ]
            )
            if optional[0] is None:
                print(f"{name:<22} skipped: not installed", flush=True)
                continue
            rows.extend(row for row in optional if row is not None)
            if len(optional) == 2:
                print(_line(rows[-2]), flush=True)
        elif name == "solver memory":
            measured = bench_solver_memory(
                min(MEMORY_POSITIONS, sized(MEMORY_POSITIONS))
            )
            if measured is None:
                print(f"{name:<22} skipped: no compiled solver", flush=True)
                continue
            rows.append(measured)
        elif name == "search speed":
            rows.append(bench_search_speed(args.repeats, sized(SEARCH_POSITIONS)))
        elif name == "hint":
            first = HINT_DEALS.start
            deals = range(first, first + sized(len(HINT_DEALS)))
            rows.append(bench_hint(deals, budget))
        elif name == "hint sample":
            rows.append(bench_hint_sample(sized(HINT_DECISIONS), budget))
        elif name in ("python", "python hint"):
            compared = COMPARED if name == "python" else ["hint sample"]
            more = () if budget is None else ("--hint-budget", *map(str, budget))
            python_rows = bench_python(args.repeats, scale, compared, more)
            if python_rows is None:
                print(f"{name:<22} skipped: no compiled core to compare", flush=True)
                continue
            added = python_rows + speed_ups(rows + python_rows, compared)
            rows.extend(added)
            for row in added[:-1]:
                print(_line(row), flush=True)
        elif name == "instructions":
            counts = bench_instructions(sized(500))
            if counts is None:
                print(f"{name:<22} skipped: no valgrind", flush=True)
                continue
            rows.extend(counts)
            for row in counts[:-1]:
                print(_line(row), flush=True)
        elif name == "pyodide":
            measured_rows = bench_pyodide()
            if measured_rows is None:
                print(
                    f"{name:<22} skipped: no node or .ci/pyodide packages", flush=True
                )
                continue
            rows.extend(measured_rows)
            print(_line(rows[-2]), flush=True)
        elif name == "pyodide hint":
            pyodide_rows = bench_pyodide_hint(
                sized(PYODIDE_DECISIONS), sized(HINT_DECISIONS), budget
            )
            if pyodide_rows is None:
                print(
                    f"{name:<22} skipped: no node or .ci/pyodide packages", flush=True
                )
                continue
            rows.extend(pyodide_rows)
            print(_line(rows[-2]), flush=True)
        elif name == "serve":
            served = bench_serve(moves=sized(100))
            if served is None:
                print(f"{name:<22} skipped: yukon[server] not installed", flush=True)
                continue
            rows.extend(served)
            for row in rows[-4:-1]:
                print(_line(row), flush=True)
        elif name == "solver":
            rows.append(bench_solver(sized(SOLVER_DEALS), args.solver_seconds))
        print(_line(rows[-1]), flush=True)

    info = machine()
    info["scale"] = scale
    info["repeats"] = args.repeats
    info["date"] = time.strftime("%Y-%m-%d", time.gmtime())  # when, as the docs say it
    print("\n" + ", ".join(f"{k}: {v}" for k, v in info.items()))
    written: dict[str, object] = {"machine": info, "rows": rows}
    if merging:
        when = {
            "date": info["date"],
            "yukon": info["yukon"],
            "compiled": info["compiled"],
            "load_average": [began, load_average()],
            "repeats": args.repeats,
            "only": args.only,
        }
        written = merged(json.loads(COMMITTED.read_text()), rows, when)
    with open(args.out, "w") as out:
        json.dump(written, out, indent=1)
        out.write("\n")
    print(f"written to {args.out}", file=sys.stderr)
    return 0


def _line(row: dict[str, object]) -> str:
    value = row["value"]
    target = row.get("target")
    if row["row"] == "solver":
        return (
            f"{'solver':<22} {value:>12.1%} {row['unit']}, median "
            f"{row['median_seconds']:.3f} s, 95th percentile {row['p95_seconds']:.2f} s"
            f"  (target >= 99%, median < 1 s: "
            f"{'met' if value >= 0.99 and row['median_seconds'] < 1 else 'NOT met'})"  # type: ignore[operator]
        )
    digits = ".1f" if row["unit"] == "x" else ",.0f"
    if str(row["unit"]).startswith(("s ", "ms")):
        digits = ".2f"
    shown = f"{value:{digits}}" if isinstance(value, (int, float)) else str(value)
    goal = ""
    if isinstance(target, (int, float)) and isinstance(value, (int, float)):
        met = value <= target if row.get("lower_is_better") else value >= target
        goal = f"  (target {'≤' if row.get('lower_is_better') else '≥'} {target:,}: {'met' if met else 'NOT met'})"
    best = row.get("best")
    extra = f" (best {best:{digits}})" if isinstance(best, float) else ""
    return f"{row['row']:<22} {shown:>12} {row['unit']}{extra}{goal}"
