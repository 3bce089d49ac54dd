"""The hint's value (:class:`Hint`), and the hint before the planner (:func:`advise`):
the move that wins the most guessed deals, which the planner still asks for the
solver's preference once every card is face up and the solver finds no win."""

from __future__ import annotations

import random
from collections.abc import Collection

import attrs

from ._arguments import instance, whole_number
from ._moves import Move
from ._prunings import ordered, safe_move
from ._refusals import Catalog, move_message
from ._solver import solve
from ._state import State, board, packed
from ._values import built_once
from ._verdicts import MAX_MEMORY, Verdict, check_budgets


@attrs.frozen
@built_once
class Hint:
    """A suggested move, and how sure the hint is of it."""

    move: Move
    share: float
    """The share of the sampled deals (guesses of the face-down cards) won after the
    hint's line (this move and :attr:`plan`); 1.0 once every card is face up and the
    solver found the win."""
    samples: int
    """How many guesses were solved."""
    plan: tuple[Move, ...] = ()
    """The moves the hint means to play after this one, up to the card they turn up
    (or to the win, once every card is face up): a player may play them without
    asking again, and :meth:`Game.hint <yukon.Game.hint>` advises them in turn."""

    def message_in(self, catalog: Catalog | str = "en") -> str:
        """The move said as the board shows it, in ``catalog``'s language (a
        :class:`~yukon.Catalog` or ``"en"``, ``"he"``): ``10♠ to column 2``."""
        return move_message(self.move, catalog)


def advise(
    state: State,
    *,
    rng: random.Random | None = None,
    samples: int = 8,
    max_nodes: int = 2_000,
    max_memory: int | None = MAX_MEMORY,
    avoid: Collection[tuple[object, ...]] = (),
) -> Hint | None:
    """The hint before the planner (the research page measures it beside the planner):
    the first move that wins the most of ``samples`` guesses, else the solver's own preference, never
    a move that leads to a board (:func:`yukon._state.board`) in ``avoid``; ``None``
    when no move is left."""
    instance("state", state, State, "a State, such as yukon.deal(code) gives")
    if rng is not None:
        instance("rng", rng, random.Random, "a random.Random (or None)")
    samples = whole_number("samples", samples, 0, 1_000_000)
    nodes, _, max_memory = check_budgets(max_nodes, None, max_memory)
    if nodes is None:
        raise TypeError("max_nodes must be a whole number, not NoneType")
    legal = state.legal_moves()
    moves = [m for m in legal if board(state.apply(m)) not in avoid]
    if not moves:
        return None
    rng = rng if rng is not None else random.Random(0)
    votes: dict[Move, int] = {}
    for _ in range(samples):
        solution = solve(
            state.sample_hidden(rng),
            max_nodes=nodes,
            max_memory=max_memory,
        )
        if solution.verdict is Verdict.WON and solution.moves:
            first = solution.moves[0]
            if first in moves:
                votes[first] = votes.get(first, 0) + 1
    if votes:
        best = max(moves, key=lambda move: votes.get(move, 0))
        return Hint(best, votes[best] / samples, samples)
    forced = safe_move(packed(state))
    if forced is not None and forced in moves:
        return Hint(forced, 0.0, samples)
    preferred = [m for m in ordered(packed(state), -1) if m in moves]
    return Hint(preferred[0] if preferred else moves[0], 0.0, samples)
