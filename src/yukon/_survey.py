"""Surveys: solve a range of deals and estimate the share that can be won.

One JSON line per deal (``code``, ``verdict``, ``nodes``, ``seconds``, ``moves``) is
appended to the output file as each deal finishes, so a survey can be stopped and started
again: deals already in the file are not solved twice. Deals run in worker processes on
this machine, or on a Dask cluster (``yukon[dask]``) for surveys beyond one machine.

The winnable share is reported with a 95 % Wilson score interval that brackets the deals
the budget left unresolved: the lower bound counts them lost, the upper bound won.

Two players can be surveyed. The *thoughtful* player sees every card: the solver's
verdict. The *no-peek* player cannot see the face-down cards: the app's hint
(:meth:`Game.hint <yukon.Game.hint>`) chooses its moves until every card is face up, and
only then, with nothing left hidden, the solver finishes the game. A no-peek game the
hint leaves with cards still face down is :data:`STUCK`: the player could not finish
it, which proves nothing about the deal (``lost`` always means proved lost).
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import os
import queue
import random
import signal
import stat
import time
from collections.abc import (
    Callable,
    Collection,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from typing import IO, Any

import attrs

from ._arguments import as_int, quote, whole_number
from ._codes import GameCode, Rules
from ._errors import InvalidGameCode, InvalidSurvey
from ._game import Game
from ._grading import played_blind
from ._planner import NODES, SAMPLES
from ._solver import solve
from ._state import State
from ._values import built_once
from ._verdicts import MAX_MEMORY, Verdict, check_budgets

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial share; ``(0, 1)`` for no trials."""
    trials = as_int("trials", trials)
    if trials < 0:
        raise ValueError(f"trials must be a whole number from 0, not {quote(trials)}")
    successes = whole_number("successes", successes, 0, trials)
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@attrs.frozen
@built_once
class Tally:
    """Counts of verdicts, and the winnable share they support."""

    won: int = 0
    lost: int = 0
    unknown: int = 0
    stuck: int = 0
    """No-peek games the player could not finish (:data:`STUCK`): not won."""

    def __attrs_post_init__(self) -> None:
        # Counts no survey can make (negative, fractional) would give a share outside
        # 0-100 % or an interval that is no interval.
        for field in attrs.fields(Tally):
            whole_number(field.name, getattr(self, field.name), 0, 2**63 - 1)

    @property
    def total(self) -> int:
        return self.won + self.lost + self.unknown + self.stuck

    @property
    def interval(self) -> tuple[float, float]:
        """95 % bounds on the winnable share: unknowns counted lost, then counted won."""
        low, _ = wilson(self.won, self.total)
        _, high = wilson(self.won + self.unknown, self.total)
        return low, high

    @classmethod
    def of(
        cls, rows: Iterable[Mapping[str, Any]] | Mapping[str, Mapping[str, Any]]
    ) -> Tally:
        """The tally of survey rows (each a dict with a ``verdict``), or of the rows
        :func:`yukon.survey.read` returns by game code. Raises
        :class:`~yukon.InvalidSurvey` naming the first row (counted from 1) with no
        verdict or one no survey writes."""
        if isinstance(rows, Mapping):
            rows = rows.values()
        tally = cls()
        for number, row in enumerate(rows, 1):
            if not isinstance(row, Mapping):
                raise TypeError(
                    f"row {number} must be a survey row (a dict), not "
                    + type(row).__name__
                )
            if "verdict" not in row:
                raise InvalidSurvey(f"row {number} has no verdict")
            verdict = row["verdict"]
            if not isinstance(verdict, str) or verdict not in _COUNTED:
                raise InvalidSurvey(
                    f"row {number} has the verdict {quote(verdict)}, which no survey "
                    "writes (won, lost, unknown, stuck)"
                )
            tally = tally.add(verdict)
        return tally

    def add(self, verdict: str) -> Tally:
        """This tally with one more ``verdict``: won, lost, unknown or stuck."""
        if verdict not in _COUNTED:
            raise ValueError(
                f"verdict must be won, lost, unknown or stuck, not {quote(verdict)}"
            )
        return Tally(
            self.won + (verdict == Verdict.WON.value),
            self.lost + (verdict == Verdict.LOST.value),
            self.unknown + (verdict == Verdict.UNKNOWN.value),
            self.stuck + (verdict == STUCK),
        )

    def table(self, player: str = "thoughtful") -> str:
        """The closing table of a survey of ``player``'s games: the thoughtful
        player's share is the deals proved winnable; the no-peek player's, the deals
        that player won (one it could not finish proves nothing about the deal)."""
        if player not in PLAYERS:
            raise ValueError(
                f"player is 'thoughtful' or 'no-peek', not {quote(player)}"
            )
        share_of = "winnable" if player == PLAYERS[0] else "won by the no-peek player"
        low, high = self.interval
        share = self.won / self.total if self.total else 0.0
        rows = [
            ("won", self.won),
            ("lost", self.lost),
            ("unknown", self.unknown),
            *([("stuck", self.stuck)] if self.stuck else []),
            ("total", self.total),
        ]
        lines = [f"{name:<8} {count:>8}" for name, count in rows]
        lines.append(
            f"{share_of} {share:8.1%}   95% interval {low:.1%} - {high:.1%} "
            "(unknowns counted lost / won)"
        )
        return "\n".join(lines)


Budget = dict[str, Any]
"""A row's budget: ``max_seconds``, ``max_nodes`` and ``max_memory`` (``None``: none)."""

PROGRESS_EVERY = 10.0
"""Seconds between progress lines written to a file or a pipe (a terminal's one line
is rewritten after every deal)."""

MAX_LINE = 65_536
"""The longest line a survey file may hold, in bytes; a row takes about 150."""
STUCK = "stuck"
"""A no-peek row's verdict when the hint left cards face down: it found no card to
turn up, or the player made :data:`BLIND_MOVES` moves (the planner never has; the
voting hint of the older surveys did)."""
_VERDICTS = frozenset(v.value for v in Verdict)
_COUNTED = _VERDICTS | {STUCK}


def solve_deal(
    code: str,
    max_seconds: float | None,
    max_nodes: int | None,
    max_memory: int | None = MAX_MEMORY,
) -> dict[str, Any]:
    """Solve one deal; the JSON line the survey writes for it, with the budget."""
    solution = solve(
        State.deal(GameCode.parse(code)),
        max_seconds=max_seconds,
        max_nodes=max_nodes,
        max_memory=max_memory,
    )
    return {
        "code": code,
        "verdict": solution.verdict.value,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 4),
        "moves": len(solution.moves),
        "budget": _budget(max_seconds, max_nodes, max_memory),
        "stopped_by": solution.stopped_by,
    }


HINT_SAMPLES = SAMPLES
HINT_NODES = NODES
"""The no-peek player's hints: :meth:`Game.hint`'s defaults."""

PLAYERS = ("thoughtful", "no-peek")
"""Who plays a survey's deals: the solver seeing every card, or the hint and then the
solver once every card is face up."""


def play_blind(
    code: str,
    max_seconds: float | None,
    max_nodes: int | None,
    max_memory: int | None = MAX_MEMORY,
) -> dict[str, Any]:
    """Play one deal as the no-peek player; its JSON line, as :func:`solve_deal`'s.

    The app's hint (:data:`HINT_SAMPLES` guesses of :data:`HINT_NODES` positions each,
    drawn from a generator seeded with the game code, so the row repeats; each plan
    followed to its flip) plays until no card is face down; the budgets are the
    solver's, for the rest. ``hint_moves`` counts the hint's moves and ``face_down`` the
    cards still face down when it stopped: not 0 only when the hint found no card to
    turn up (or :data:`BLIND_MOVES` moves were made), and the verdict is then
    :data:`STUCK`.
    """
    began = time.monotonic()
    game = Game.new(GameCode.parse(code))
    game, played = played_blind(game, random.Random(code), HINT_SAMPLES, HINT_NODES)
    state = game.state
    row: dict[str, Any] = {"code": code, "player": "no-peek"}
    if state.all_face_up:
        solution = solve(
            state, max_seconds=max_seconds, max_nodes=max_nodes, max_memory=max_memory
        )
        verdict, nodes, moves = solution.verdict.value, solution.nodes, solution.moves
        stopped_by = solution.stopped_by
    else:
        verdict, nodes, moves, stopped_by = STUCK, 0, (), None
    return {
        **row,
        "verdict": verdict,
        "nodes": nodes,
        "seconds": round(time.monotonic() - began, 4),
        "moves": played + len(moves),
        "hint_moves": played,
        "face_down": state.face_down_count,
        "budget": _budget(max_seconds, max_nodes, max_memory),
        "stopped_by": stopped_by,
    }


def _budget(
    max_seconds: float | None, max_nodes: int | None, max_memory: int | None
) -> Budget:
    return {
        "max_seconds": max_seconds,
        "max_nodes": max_nodes,
        "max_memory": max_memory,
    }


_Job = tuple[str, float | None, int | None, int | None, str]


def _solve_args(args: _Job) -> dict[str, Any]:
    code, max_seconds, max_nodes, max_memory, player = args
    play = play_blind if player == "no-peek" else solve_deal
    return play(code, max_seconds, max_nodes, max_memory)


def _row(line: bytes) -> tuple[dict[str, Any] | None, str]:
    """A survey row read from one line, or ``None`` and why it is not one."""
    try:
        row = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        return None, "not UTF-8 text"
    except (ValueError, RecursionError):  # RecursionError: nested too deep
        return None, "not a JSON line"
    if not isinstance(row, dict) or not isinstance(row.get("code"), str):
        return None, "no game code"
    try:
        code = GameCode.parse(row["code"])
    except InvalidGameCode:
        return None, "not a game code"
    player = row.get("player", PLAYERS[0])
    if not isinstance(player, str) or player not in PLAYERS:
        return None, "a player that is not thoughtful or no-peek"
    verdict = row.get("verdict")
    if not isinstance(verdict, str) or not (
        verdict in _VERDICTS or (verdict == STUCK and player == "no-peek")
    ):
        return None, "no verdict (won, lost or unknown; stuck for no-peek)"
    budget = row.get("budget")
    if budget is not None and not isinstance(budget, dict):
        return None, "a budget that is not an object"
    return {**row, "code": str(code)}, ""


def read_done(
    path: str, *, bad_line: Callable[[int, str], None] | None = None
) -> dict[str, dict[str, Any]]:
    """The deals an earlier run already wrote, by code (the last row of a deal counts).

    A line that is no survey row (a torn last line, bad JSON, no verdict, bytes that
    are not UTF-8) is passed over and reported to ``bad_line`` with its number: that
    deal is solved again. A line longer than :data:`MAX_LINE` bytes means this is no
    survey file, and raises :class:`~yukon.InvalidSurvey`.
    """
    done: dict[str, dict[str, Any]] = {}
    if not os.path.exists(path):
        return done
    if not stat.S_ISREG(os.stat(path).st_mode):  # a device or a pipe may never end
        raise InvalidSurvey(f"{path} is not a regular file, so not a survey file")
    with open(path, "rb") as lines:
        number = 0
        while line := lines.readline(MAX_LINE + 1):
            number += 1
            if len(line) > MAX_LINE:
                raise InvalidSurvey(
                    f"{path}, line {number}: longer than {MAX_LINE} bytes, so this is "
                    "not a survey file"
                )
            row, why = _row(line)
            if row is None:
                if bad_line is not None and line.strip():
                    bad_line(number, why)
                continue
            done[row["code"]] = row
    return done


def _rows_of(
    paths: Sequence[str | os.PathLike[str]], player: str | None
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each file's rows that count, file by file, with the file's name; every row of
    ``player`` (``None``: of the first row's player). Raises :class:`OSError` for a file
    that cannot be read and :class:`~yukon.InvalidSurvey` for one that is no survey file
    or holds the other player's rows."""
    if isinstance(paths, str):
        raise TypeError("paths must be a sequence of file names, not one name")
    names = [file_name(f"paths[{n}]", path) for n, path in enumerate(paths)]
    for path in names:
        with open(path, "rb"):
            pass  # a missing file is a mistake here, not an empty survey
        for code, row in read_done(path).items():
            player = player or row.get("player", PLAYERS[0])
            if row.get("player", PLAYERS[0]) != player:
                raise InvalidSurvey(
                    f"{path} holds {row.get('player', PLAYERS[0])} rows ({code}), "
                    f"not the {player} player's"
                )
            yield path, row


def file_name(name: str, value: object) -> str:
    """``value``, a file name (text or a path), as text; else :class:`TypeError`
    naming the argument (a number would be read as a file descriptor)."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a file name, not {type(value).__name__}")
    return value


def fold(paths: Sequence[str | os.PathLike[str]]) -> list[dict[str, Any]]:
    """One row per deal from the survey files ``paths``, in deal order: a first pass
    over a range of deals, then passes that solved its unknown deals again with larger
    budgets. A deal keeps the first row that settled it (a verdict is a proof,
    whatever budget a later pass had) or, if none did, its row from the last file that
    has it: the largest budget tried. Each row keeps the ``budget`` it was solved
    with. Raises :class:`~yukon.InvalidSurvey` for a file that is no survey file, for
    files of two players, or when two files settle a deal differently (both cannot be
    proofs)."""
    kept: dict[str, dict[str, Any]] = {}
    for path, row in _rows_of(paths, None):
        code = row["code"]
        before = kept.get(code)
        if before is None or before["verdict"] not in _SETTLED:
            kept[code] = row
        elif row["verdict"] in _SETTLED and row["verdict"] != before["verdict"]:
            raise InvalidSurvey(
                f"{code} is {before['verdict']} in one file and {row['verdict']} "
                f"in {path}"
            )
    return sorted(kept.values(), key=lambda row: GameCode.parse(row["code"]).number)


_SETTLED = frozenset((Verdict.WON.value, Verdict.LOST.value))


def _smaller(old: object, new: Budget) -> bool:
    """Whether budget ``old`` (from a row; anything else: not recorded) allows less
    than ``new`` in some way and more in none (``None`` is no bound)."""
    if not isinstance(old, dict):
        return True
    less = False
    for name, bound in new.items():
        was = old.get(name)
        if was == bound:
            continue
        if bound is not None and (was is None or not isinstance(was, (int, float))):
            return False  # the old one was unbounded (or unreadable) here
        if bound is None or was < bound:
            less = True
        else:
            return False
    return less


def left_unknown(
    paths: Sequence[str], rules: Rules, numbers: range, player: str = "thoughtful"
) -> list[int]:
    """The deals of ``numbers`` under ``rules`` that the surveys in ``paths`` left
    unknown, in deal order: a row of some file says ``UNKNOWN`` and no file's row says
    ``WON`` or ``LOST`` (a verdict is a proof, whatever budget another run had). A
    deal with no row in them is not one. Raises :class:`OSError` for a file that
    cannot be read and :class:`~yukon.InvalidSurvey` for one that is no survey file or
    holds the other player's rows."""
    unknown: set[str] = set()
    settled: set[str] = set()
    for _, row in _rows_of(paths, player):
        is_unknown = row["verdict"] == Verdict.UNKNOWN.value
        (unknown if is_unknown else settled).add(row["code"])
    deals = map(GameCode.parse, unknown - settled)
    return sorted(d.number for d in deals if d.rules is rules and d.number in numbers)


class SchedulerUnreachable(ConnectionError):
    """The Dask scheduler a survey was sent to cannot be reached (a ``ConnectionError``,
    so an ``OSError``: told apart from the output file's errors by its type)."""


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is for the survey's own process, which ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _window(
    jobs: Iterator[_Job], size: int, submit: Callable[[_Job], None]
) -> tuple[int, Callable[[], bool]]:
    """Submits the first ``size`` jobs, then one more each time the returned function
    is called (it says whether there was one): no more than ``size`` jobs are ever in
    flight, or in memory. Also returns how many were submitted first."""
    first = 0
    for job in itertools.islice(jobs, size):
        submit(job)
        first += 1

    def another() -> bool:
        job = next(jobs, None)
        if job is not None:
            submit(job)
        return job is not None

    return first, another


def _local(jobs: Iterator[_Job], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        yield from map(_solve_args, jobs)
        return
    results: queue.SimpleQueue[dict[str, Any] | BaseException] = queue.SimpleQueue()
    context = multiprocessing.get_context("spawn")
    # Leaving the block terminates the workers, also on Ctrl-C or an error.
    with context.Pool(workers, initializer=_ignore_interrupts) as pool:

        def submit(job: _Job) -> None:
            pool.apply_async(
                _solve_args, (job,), callback=results.put, error_callback=results.put
            )

        pending, another = _window(jobs, 2 * workers, submit)
        while pending:
            row = results.get()
            if isinstance(row, BaseException):
                raise row
            pending += another() - 1
            yield row


def _dask(jobs: Iterator[_Job], scheduler: str) -> Iterator[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError as missing:
        raise ImportError(
            "surveys on Dask need the extra: pip install 'yukon[dask]'"
        ) from missing
    try:
        client = Client(scheduler)  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as failure:  # no answer, or no scheduler address
        raise SchedulerUnreachable(
            f"cannot reach the Dask scheduler {quote(scheduler)}: {failure}"
        ) from None
    with client:
        waiting = as_completed()  # type: ignore[no-untyped-call]
        cores = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]

        def submit(job: _Job) -> None:
            waiting.add(client.submit(_solve_args, job, pure=False))  # type: ignore[no-untyped-call]

        _, another = _window(jobs, 2 * cores, submit)
        for future in waiting:
            yield future.result()
            another()


def survey(
    rules: Rules,
    start: int,
    count: int,
    out: str,
    *,
    workers: int | None = None,
    max_seconds: float | None = 30.0,
    max_nodes: int | None = None,
    max_memory: int | None = MAX_MEMORY,
    retry_unknown: bool = False,
    unknown_in: Sequence[str] = (),
    player: str = "thoughtful",
    scheduler: str | None = None,
    progress: IO[str] | None = None,
    bad_line: Callable[[int, str], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Tally:
    """Solve deals ``start`` to ``start + count - 1`` under ``rules``, appending one JSON
    line per deal to ``out`` and skipping deals already there; the tally of all of them.

    With ``retry_unknown``, an ``UNKNOWN`` row whose budget was smaller than this one
    (or not recorded) is solved again; the new row, written after it, is the one that
    counts. With ``unknown_in``, a sequence of earlier survey files, only the deals
    they left unknown are solved (see :func:`left_unknown`), and the tally is theirs:
    a pass with a larger budget over what a smaller one left open, written to a file
    of its own. ``player`` is ``"thoughtful"`` or ``"no-peek"`` (see the module notes); a
    file holds one player's rows, and a row of the other in ``out`` raises
    :class:`~yukon.InvalidSurvey`. Lines of ``out`` that are no survey row go to ``bad_line`` (see
    :func:`read_done`). Jobs are made as workers free up, so memory does not grow with
    ``count``. Every finished deal is on disk before the next is reported, so an
    interrupted survey loses only the deals being solved.
    """
    max_nodes, max_seconds, max_memory = check_budgets(
        max_nodes, max_seconds, max_memory
    )
    budget = _budget(max_seconds, max_nodes, max_memory)
    if workers is not None:
        workers = whole_number("workers", workers, 1, 4096)
    if player not in PLAYERS:
        raise ValueError(f"player is 'thoughtful' or 'no-peek', not {quote(player)}")
    with open(out, "a", encoding="utf-8"):
        pass  # can it be written? (an OSError, before any work)
    if isinstance(unknown_in, str):
        raise TypeError("unknown_in must be a sequence of file names, not one name")
    span = range(start, start + count)
    numbers: Sequence[int] = span
    chosen: Collection[int] = span
    if unknown_in:
        numbers = left_unknown(unknown_in, rules, span, player)
        chosen = frozenset(numbers)
    done = read_done(out, bad_line=bad_line)
    tally = Tally()
    again: set[str] = set()
    for code, row in done.items():
        if row.get("player", PLAYERS[0]) != player:
            raise InvalidSurvey(
                f"{out} holds {row.get('player', PLAYERS[0])} rows ({code}): a "
                f"survey of the {player} player needs a file of its own"
            )
        parsed = GameCode.parse(code)
        if parsed.rules is not rules or parsed.number not in chosen:
            continue
        retry = retry_unknown and row["verdict"] == Verdict.UNKNOWN.value
        if retry and _smaller(row.get("budget"), budget):
            again.add(code)
            continue
        tally = tally.add(row["verdict"])
    left = len(numbers) - tally.total

    def jobs() -> Iterator[_Job]:
        for number in numbers:
            code = str(GameCode(number, rules))
            if code not in done or code in again:
                yield (code, max_seconds, max_nodes, max_memory, player)

    results: Iterable[dict[str, Any]]
    if scheduler is not None:
        results = _dask(jobs(), scheduler)
    else:
        results = _local(jobs(), workers or os.cpu_count() or 1)
    began = clock()
    torn = os.path.exists(out) and _ends_without_newline(out)
    terminal = progress is not None and progress.isatty()
    shown = -math.inf
    with open(out, "a", encoding="utf-8") as sink:
        if torn:  # a run stopped mid-line: start clean after it
            sink.write("\n")
        for finished, row in enumerate(results, 1):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            tally = tally.add(row["verdict"])
            now = clock()
            if progress is None or not (
                terminal or finished == left or now - shown >= PROGRESS_EVERY
            ):
                continue
            shown = now
            rate = finished / max(now - began, 1e-9)
            line = (
                f"{tally.total}/{len(numbers)} deals, {rate:.2f} deals/s, "
                f"about {_duration((left - finished) / rate)} left"
            )
            # On a terminal one line is rewritten; in a file or pipe each is a line.
            progress.write(f"\r{line}" if terminal else f"{line}\n")
            progress.flush()
    if terminal and progress is not None and left:
        progress.write("\n")
    return tally


def _ends_without_newline(path: str) -> bool:
    with open(path, "rb") as data:
        data.seek(0, os.SEEK_END)
        if data.tell() == 0:
            return False
        data.seek(-1, os.SEEK_END)
        return data.read(1) != b"\n"


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
