"""``yukon serve``: the JSON game service a frontend in any language plays through
(``pip install 'yukon[server]'``).

An ASGI application on Starlette, served by uvicorn. Games live in a store
(:class:`SQLiteStore` by default): a move is written before it is answered, so a
restarted server goes on with every game. Each game has an unguessable id, the only key
to it; its client sees only sealed answers (:mod:`yukon.protocol`). See the docs' page
"A game service" for the endpoints, errors and limits.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import re
import secrets
import signal
import threading
from collections import OrderedDict
from typing import Any

import anyio
import anyio.to_thread
import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from ._errors import InvalidRecord
from ._store import SQLiteStore, Store
from ._values import publish as _publish
from .protocol import (
    ERRORS,
    OPS,
    InvalidMessage,
    Session,
    check_message,
    parse_json,
)

__all__ = ["Limits", "SQLiteStore", "Store", "create_app", "serve"]

_log = logging.getLogger("yukon.server")
_ID = re.compile(r"[A-Za-z0-9_-]{24}")
_NEW_FIELDS = OPS["new"][0] | {"id"}
"""What ``POST /games`` takes: a ``new`` message's fields, without its op."""
_HERE = frozenset(
    {
        "tap",
        "double_tap",
        "targets",
        "drop",
        "undo",
        "redo",
        "hint",
        "finish",
        "settings",
        "give_up",
    }
)
"""The messages ``POST /games/{id}`` takes (a new game is ``POST /games``)."""

_SLOW = frozenset({"hint", "finish"})
"""The messages that search, within their budgets, on a worker thread."""

STATUS = {
    **ERRORS,
    "not-found": 404,
    "method-not-allowed": 405,
    "timeout": 408,
    "length-required": 411,
    "too-large": 413,
    "bad-length": 400,
    "bad-request": 400,
    "header-too-large": 431,
    "busy": 503,
}


class Limits:
    """The service's bounds, each with its default."""

    def __init__(
        self,
        *,
        max_body: int = 64 * 1024,
        max_header: int = 8 * 1024,
        read_timeout: float = 5.0,
        idle_timeout: float = 5.0,
        max_live: int = 2_000,
        max_moves: int = 10_000,
        hint_nodes: int = 2_000,
        finish_seconds: float = 2.0,
    ) -> None:
        self.max_body = max_body
        """The largest message body, in bytes (413 past it)."""
        self.max_header = max_header
        """The largest request head, in bytes (400 past it)."""
        self.read_timeout = read_timeout
        """Seconds a request may take to arrive, head and body; then it is dropped."""
        self.idle_timeout = idle_timeout
        """Seconds a kept-alive connection may sit idle between requests."""
        self.max_live = max_live
        """Games kept in memory; the rest wait in the store."""
        self.max_moves = max_moves
        """The move counter a game may reach (a row is rewritten on every move)."""
        self.hint_nodes = hint_nodes
        """The search budget of a hint."""
        self.finish_seconds = finish_seconds
        """The time budget of an auto-finish."""


def _json(body: object, status: int, **headers: str) -> Response:
    text = json.dumps(body, separators=(",", ":"), allow_nan=False)
    return Response(text, status, headers, media_type="application/json")


def _error(code: str, sentence: str, **headers: str) -> Response:
    return _json({"error": code, "message": sentence}, STATUS[code], **headers)


class _Failure(Exception):
    def __init__(self, code: str, sentence: str) -> None:
        super().__init__(code, sentence)
        self.code, self.sentence = code, sentence


class _Games:
    """The live games (a bounded cache of the store), a lock for each game being
    played, and the work done on a worker thread."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self.live: OrderedDict[str, tuple[Session, int]] = OrderedDict()
        self.locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        self.options = {
            "hint_nodes": limits.hint_nodes,
            "finish_seconds": limits.finish_seconds,
            "max_moves": limits.max_moves,
        }

    async def create(self, message: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        session = Session(**self.options)  # type: ignore[arg-type]
        answer: dict[str, Any] = dict(session.handle(message))
        if "error" in answer:
            raise _Failure(answer["error"], answer["message"])
        game = secrets.token_urlsafe(18)  # 144 random bits
        await anyio.to_thread.run_sync(self.store.create, game, session.save())
        self._keep(game, session, 1)
        return game, answer

    async def act(self, game: str, message: dict[str, Any]) -> dict[str, Any]:
        lock, users = self.locks.setdefault(game, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                cached = self.live.get(game)
                if message["op"] in _SLOW:
                    answer, kept = await anyio.to_thread.run_sync(
                        self._work, game, cached, message
                    )
                else:  # a move: quicker here than the hop to a thread and back
                    answer, kept = self._work(game, cached, message)
                if kept is None:
                    self.live.pop(game, None)
                else:
                    self._keep(game, *kept)
                return answer
        finally:
            users[0] -= 1
            if not users[0]:
                del self.locks[game]

    def _keep(self, game: str, session: Session, version: int) -> None:
        self.live[game] = (session, version)
        self.live.move_to_end(game)
        while len(self.live) > self.limits.max_live:
            self.live.popitem(last=False)

    def _work(
        self,
        game: str,
        cached: tuple[Session, int] | None,
        message: dict[str, Any],
    ) -> tuple[dict[str, Any], tuple[Session, int] | None]:
        """On a worker thread: the message taken, and the game written before the
        answer goes back. A write another process made first means the game is read
        again and the message taken again."""
        for _ in range(8):
            version = self.store.version(game)
            if version is None:
                raise _Failure("not-found", "there is no game with this id")
            if cached is not None and cached[1] == version:
                session = copy.copy(cached[0])
            else:
                row = self.store.load(game)
                if row is None:
                    raise _Failure("not-found", "there is no game with this id")
                try:
                    session = Session.restore(row[0], **self.options)
                except InvalidRecord:
                    _log.exception("game %s does not load", game)
                    raise _Failure("internal", "the game could not be read") from None
                version = row[1]
            before = (session.game, session.settings, session.given_up)
            answer: dict[str, Any] = dict(session.handle(message))
            after = (session.game, session.settings, session.given_up)
            if all(a is b for a, b in zip(before, after, strict=True)):
                return answer, (session, version)
            if self.store.save(game, session.save(), version):
                return answer, (session, version + 1)
            cached = None
        raise _Failure("busy", "the game is being played elsewhere; try again")


async def _body(request: Request, limits: Limits) -> bytes:
    """The request's body: a Content-Length is needed, at most ``max_body``, and the
    whole body within ``read_timeout``."""
    length = request.headers.get("content-length")
    if length is None:
        raise _Failure("length-required", "a message needs a Content-Length")
    if not (length.isascii() and length.isdigit()):
        raise _Failure("bad-length", "Content-Length must be a whole number of bytes")
    if int(length) > limits.max_body:
        raise _Failure(
            "too-large", f"a message is at most {limits.max_body} bytes long"
        )
    chunks, size = [], 0
    try:
        with anyio.fail_after(limits.read_timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limits.max_body:
                    raise _Failure("too-large", "the body is longer than it said")
                chunks.append(chunk)
    except TimeoutError:
        raise _Failure("timeout", "the message did not arrive in time") from None
    return b"".join(chunks)


def create_app(store: Store, limits: Limits | None = None) -> ASGIApp:
    """The ASGI application over ``store``."""
    limits = Limits() if limits is None else limits
    games = _Games(store, limits)

    async def new_game(request: Request) -> Response:
        body = await _body(request, limits)
        fields = parse_json(body) if body.strip() else {}
        if not isinstance(fields, dict) or set(fields) - _NEW_FIELDS:
            raise _Failure(
                "bad-message",
                'a new game takes {}, {"rules": "C" or "R"}, {"code": "YU1-..."}, '
                '{"deal": "winnable"} with an optional "grade", or {"deal": "daily", '
                '"date": "YYYY-MM-DD"}',
            )
        message = check_message({**fields, "op": "new"})
        game, answer = await games.create(message)
        return _json({"game": game, **answer}, 201)

    async def one_game(request: Request) -> Response:
        game = request.path_params["game"]
        if not _ID.fullmatch(game):
            raise _Failure("not-found", "there is no game with this id")
        if request.method == "GET":
            message: dict[str, Any] = {"op": "show"}
        else:
            data = parse_json(await _body(request, limits))
            # The op first, so that a wrong one is told the ops a game here takes,
            # not the worker's (new, load and show are not taken here).
            if isinstance(data, dict) and data.get("op") not in _HERE:
                raise _Failure(
                    "bad-message",
                    f"op must be one of {', '.join(sorted(_HERE))}; "
                    "a new game is POST /games",
                )
            message = check_message(data)
        answer = await games.act(game, message)
        status = STATUS[answer["error"]] if "error" in answer else 200
        return _json(answer, status)

    async def failure(request: Request, error: Exception) -> Response:
        assert isinstance(error, _Failure)
        closing = {"Connection": "close"} if error.code == "timeout" else {}
        return _error(error.code, error.sentence, **closing)

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, InvalidMessage)
        return _error(error.code, error.message)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        if error.status_code == 405:
            return _error("method-not-allowed", "this address takes GET or POST only")
        return _error("not-found", "there is nothing at this address")

    async def crash(request: Request, error: Exception) -> Response:
        _log.exception("a request failed", exc_info=error)
        return _error("internal", "the request could not be answered")

    app = Starlette(
        routes=[
            Route("/games", new_game, methods=["POST"]),
            Route("/games/{game}", one_game, methods=["GET", "POST"]),
        ],
        exception_handlers={
            _Failure: failure,
            InvalidMessage: refused,
            HTTPException: http_error,
            Exception: crash,
        },
    )
    app.router.redirect_slashes = False
    return _Busy(app, limits.max_header)


class _Busy:
    """Marks each connection busy while a request of it is in the application, so
    the protocol's read deadline spares a request being answered; and refuses a
    request head over ``max_header`` bytes (uvicorn bounds only a head that arrives
    in pieces)."""

    def __init__(self, app: ASGIApp, max_header: int) -> None:
        self.app = app
        self.max_header = max_header

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            size = sum(len(k) + len(v) + 4 for k, v in scope["headers"])
            if size + len(scope.get("raw_path") or b"") > self.max_header:
                refusal = _error(
                    "header-too-large",
                    f"a request head is at most {self.max_header} bytes",
                    Connection="close",
                )
                await refusal(scope, receive, send)
                return
        client = scope.get("client")
        key = None if client is None else (str(client[0]), int(client[1]))
        if key is not None:
            _BUSY[key] = _BUSY.get(key, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            if key is not None:
                _BUSY[key] -= 1
                if not _BUSY[key]:
                    del _BUSY[key]
                if key in _DONE:  # still open: its deadline starts again now
                    _DONE[key] = asyncio.get_running_loop().time()


_BUSY: dict[tuple[str, int], int] = {}
"""The open connections with a request in the application, and how many."""
_DONE: dict[tuple[str, int], float] = {}
"""Each open connection's last answer (or its opening), on the event loop's clock."""


class _Deadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a read deadline: a connection that has not
    delivered a whole request head within ``read_timeout`` of opening or of its last
    answer is closed (uvicorn's keep-alive timeout starts only after an answer, so a
    client that sends part of a head, or nothing, would hold its connection for
    ever); and its refusal of a malformed request is JSON."""

    read_timeout = 5.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        peer = transport.get_extra_info("peername")
        self._peer = None if not peer else (str(peer[0]), int(peer[1]))
        self._opened = asyncio.get_running_loop().time()
        if self._peer is not None:
            _DONE[self._peer] = self._opened
        self._watch = asyncio.get_running_loop().call_later(
            self.read_timeout, self._check
        )

    def _check(self) -> None:
        loop = asyncio.get_running_loop()
        peer = self._peer
        since = _DONE.get(peer, self._opened) if peer else self._opened
        if peer in _BUSY or loop.time() - since < self.read_timeout:
            wait = self.read_timeout - (loop.time() - since)
            self._watch = loop.call_later(max(wait, 0.5), self._check)
            return
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._watch.cancel()
        if self._peer is not None:
            _DONE.pop(self._peer, None)
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        body = json.dumps({"error": "bad-request", "message": msg}).encode()
        head = (
            b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n"
            b"connection: close\r\ncontent-length: "
            + str(len(body)).encode()
            + b"\r\n\r\n"
        )
        self.transport.write(head + body)
        self.transport.close()


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8001,
    db: str = "yukon-games.sqlite3",
    limits: Limits | None = None,
    durable: bool = False,
    access_log: bool = False,
) -> None:
    """Serve the games of the SQLite file ``db`` on ``host:port`` until stopped."""
    limits = Limits() if limits is None else limits
    store = SQLiteStore(db, durable=durable)
    protocol = type("Deadline", (_Deadline,), {"read_timeout": limits.read_timeout})
    config = uvicorn.Config(
        create_app(store, limits),
        host=host,
        port=port,
        http=protocol,
        timeout_keep_alive=max(1, round(limits.idle_timeout)),
        h11_max_incomplete_event_size=limits.max_header,
        access_log=access_log,
        lifespan="off",
        log_level="info",
    )
    server = uvicorn.Server(config)
    if threading.current_thread() is threading.main_thread():
        # uvicorn stops on SIGTERM, then raises it again: end as a normal exit (status
        # 0, exit handlers run) rather than die of it.
        signal.signal(signal.SIGTERM, _exit)
    try:
        server.run()
    finally:
        store.close()


def _exit(number: int, frame: object) -> None:
    raise SystemExit(0)


_publish(globals(), __all__)
del _publish
