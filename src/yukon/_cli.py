"""The ``yukon`` command line.

- ``yukon deal CODE [MOVE ...]`` prints the position after the moves (none: the deal),
  the score, the move counter and the legal moves.
- ``yukon solve CODE`` prints the solver's verdict, time, positions and winning line.
- ``yukon survey --rules C --start N --count K [--out FILE]`` solves a range of deals.
- ``yukon deal --winnable [--grade G]`` shows a deal the solver proved winnable.
- ``yukon daily [DATE]`` shows the deal of the day (today's by default).
- ``yukon grade CODE`` says how hard a deal is for a player who cannot see the
  face-down cards, and the measure behind it.
- ``yukon play [CODE]`` plays in the terminal (needs ``yukon[play]``).

Bad input prints the error and exits with status 2, as argparse does for bad options.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections.abc import Collection, Sequence

from . import __version__
from ._arguments import quote
from ._codes import DEAL_COUNT, GameCode, Rules
from ._deals import daily, winnable
from ._errors import InvalidSurvey, YukonError
from ._game import Game
from ._grading import Grade, Grading, grading, known_grading
from ._solver import COMPILED_SOLVER, solve
from ._state import State
from ._survey import PLAYERS, SchedulerUnreachable, left_unknown, read_done, survey
from ._verdicts import MAX_MEMORY


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="yukon", description="Yukon solitaire, as the app plays it."
    )
    parser.add_argument("--version", action="version", version=f"yukon {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    show = commands.add_parser(
        "deal",
        help="show a deal (and the position after some moves)",
        description="Print the layout of a game code, face-down cards in [brackets], "
        "then the score and the legal moves in move text.",
    )
    show.add_argument(
        "code", nargs="?", help="a game code such as YU1-C-AAAAAAB (or --winnable)"
    )
    show.add_argument("moves", nargs="*", help="moves to play first, e.g. 6C>1 AH>F")
    show.add_argument(
        "--winnable",
        action="store_true",
        help="a random deal the solver proved winnable, instead of CODE",
    )
    show.add_argument(
        "--grade",
        choices=[grade.value for grade in Grade if grade.winnable],
        help="with --winnable: a deal of this grade",
    )
    show.add_argument("--rules", choices=["C", "R", "c", "r"], default="C")

    day = commands.add_parser(
        "daily",
        help="show the deal of the day",
        description="Print the daily deal of DATE (default: today, by this computer's "
        "clock): one winnable deal per day, the same in every release; Monday and "
        "Tuesday easy, Wednesday and Thursday medium, Friday and Sunday hard, "
        "Saturday hardest.",
    )
    day.add_argument("date", nargs="?", help="a day, YYYY-MM-DD (default: today)")
    day.add_argument("--rules", choices=["C", "R", "c", "r"], default="C")

    rate = commands.add_parser(
        "grade",
        help="how hard is a deal for a player who cannot see the face-down cards?",
        description="Print the grade of CODE's deal (easy, medium, hard, hardest, or "
        "lost when it cannot be won) and the measure behind it: the no-peek player's "
        "games won over several guesses of the hidden cards. Deals in the package's "
        "catalog answer at once; others take 10 to 30 seconds.",
    )
    rate.add_argument("code", help="a game code such as YU1-C-AAAAAAB")

    solver = commands.add_parser(
        "solve",
        help="is a deal winnable? (the solver sees face-down cards)",
        description="Solve a deal with every card visible: print the verdict (won, "
        "lost or unknown), the time, the positions searched and the winning line.",
    )
    solver.add_argument("code", help="a game code such as YU1-C-AAAAAAB")
    _budgets(solver)

    poll = commands.add_parser(
        "survey",
        help="solve a range of deals; JSON lines out, a table at the end",
        description="Solve deals START to START+COUNT-1, one JSON line per deal in FILE. "
        "Deals already in FILE are not solved again, so a survey can be resumed.",
    )
    poll.add_argument(
        "--rules",
        choices=["C", "R", "c", "r"],
        default="C",
        help="the rules of the deals: C classic, R relaxed (default: C)",
    )
    poll.add_argument(
        "--start",
        type=int,
        default=1,
        metavar="N",
        help="the first deal (default: 1, where the published surveys start)",
    )
    poll.add_argument("--count", type=int, required=True, metavar="K")
    poll.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="W",
        help="processes to solve in (default: one per core)",
    )
    _budgets(poll)
    poll.add_argument(
        "--retry-unknown",
        action="store_true",
        help="solve again the unknown deals in FILE whose budget was smaller",
    )
    poll.add_argument(
        "--unknown-in",
        action="append",
        default=[],
        metavar="EARLIER",
        help="solve only the deals the survey file EARLIER left unknown (repeat it for "
        "several files: the deals none of them settled); for a pass with a larger "
        "budget into a file of its own",
    )
    poll.add_argument(
        "--player",
        choices=PLAYERS,
        default="thoughtful",
        help="thoughtful: the solver sees every card (default); no-peek: the hint "
        "plays until every card is face up, then the solver",
    )
    poll.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="a Dask scheduler to run on (needs yukon[dask])",
    )
    poll.add_argument(
        "--out",
        default=None,
        metavar="FILE",
        help="the survey file, made or resumed (default: survey-RULES-START-COUNT.jsonl "
        "in this folder, nopeek-... for the no-peek player)",
    )

    game = commands.add_parser(
        "play",
        help="play in this terminal (needs yukon[play])",
        description="Play Yukon in the terminal: CODE's deal, or a random deal.",
    )
    game.add_argument("code", nargs="?", help="a game code (default: a random deal)")
    game.add_argument(
        "--rules",
        choices=["C", "R", "c", "r"],
        default="C",
        help="the rules of a random deal: C classic, R relaxed (default: C; a game "
        "code names its own)",
    )
    game.add_argument(
        "--hebrew",
        action="store_true",
        help="say why moves are refused, and hints, in Hebrew",
    )
    game.add_argument(
        "--save",
        default="yukon-save.json",
        metavar="FILE",
        help="where S saves the game and L loads it (default: yukon-save.json)",
    )
    service = commands.add_parser(
        "serve",
        help="the JSON game service (needs yukon[server])",
        description="Serve games as JSON over HTTP, kept in a SQLite file; see the "
        "docs' page on the game service for its endpoints.",
    )
    service.add_argument("--host", default="127.0.0.1", help="default: 127.0.0.1")
    service.add_argument(
        "--port", type=int, default=8001, help="default: 8001; 0 picks a free one"
    )
    service.add_argument(
        "--db",
        default="yukon-games.sqlite3",
        metavar="FILE",
        help="the SQLite file the games live in (default: yukon-games.sqlite3)",
    )
    service.add_argument(
        "--max-live",
        type=int,
        default=2_000,
        metavar="N",
        help="games kept in memory; the rest wait in the file (default: 2000)",
    )
    service.add_argument(
        "--read-timeout",
        type=float,
        default=5.0,
        metavar="S",
        help="seconds a request may take to arrive (default: 5)",
    )
    service.add_argument(
        "--durable",
        action="store_true",
        help="sync the disk on every move, so no answered move is lost even to a "
        "power cut (default: every move survives a crash of the process)",
    )
    service.add_argument("--access-log", action="store_true", help="log every request")
    game.add_argument(
        "--statistics",
        default=None,
        metavar="FILE",
        help="where your record is kept (default: yukon-statistics.json beside the "
        "save file)",
    )
    return parser


def _serve(args: argparse.Namespace) -> int:
    if not 0 <= args.port < 65536:
        return _fail(f"--port must be from 0 to 65535, not {args.port}")
    if args.max_live < 1 or not 0 < args.read_timeout <= 3600:
        return _fail("--max-live must be at least 1, --read-timeout 0-3600 seconds")
    try:
        from .server import Limits, serve
    except ImportError:
        return _fail(
            "yukon serve needs Starlette and uvicorn: pip install 'yukon[server]'"
        )
    limits = Limits(max_live=args.max_live, read_timeout=args.read_timeout)
    serve(
        host=args.host,
        port=args.port,
        db=args.db,
        limits=limits,
        durable=args.durable,
        access_log=args.access_log,
    )
    return 0


def _budgets(command: argparse.ArgumentParser) -> None:
    """The budget options of a command that solves."""
    command.add_argument(
        "--max-seconds",
        type=float,
        default=30.0,
        metavar="S",
        help="time for each deal (default: 30)",
    )
    command.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        metavar="N",
        help="positions for each deal (default: no bound)",
    )
    command.add_argument(
        "--max-memory",
        type=_bytes,
        default=MAX_MEMORY,
        metavar="BYTES",
        help="memory for each deal, e.g. 512M or 4G (default: 2G)",
    )


_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _bytes(text: str) -> int:
    """A size such as ``4G`` (binary units: K, M, G, T) or a plain number of bytes."""
    number, unit = text[:-1], text[-1:].upper()
    if unit not in _UNITS:
        number, unit = text, ""
    if not (number.isascii() and number.isdigit()) or len(number) > 20:
        raise argparse.ArgumentTypeError(f"not a size in bytes: {quote(text)}")
    return int(number) * _UNITS[unit]


def render(game: Game) -> str:
    """The text ``yukon deal`` prints for ``game``."""
    state = game.state
    legal = state.legal_moves()
    lines = [f"{game.code} ({state.rules.name.lower()})", str(state)]
    lines.append(f"Moves: {game.move_count}")
    if state.is_won:
        lines.append("Won.")
    lines.append(f"Legal moves ({len(legal)}): " + " ".join(str(m) for m in legal))
    return "\n".join(lines)


def _fail(message: str) -> int:
    print(f"yukon: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "solve":
        return _solve(args)
    if args.command == "survey":
        return _survey(args)
    if args.command == "play":
        return _play(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "daily":
        return _daily(args)
    if args.command == "grade":
        return _grade(args)
    if args.winnable == (args.code is not None):
        return _fail("give a game code or --winnable (not both)")
    if args.grade is not None and not args.winnable:
        return _fail("--grade goes with --winnable")
    try:
        if args.winnable:
            grade = None if args.grade is None else Grade(args.grade)
            args.code = str(winnable(args.rules.upper(), grade=grade))
        game = Game.new(args.code)
    except YukonError as error:
        return _fail(str(error))
    for number, move in enumerate(args.moves, 1):
        try:
            game = game.play(move)
        except YukonError as error:
            return _fail(f"move {number} ({quote(move)}): {error}")
    print(render(game))
    known = known_grading(args.code) if args.winnable else None
    if known is not None:
        print(f"Grade: {describe_grading(known)}")
    return 0


def describe_grading(graded: Grading) -> str:
    """A grading in words: ``easy (the no-peek player won 6 of 6 games)``."""
    if graded.wins is None:
        return f"{graded.grade.value} (the solver proved it cannot be won)"
    return (
        f"{graded.grade.value} (the no-peek player won {graded.wins} of "
        f"{graded.guesses} games)"
    )


def _daily(args: argparse.Namespace) -> int:
    try:
        day = (
            datetime.date.today()
            if args.date is None
            else datetime.date.fromisoformat(args.date)
        )
    except ValueError:
        return _fail(f"a day is written YYYY-MM-DD, not {quote(args.date)}")
    code = daily(day, args.rules.upper())
    print(f"{day.isoformat()} ({day.strftime('%A')}): {code}")
    print(render(Game.new(code)))
    known = known_grading(code)
    if known is not None:  # every daily deal is graded in the catalog
        print(f"Grade: {describe_grading(known)}")
    return 0


def _grade(args: argparse.Namespace) -> int:
    try:
        graded = grading(args.code)
    except YukonError as error:
        if isinstance(error, ValueError):
            return _fail(str(error))
        print(f"yukon: {error}", file=sys.stderr)
        return 1
    where = "the package's catalog" if graded.from_catalog else "measured now"
    print(f"{graded.code}: {describe_grading(graded)}; {where}")
    return 0


def _play(args: argparse.Namespace) -> int:
    try:
        code = None if args.code is None else GameCode.parse(args.code)
    except YukonError as error:
        return _fail(str(error))
    try:
        from .play import run
    except ImportError:
        return _fail("yukon play needs Textual: pip install 'yukon[play]'")
    rules = Rules(args.rules.upper())
    run(
        code,
        rules=rules,
        language="he" if args.hebrew else "en",
        save_path=args.save,
        statistics_path=args.statistics,
    )
    return 0


def _solve(args: argparse.Namespace) -> int:
    try:
        code = GameCode.parse(args.code)
    except YukonError as error:
        return _fail(str(error))
    try:
        solution = solve(
            State.deal(code),
            max_seconds=args.max_seconds,
            max_nodes=args.max_nodes,
            max_memory=args.max_memory,
        )
    except (TypeError, ValueError) as error:
        return _fail(str(error))
    print(f"{code}: {solution.verdict.value}")
    how = "compiled" if COMPILED_SOLVER else "pure Python: the C core was not built"
    print(f"time {solution.seconds:.2f}s, {solution.nodes} positions searched ({how})")
    if solution.stopped_by is not None:
        print(f"stopped by the {_BUDGET_NAMES[solution.stopped_by]} budget")
    if solution.moves:
        print(f"winning line ({len(solution.moves)} moves):")
        print(" ".join(str(move) for move in solution.moves))
    return 0


_BUDGET_NAMES = {"nodes": "positions", "seconds": "time", "memory": "memory"}


def _survey(args: argparse.Namespace) -> int:
    if args.count < 1 or args.start < 0 or args.start + args.count > DEAL_COUNT:
        return _fail(f"deals run from 0 to {DEAL_COUNT - 1}")
    rules = Rules(args.rules.upper())
    if args.out is None:
        kind = "survey" if args.player == "thoughtful" else "nopeek"
        args.out = f"{kind}-{rules.letter}-{args.start}-{args.count}.jsonl"

    def bad_line(number: int, why: str) -> None:
        print(
            f"yukon: {args.out}, line {number}: {why}; that deal is solved again",
            file=sys.stderr,
        )

    try:
        tally = survey(
            rules,
            args.start,
            args.count,
            args.out,
            workers=args.workers,
            max_seconds=args.max_seconds,
            max_nodes=args.max_nodes,
            max_memory=args.max_memory,
            retry_unknown=args.retry_unknown,
            unknown_in=args.unknown_in,
            player=args.player,
            scheduler=args.scheduler,
            progress=sys.stderr,
            bad_line=bad_line,
        )
    except ImportError as error:  # --scheduler without the dask extra
        return _fail(str(error))
    except SchedulerUnreachable as error:
        return _fail(str(error))
    except OSError as error:
        if error.filename in args.unknown_in:
            return _fail(f"cannot read {error.filename}: {error.strerror or error}")
        return _fail(f"cannot write {args.out}: {error.strerror or error}")
    except (TypeError, ValueError) as error:  # a budget, --workers, or InvalidSurvey
        return _fail(str(error))
    except KeyboardInterrupt:
        saved, chosen = _saved(args)
        print(
            f"\nyukon: survey stopped: {saved} of {chosen} deals are saved in "
            f"{args.out}; run the same command again to go on",
            file=sys.stderr,
        )
        return 130
    print(tally.table(args.player))
    print(f"rows in {args.out}")
    return 0


def _saved(args: argparse.Namespace) -> tuple[int, int]:
    """How many of the survey's deals its file holds, and how many it has."""
    rules = Rules(args.rules.upper())
    span = range(args.start, args.start + args.count)
    numbers: Collection[int] = span
    try:
        if args.unknown_in:
            numbers = left_unknown(args.unknown_in, rules, span, args.player)
        done = read_done(args.out)
    except (OSError, InvalidSurvey):
        return 0, len(numbers)
    saved = sum(
        1
        for code in map(GameCode.parse, done)
        if code.rules is rules and code.number in numbers
    )
    return saved, len(numbers)


def main_exit() -> None:
    """Entry point of the ``yukon`` console script (and ``python -m yukon``).

    A reader that stops early (``yukon deal CODE | head``) closes the pipe: that ends
    the command quietly, as it ends other Unix tools, instead of with a traceback."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would try to flush stdout again at exit and complain: point it at
        # nothing first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    sys.exit(status)
