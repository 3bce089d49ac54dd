"""The ``yukon`` command line: show a deal, play moves on it.

``yukon deal CODE [MOVE ...]`` prints the position after the moves (none: the deal), the
score, the move counter and the legal moves. Bad input prints the error and exits with
status 2, as argparse does for bad options.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from ._errors import YukonError
from ._game import Game


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
    show.add_argument("code", help="a game code such as YU1-C-AAAAAAB")
    show.add_argument("moves", nargs="*", help="moves to play first, e.g. 6C>1 AH>F")
    return parser


def render(game: Game) -> str:
    """The text ``yukon deal`` prints for ``game``."""
    state = game.state
    legal = state.legal_moves()
    lines = [f"{game.code} ({state.rules.name.lower()})", str(state)]
    lines.append(f"Moves: {game.moves}")
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
    try:
        game = Game.new(args.code)
    except YukonError as error:
        return _fail(str(error))
    for number, move in enumerate(args.moves, 1):
        try:
            game = game.play(move)
        except YukonError as error:
            return _fail(f"move {number} ({move}): {error}")
    print(render(game))
    return 0


def main_exit() -> None:
    """Entry point of the ``yukon`` console script."""
    sys.exit(main())
