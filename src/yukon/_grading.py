"""Grades: how hard a deal is for a player who cannot see the face-down cards.

The measure is the *no-peek player's* record on the deal: the app's hint (the planner,
at half its default budget) followed blindly until every card is face up, then the
solver finishes (nothing is hidden any more). The hint guesses the hidden cards at
random, so each game is one draw of its guesses; a deal is played :data:`GUESSES` times,
game ``i`` drawing from ``random.Random(f"{code}/{i}")``, and the number of games won is
the measure. The grades' thresholds on it were calibrated on one range of deals and
checked on another (docs/research.md, "Grades").
"""

from __future__ import annotations

import enum
import random

import attrs

from ._arguments import instance, quote
from ._catalog import catalog
from ._codes import GameCode
from ._errors import CannotGrade
from ._game import Game
from ._planner import Line
from ._solver import solve
from ._state import State
from ._verdicts import Verdict

GUESSES = 6
"""How many no-peek games grade a deal, each drawing its own guesses of the hidden
cards."""
HINT_SAMPLES = 4
HINT_NODES = 1_000
"""The grading player's hint: half :meth:`Game.hint`'s defaults in both, for about
half the cost of a game (a second or two with the compiled core)."""
BLIND_MOVES = 1_000
"""The most moves the no-peek player makes before giving up (a survey's ``stuck``):
enough for any game the hint plays with purpose (wins take 100 to 200). The hint never
goes back to a board since the last flip, so a game cannot go round in circles up to
it."""
FINISH_NODES = 200_000
"""The solver's node budget for finishing a game once every card is face up: a node
budget, not a time budget, so the measure is the same on every machine."""


def played_blind(
    game: Game, rng: random.Random, samples: int, max_nodes: int
) -> tuple[Game, int]:
    """``game`` played by the hint (``samples`` guesses of ``max_nodes`` positions) until
    no card is face down, it has no hint, or :data:`BLIND_MOVES` moves were made, each
    plan followed to its flip without asking again; with the number of moves played."""
    played = 0
    line: Line = ()
    while not game.state.all_face_up and played < BLIND_MOVES:
        if not line:
            advised = game.hint(rng=rng, samples=samples, max_nodes=max_nodes)
            if advised is None:
                break
            line = (advised.move, *advised.plan)
        game = game.play(line[0])
        line = line[1:]
        played += 1
    return game, played


def no_peek_won(code: GameCode, guess: int) -> bool:
    """Whether the no-peek player wins ``code`` with guess number ``guess``."""
    game, _ = played_blind(
        Game.new(code), random.Random(f"{code}/{guess}"), HINT_SAMPLES, HINT_NODES
    )
    if not game.state.all_face_up:
        return False
    return solve(game.state, max_nodes=FINISH_NODES).verdict is Verdict.WON


class Grade(enum.Enum):
    """How hard a deal is for a player who cannot see the face-down cards, from
    :attr:`EASY` to :attr:`HARDEST` for a winnable deal; :attr:`LOST` for a deal the
    solver proved cannot be won. Each grade holds the deals on which the no-peek
    player won at least :data:`GRADE_WINS` of :data:`GUESSES` games."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    HARDEST = "hardest"
    LOST = "lost"

    @property
    def winnable(self) -> bool:
        return self is not Grade.LOST

    @classmethod
    def parse(cls, text: str) -> Grade:
        """A grade from its name, ``"easy"`` to ``"lost"`` (any letter case)."""
        if not isinstance(text, str):
            raise TypeError(f"a grade is text, not {type(text).__name__}")
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(grade.value for grade in cls)
            raise ValueError(f"a grade is one of {names}, not {quote(text)}") from None


WINNABLE_GRADES = (Grade.EASY, Grade.MEDIUM, Grade.HARD, Grade.HARDEST)

GRADE_WINS = {Grade.EASY: 6, Grade.MEDIUM: 4, Grade.HARD: 1, Grade.HARDEST: 0}
"""The fewest no-peek games of :data:`GUESSES` won that a winnable deal of each grade
has: calibrated on deals 1-138 of the classic rules so the four grades hold as nearly
equal shares of them as whole numbers of wins allow (research/grading.py), and checked
on deals 5001-5118."""


def grade_of(wins: int) -> Grade:
    """The grade of a winnable deal on which the no-peek player won ``wins`` games."""
    return next(grade for grade in WINNABLE_GRADES if wins >= GRADE_WINS[grade])


GRADE_NODES = 5_000_000
"""The solver's node budget for proving a deal outside the catalog won or lost."""


@attrs.frozen
class Grading:
    """A deal's :class:`Grade` and the measure behind it."""

    code: GameCode
    grade: Grade
    wins: int | None
    """No-peek games won of :attr:`guesses`; ``None`` for a deal proved lost."""
    guesses: int
    from_catalog: bool
    """Read from the package's catalog (no search), rather than measured now."""

    @property
    def share(self) -> float | None:
        """The share of the no-peek games won; ``None`` for a deal proved lost."""
        return None if self.wins is None else self.wins / self.guesses


def known_grading(code: GameCode | str) -> Grading | None:
    """The grading the package's catalog holds for ``code``, or ``None``: no search,
    so it answers at once (and in the browser)."""
    code = _as_code(code)
    wins = catalog().wins.get(code.rules, {}).get(code.number)
    if wins is None:
        return None
    return Grading(code, grade_of(wins), wins, catalog().guesses, True)


def grading(code: GameCode | str) -> Grading:
    """``code``'s grade and the measure behind it: from the catalog when it holds the
    deal, otherwise measured now (the solver, then :data:`GUESSES` no-peek games: 10
    to 30 s with the compiled core, relaxed deals the longest). Raises
    :class:`~yukon.CannotGrade` when the solver neither proves the deal won or lost
    within :data:`GRADE_NODES` positions and no no-peek game wins it."""
    code = _as_code(code)
    known = known_grading(code)
    if known is not None:
        return known
    verdict = Verdict.WON
    if not catalog().is_proven(code):
        verdict = solve(State.deal(code), max_nodes=GRADE_NODES).verdict
    if verdict is Verdict.LOST:
        return Grading(code, Grade.LOST, None, GUESSES, False)
    wins = sum(no_peek_won(code, guess) for guess in range(GUESSES))
    if verdict is Verdict.UNKNOWN and not wins:
        raise CannotGrade(
            f"{code}: the solver proved it neither won nor lost in {GRADE_NODES:,} "
            "positions, and the no-peek player did not win it"
        )
    return Grading(code, grade_of(wins), wins, GUESSES, False)


def grade(code: GameCode | str) -> Grade:
    """How hard ``code``'s deal is for a player who cannot see the face-down cards
    (see :class:`Grade` and :func:`grading`, which also gives the measure)."""
    return grading(code).grade


def _as_code(code: object) -> GameCode:
    if isinstance(code, str):
        return GameCode.parse(code)
    return instance("code", code, GameCode, "a GameCode or a game code's text")
