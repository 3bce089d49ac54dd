"""The web page's game, run by Pyodide in the page's worker: one
:class:`yukon.protocol.Session` (the protocol, its checks and its sealed answers live in
the package; see docs/web.md).

The worker calls :func:`handle` with each message's JSON text and posts back the
answer, which carries nothing from which a face-down card follows. It keeps the whole
game to itself: :func:`saved` is what it writes to its own IndexedDB after each answer,
and :func:`restore` reads it back when the page opens again. The page never sees it.
"""

from __future__ import annotations

from yukon import InvalidRecord
from yukon.protocol import Session

HINT_SAMPLES, HINT_NODES = 2, 300
"""The hint's budget here: Pyodide runs the pure-Python planner, where the defaults
(8 guesses of 2 000 positions) would keep a player waiting far too long; the
benchmarks time both budgets there (``pyodide hint``, docs/performance.md)."""
SESSION = Session(hint_samples=HINT_SAMPLES, hint_nodes=HINT_NODES)


def handle(text: str) -> str:
    """One message from the page, answered; never raises."""
    return SESSION.handle_text(text)


def saved() -> str:
    """The whole session, for the worker's own store only."""
    return SESSION.save()


def restore(text: str) -> bool:
    """Go on with a session :func:`saved` wrote; ``False`` (and no game) if it does not
    load."""
    global SESSION
    try:
        SESSION = Session.restore(
            text, hint_samples=HINT_SAMPLES, hint_nodes=HINT_NODES
        )
    except InvalidRecord:
        SESSION = Session(hint_samples=HINT_SAMPLES, hint_nodes=HINT_NODES)
        return False
    return True
