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

SESSION = Session()


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
        SESSION = Session.restore(text)
    except InvalidRecord:
        SESSION = Session()
        return False
    return True
