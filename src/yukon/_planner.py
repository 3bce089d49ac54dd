"""The hint: a planner that plays the game a player sees, never reading a face-down card.

Everything face up is known, so until the next card turns up the game is deterministic:
the planner searches every board reachable without turning a card up (breadth first, at
most :data:`BOARDS` of them, :data:`WIDER` when none of those turns one up), and each
shortest line of moves that ends by turning a card up is a candidate (past
:data:`WIDER` boards, the lines of the solver's wins of guesses up to their first flip,
else lines found depth first through :data:`DEEPER` boards). The candidates are
judged by hindsight: guesses of the face-down cards (shuffles of the cards no player has
seen, into the same places) are solved after each line, and the line that wins the most
guesses is the plan. Few guesses with small searches shortlist the candidates, more and
larger ones choose among the shortlist. When every board reachable without a flip was
searched and none turns a card up, the blind game is over: there is no hint (nor when
none was found among :data:`DEEPER` boards).

A plan is followed to its flip: :meth:`yukon.Game.hint` works it out again from the
board after the last flip and gives its next move while the game has followed it, so a
frontend asking after every move gets the advice of one plan; a player that holds the
:class:`~yukon.Hint` may play its :attr:`~yukon.Hint.plan` instead of asking again
(the no-peek survey's player does). Nothing is remembered between calls.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection, Sequence

import attrs

from ._arguments import instance, whole_number
from ._deprecated import renamed
from ._hint import Hint, advise
from ._moves import Move
from ._solver import solve
from ._state import State, board
from ._verdicts import MAX_MEMORY, Verdict, check_budgets

BOARDS = 200
"""Boards searched for lines that turn a card up."""
WIDER = 2_000
"""Boards searched when none of the first :data:`BOARDS` turns a card up."""
DEEPER = 10_000
"""Boards searched depth first for lines to a flip when the breadth-first search and
the guesses found none: long lines, but each ends by turning a card up."""
CANDIDATES = 40
"""The most lines judged, shortest first."""
SHORTLIST = 6
"""How many lines the first, cheaper judging keeps for the second."""
SAMPLES = 8
NODES = 2_000
"""The hint's default judging: guesses, and positions searched in each. With
:data:`CANDIDATES` and :data:`SHORTLIST`, the budget the planner was tuned with (classic
deals 50001-50200); a smaller one (6 guesses of 1 500, a third of them of 500 for the
shortlist, 24 lines, 4 shortlisted) won 18 of deals 50001-50046 where this won 27."""

Line = tuple[Move, ...]


@attrs.frozen
class Budget:
    """How hard the planner judges: ``samples`` guesses of ``max_nodes`` positions each
    choose among the :attr:`shortlist`, which :attr:`first_samples` guesses of
    :attr:`first_nodes` positions make from at most :attr:`candidates` lines."""

    samples: int
    max_nodes: int
    max_memory: int | None = MAX_MEMORY
    candidates: int = CANDIDATES
    shortlist: int = SHORTLIST
    first_samples: int = -1
    """-1: a quarter of :attr:`samples` (at least one when there are any)."""
    first_nodes: int = -1
    """-1: half :attr:`max_nodes`."""

    def __attrs_post_init__(self) -> None:
        if self.first_samples < 0:
            first = max(1, self.samples // 4) if self.samples else 0
            object.__setattr__(self, "first_samples", first)
        if self.first_nodes < 0:
            object.__setattr__(self, "first_nodes", max(1, self.max_nodes // 2))


def checked_budget(
    samples: object, max_nodes: object, max_memory: object = MAX_MEMORY
) -> Budget:
    """The hint's budget from its arguments, each checked as the solver's are."""
    count = whole_number("samples", samples, 0, 1_000_000)
    nodes, _, memory = check_budgets(max_nodes, None, max_memory)
    if nodes is None:
        raise TypeError("max_nodes must be a whole number, not NoneType")
    return Budget(count, nodes, memory)


def closure(
    state: State, avoid: Collection[tuple[object, ...]], bound: int
) -> tuple[list[Line], bool]:
    """The shortest lines from ``state`` that end by turning a card up, through boards
    not in ``avoid``, searching at most ``bound`` boards; and whether every board
    reachable without a flip was searched. A card is never taken back from its
    foundation here (the judging's searches still may)."""
    visited = {board(state)} | set(avoid)
    searched = 1
    frontier: deque[tuple[State, Line]] = deque([(state, ())])
    lines: list[Line] = []
    complete = True
    while frontier:
        here, line = frontier.popleft()
        down = here.face_down_count
        for move in here.legal_moves():
            if here.locate(move.card).pile.kind == "foundation":
                continue
            after = here.apply(move)
            if after.face_down_count < down:
                lines.append((*line, move))
                continue
            seen = board(after)
            if seen in visited:
                continue
            if searched >= bound:
                complete = False
                continue
            visited.add(seen)
            searched += 1
            frontier.append((after, (*line, move)))
    return lines, complete


def _wins(guesses: Sequence[State], line: Line, budget: Budget, nodes: int) -> int:
    """How many ``guesses`` are won after ``line``, each searched up to ``nodes``."""
    won = 0
    for guess in guesses:
        for move in line:
            guess = guess.apply(move)
        solution = solve(guess, max_nodes=nodes, max_memory=budget.max_memory)
        won += solution.verdict is Verdict.WON
    return won


def _solved_lines(
    state: State,
    rng: random.Random,
    budget: Budget,
    avoid: Collection[tuple[object, ...]],
) -> list[Line]:
    """Lines to a flip too long for the breadth-first search: each guess the solver
    wins gives the moves of its win up to the first card it turns up (played on what
    the player sees; they do not depend on the face-down cards), when they pass through
    no board in ``avoid``."""
    lines: list[Line] = []
    for _ in range(budget.samples):
        guess = state.sample_hidden(rng)
        won = solve(guess, max_nodes=budget.max_nodes, max_memory=budget.max_memory)
        if won.verdict is not Verdict.WON:
            continue
        here, line = state, []
        for move in won.moves:
            after = here.apply(move)
            line.append(move)
            if after.face_down_count < here.face_down_count:
                if tuple(line) not in lines:
                    lines.append(tuple(line))
                break
            if board(after) in avoid:
                break
            here = after
    return lines


def _deep_lines(
    state: State, avoid: Collection[tuple[object, ...]], bound: int, most: int
) -> list[Line]:
    """Up to ``most`` lines to a flip found depth first, through at most ``bound``
    boards not in ``avoid``; no card is taken back from a foundation."""
    visited = {board(state)} | set(avoid)
    stack: list[tuple[State, Line]] = [(state, ())]
    lines: list[Line] = []
    while stack and len(lines) < most:
        here, line = stack.pop()
        down = here.face_down_count
        for move in here.legal_moves():
            if here.locate(move.card).pile.kind == "foundation":
                continue
            after = here.apply(move)
            if after.face_down_count < down:
                lines.append((*line, move))
                continue
            seen = board(after)
            if seen in visited or len(visited) >= bound:
                continue
            visited.add(seen)
            stack.append((after, (*line, move)))
    return lines[:most]


def plan(
    state: State,
    rng: random.Random,
    budget: Budget,
    avoid: Collection[tuple[object, ...]] = (),
) -> tuple[Line, int] | None:
    """The line to play to the next flip and how many of ``budget.samples`` guesses it
    wins; ``None`` when no line to a flip was found."""
    lines, complete = closure(state, avoid, BOARDS)
    if not lines and not complete:
        lines, complete = closure(state, avoid, WIDER)
    if not lines and not complete:
        lines = _solved_lines(state, rng, budget, avoid)
    if not lines and not complete:
        lines = _deep_lines(state, avoid, DEEPER, budget.candidates)
    if not lines:
        return None
    lines = lines[: budget.candidates]
    guesses = [
        state.sample_hidden(rng)
        for _ in range(max(budget.samples, budget.first_samples))
    ]
    if len(lines) > budget.shortlist:
        first = guesses[: budget.first_samples]
        ranked = sorted(
            range(len(lines)),
            key=lambda i: (-_wins(first, lines[i], budget, budget.first_nodes), i),
        )
        lines = [lines[i] for i in sorted(ranked[: budget.shortlist])]
    judged = guesses[: budget.samples]
    scores = [_wins(judged, line, budget, budget.max_nodes) for line in lines]
    best = max(range(len(lines)), key=lambda i: (scores[i], -len(lines[i]), -i))
    return lines[best], scores[best]


def advice(
    state: State,
    rng: random.Random | None,
    budget: Budget,
    avoid: Collection[tuple[object, ...]] = (),
) -> Hint | None:
    """The hint at ``state``, never to a board in ``avoid``: the first move of the plan,
    with the plan's other moves; once every card is face up, the first move of the
    solver's win (nothing is hidden), or the solver's preference when it finds none."""
    instance("state", state, State, "a State, such as yukon.deal(code) gives")
    if rng is not None:
        instance("rng", rng, random.Random, "a random.Random (or None)")
    rng = rng if rng is not None else random.Random(0)
    if state.all_face_up:
        return _finish(state, rng, budget, avoid)
    found = plan(state, rng, budget, avoid)
    if found is None:
        return None
    line, won = found
    share = won / budget.samples if budget.samples else 0.0
    return Hint(line[0], share, budget.samples, line[1:])


def _finish(
    state: State,
    rng: random.Random,
    budget: Budget,
    avoid: Collection[tuple[object, ...]],
) -> Hint | None:
    solution = solve(state, max_nodes=budget.max_nodes, max_memory=budget.max_memory)
    if solution.verdict is Verdict.WON and solution.moves:
        first = solution.moves[0]
        if board(state.apply(first)) not in avoid:
            return Hint(first, 1.0, 1, solution.moves[1:])
    return advise(
        state,
        rng=rng,
        samples=0,
        max_nodes=budget.max_nodes,
        max_memory=budget.max_memory,
        avoid=avoid,
    )


def followed(
    start: State,
    played: Sequence[Move],
    state: State,
    rng: random.Random | None,
    budget: Budget,
    avoid: Collection[tuple[object, ...]],
) -> Hint | None:
    """The hint for a game at ``state``, which ``played`` led to from ``start``, the
    board after its last flip (``avoid``: the boards since): the plan made at ``start``
    while the game has followed it, else a plan made here."""
    if rng is not None:
        instance("rng", rng, random.Random, "a random.Random (or None)")
    if played and not state.all_face_up:
        found = plan(start, rng if rng is not None else random.Random(0), budget)
        if found is not None:
            line, won = found
            n = len(played)
            if len(line) > n and tuple(line[:n]) == tuple(played):
                share = won / budget.samples if budget.samples else 0.0
                return Hint(line[n], share, budget.samples, line[n + 1 :])
    return advice(state, rng, budget, avoid)


def hint_move(
    state: State,
    *,
    rng: random.Random | None = None,
    samples: int = SAMPLES,
    max_nodes: int = NODES,
    max_memory: int | None = MAX_MEMORY,
) -> Move | None:
    """The move a player should try, from what the player can see.

    The face-down cards are unknown to a player, so the hint never reads them. It
    searches the boards reachable from here without turning a card up, takes each
    shortest line that ends by turning one up, and judges the lines by guessing where
    the face-down cards lie (shuffles of them drawn from ``rng``): ``samples`` guesses,
    each solved with at most ``max_nodes`` positions after the line, choose among the
    best few; the first move of the line that wins the most is the hint. Once every
    card is face up it is the first move of the solver's win. ``None`` when no card can
    be turned up from here (every board reachable without a flip was searched) or no
    move is left. Larger ``samples`` and ``max_nodes`` make a stronger, slower hint.

    ``rng`` defaults to ``random.Random(0)``, so hints repeat; the global random state is
    never used. ``max_memory`` bounds each guess's search as in :func:`solve`. The
    compiled core makes hints faster, never different.
    """
    found = advice(state, rng, checked_budget(samples, max_nodes, max_memory))
    return None if found is None else found.move


def hint(
    state: State,
    *,
    rng: random.Random | None = None,
    samples: int = 8,  # 0.1.0's defaults, as it wrote them: SAMPLES, NODES
    max_nodes: int = 2_000,
    max_memory: int | None = MAX_MEMORY,
) -> Move | None:
    """:func:`hint_move`'s old name, which promised a :class:`Hint` (what
    :meth:`Game.hint <yukon.Game.hint>` gives); it warns, and goes in 1.0."""
    renamed("yukon.hint", "yukon.hint_move")
    return hint_move(
        state, rng=rng, samples=samples, max_nodes=max_nodes, max_memory=max_memory
    )
