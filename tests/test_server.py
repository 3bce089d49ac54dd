"""``yukon serve`` as a black box: a real process on 127.0.0.1, started and stopped by
these tests, spoken to over HTTP as any client would."""

from __future__ import annotations

import datetime
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import yukon
from yukon import State

from .test_protocol import spot
from .test_sealed import face_down, named, validate

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


class Server:
    """One ``yukon serve`` process on a free port."""

    def __init__(self, db: Path, *options: str) -> None:
        self.db = db
        command = [sys.executable, "-m", "yukon", "serve", "--port", "0"]
        self.process = subprocess.Popen(
            [*command, "--db", str(db), *options],
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stderr is not None
        deadline = time.monotonic() + 30
        self.port = 0
        self.log: list[str] = []
        self._drainer: threading.Thread | None = None
        while not self.port and time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            self.log.append(line)
            found = re.search(r"http://127\.0\.0\.1:(\d+)", line)
            if found:
                self.port = int(found[1])
        if not self.port:
            self.stop()
            raise AssertionError("the server did not start: " + "".join(self.log))
        self._drainer = threading.Thread(target=self._drain, daemon=True)
        self._drainer.start()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.log.append(line)

    def call(
        self,
        method: str,
        path: str,
        body: object = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, Any]]:
        """One request on its own connection; the answer must be JSON."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            data = (
                None
                if body is None
                else (body if isinstance(body, bytes) else json.dumps(body).encode())
            )
            connection.request(method, path, data, headers or {})
            response = connection.getresponse()
            assert response.getheader("content-type") == "application/json"
            answer: dict[str, Any] = json.loads(response.read())
            if "view" in answer:  # an answer about a game; else an error alone
                validate(answer, "answer")
            else:
                assert set(answer) == {"error", "message"} and response.status >= 400
            return response.status, answer
        finally:
            connection.close()

    def new(self, **fields: str) -> tuple[str, dict[str, Any]]:
        status, answer = self.call("POST", "/games", fields)
        assert status == 201, answer
        return answer["game"], answer

    def play(self, game: str, **message: Any) -> tuple[int, dict[str, Any]]:
        return self.call("POST", f"/games/{game}", message)

    def rss(self) -> int:
        """The server's resident memory, in bytes."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        assert found is not None
        return int(found[1]) * 1024

    def stop(self, how: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            self.process.send_signal(how)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        if self._drainer is not None:
            self._drainer.join(timeout=15)
        if self.process.stderr is not None:
            self.process.stderr.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "games.sqlite3", "--read-timeout", "1")
    try:
        yield running
    finally:
        running.stop()


def drop(state: State, move: yukon.Move) -> dict[str, Any]:
    to = "foundation" if move.column is None else move.column
    return {"op": "drop", "place": spot(state, move), "to": to}


# -- playing ---------------------------------------------------------------------------


def test_a_client_plays_a_game_to_its_end_and_sees_no_hidden_card(
    server: Server,
) -> None:
    code = "YU1-C-AAAAAAB"
    game, answer = server.new(code=code)
    assert re.fullmatch(r"[A-Za-z0-9_-]{24}", game)  # 144 random bits
    state = yukon.deal(code)
    for move in yukon.solve(state, max_nodes=200_000).moves:
        status, answer = server.play(game, **drop(state, move))
        assert status == 200 and answer["played"], answer
        state = state.apply(move)
        assert not face_down(state) & named(answer)
    validate(answer, "answer")
    assert answer["view"]["won"] and answer["code"] == code
    assert server.call("GET", f"/games/{game}")[1]["moves"] == answer["moves"]


def test_a_random_deal_is_new_each_time_and_its_code_is_not_sent(
    server: Server,
) -> None:
    views = []
    for fields in ({}, {"rules": "R"}, {"rules": "C"}):
        game, answer = server.new(**fields)
        assert "code" not in answer and not re.search(r"YU1-", json.dumps(answer))
        views.append(json.dumps(answer["view"]["columns"]))
        status, over = server.play(game, op="give_up")
        assert status == 200 and re.fullmatch(r"YU1-[CR]-[A-Z]{7}", over["code"])
        assert yukon.deal(over["code"]).to_dict() == answer["view"]
    assert len(set(views)) == 3


def test_a_winnable_or_daily_deal_is_dealt_and_its_code_sent_only_at_the_end(
    server: Server,
) -> None:
    game, answer = server.new(deal="winnable", grade="hard")
    assert (answer["deal"], answer["grade"]) == ("winnable", "hard")
    assert "code" not in answer and "YU1-" not in json.dumps(answer)
    status, over = server.play(game, op="give_up")
    assert status == 200 and yukon.grade(over["code"]).value == "hard"
    game, answer = server.new(deal="daily", date="2026-12-06")
    assert answer["daily"] == "2026-12-06" and "code" not in answer
    status, over = server.play(game, op="give_up")
    assert over["code"] == str(yukon.daily(datetime.date(2026, 12, 6)))
    status, refused = server.call("POST", "/games", {"deal": "daily"})
    assert (status, refused["error"]) == (400, "bad-message")


def test_two_players_games_are_independent(server: Server) -> None:
    ann, first = server.new(code="YU1-C-AAAAAAB")
    bob, _ = server.new(code="YU1-C-AAAAAAB")
    assert ann != bob
    status, played = server.play(ann, op="drop", place={"column": 6, "index": 6}, to=1)
    assert status == 200 and played["played"]
    status, untouched = server.call("GET", f"/games/{bob}")
    assert status == 200 and untouched["view"] == first["view"]
    assert untouched["moves"] == 0 and not untouched["can_undo"]
    assert server.call("GET", f"/games/{ann}")[1]["moves"] == 1


def test_eight_threads_on_one_game_lose_no_move(server: Server) -> None:
    game, _ = server.new(code="YU1-C-AAAAAAB")
    server.play(game, op="drop", place={"column": 6, "index": 6}, to=1)
    redone = []

    def player(number: int) -> None:
        for turn in range(12):
            op = "undo" if (number + turn) % 2 else "redo"
            status, answer = server.play(game, op=op)
            assert (status, answer.get("error")) in (
                (200, None),
                (422, f"nothing-to-{op}"),
            ), answer
            if op == "redo" and status == 200:
                redone.append(answer["moves"])

    threads = [threading.Thread(target=player, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    final = server.call("GET", f"/games/{game}")[1]
    assert redone and final["moves"] == 1 + len(redone)
    assert sorted(redone) == list(range(2, 2 + len(redone)))  # each counted once


def test_a_restart_keeps_every_game_and_every_answered_move(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = Server(db)
    seen = {}
    try:
        for code in ("YU1-C-AAAAAAB", "YU1-R-AAAAAAC", "YU1-C-AAAAAAD"):
            game, _ = first.new(code=code)
            state = yukon.deal(code)
            for move in state.legal_moves()[:1]:
                first.play(game, **drop(state, move))
            status, last = first.play(
                game, op="settings", name="auto_placement", value=True
            )
            assert status == 200
            seen[game] = last
    finally:
        first.stop(signal.SIGKILL)  # no goodbye: what was answered must be on disk
    second = Server(db)
    try:
        for game, last in seen.items():
            status, now = second.call("GET", f"/games/{game}")
            assert status == 200 and now == last
    finally:
        second.stop()


# -- errors ----------------------------------------------------------------------------


def raw(server: Server, data: bytes, wait: float = 10.0) -> bytes:
    """Bytes sent on a bare socket, and everything read back until it closes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as sock:
        sock.sendall(data)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_every_error_is_json_with_its_status(server: Server) -> None:
    game, _ = server.new(code="YU1-C-AAAAAAB")
    cases: list[tuple[str, str, object, dict[str, str], int, str]] = [
        ("GET", f"/games/{'A' * 24}", None, {}, 404, "not-found"),
        ("GET", "/games/x", None, {}, 404, "not-found"),
        ("GET", "/", None, {}, 404, "not-found"),
        ("GET", "/games/", None, {}, 404, "not-found"),
        ("DELETE", f"/games/{game}", None, {}, 405, "method-not-allowed"),
        ("POST", f"/games/{game}", b"{nope", {}, 400, "bad-json"),
        ("POST", f"/games/{game}", b'{"op": "show", "id": NaN}', {}, 400, "bad-json"),
        ("POST", f"/games/{game}", {"op": "fly"}, {}, 400, "bad-message"),
        ("POST", f"/games/{game}", {"op": "new"}, {}, 400, "bad-message"),
        (
            "POST",
            f"/games/{game}",
            {"op": "tap", "place": {"column": 1.5, "index": 0}},
            {},
            400,
            "bad-message",
        ),
        ("POST", f"/games/{game}", {"op": "undo"}, {}, 422, "nothing-to-undo"),
        (
            "POST",
            f"/games/{game}",
            {"op": "tap", "place": {"column": 0, "index": 9}},
            {},
            422,
            "no-card",
        ),
        ("POST", "/games", {"code": "YU1-X-AAAAAAB"}, {}, 400, "bad-code"),
        ("POST", "/games", {"rules": "X"}, {}, 400, "bad-message"),
        ("POST", "/games", [], {}, 400, "bad-message"),
        ("POST", "/games", b"x" * 70_000, {}, 413, "too-large"),
        ("POST", f"/games/{game}", None, {}, 400, "bad-json"),  # Content-Length: 0
    ]
    for method, path, body, headers, status, error in cases:
        got, answer = server.call(method, path, body, headers)
        assert (got, answer.get("error")) == (status, error), (path, body, answer)
        assert isinstance(answer["message"], str) and answer["message"]
    chunked = raw(
        server,
        f"POST /games/{game} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
        "Connection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n".encode(),
    )
    head, _, body = chunked.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 411")
    assert json.loads(body)["error"] == "length-required"
    status, answer = server.call("GET", f"/games/{game}")
    assert status == 200 and answer["moves"] == 0  # nothing above changed it


@pytest.mark.parametrize("op", ["fly", "new", "load", "show", 7])
def test_a_wrong_op_is_told_the_ops_a_game_here_takes(
    server: Server, op: object
) -> None:
    """The service's refusal names its own ops, not the worker's new, load and show."""
    game, _ = server.new(code="YU1-C-AAAAAAB")
    status, answer = server.call("POST", f"/games/{game}", {"op": op})
    named = set(re.findall(r"[a-z_]+", answer["message"].split(";")[0]))
    assert (status, answer["error"]) == (400, "bad-message")
    assert {"tap", "drop", "undo", "give_up"} <= named
    assert not {"new", "load", "show"} & named


@pytest.mark.parametrize(
    "head",
    [
        b"Content-Length: abc\r\n",
        b"Content-Length: -5\r\n",
        b"X-Big: " + b"x" * 20_000 + b"\r\n",
    ],
)
def test_a_broken_request_head_gets_json_400(server: Server, head: bytes) -> None:
    """#58: Content-Length abc closed the connection with a traceback, -5 got 413."""
    answer = raw(server, b"POST /games HTTP/1.1\r\nHost: x\r\n" + head + b"\r\n{}")
    status, _, body = answer.partition(b"\r\n\r\n")
    if b"X-Big" in head:  # whole, or in pieces (then uvicorn's bound refuses it)
        assert status[:12] in (b"HTTP/1.1 431", b"HTTP/1.1 400")
        assert json.loads(body)["error"] in ("header-too-large", "bad-request")
    else:
        assert status.startswith(b"HTTP/1.1 400")
        assert json.loads(body)["error"] == "bad-request"
    assert not any("Traceback" in line for line in server.log)


def test_stalled_connections_are_dropped_and_others_are_served(server: Server) -> None:
    stalls = [
        b"",  # nothing at all
        b"POST /games HTTP/1.1\r\nHost: x\r\n",  # half a head
        b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{",  # half a body
    ] * 10
    socks = []
    for data in stalls:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=15)
        sock.sendall(data)
        socks.append(sock)
    started = time.monotonic()
    game, _ = server.new()  # served while thirty connections stall
    assert time.monotonic() - started < 2
    for sock, data in zip(socks, stalls, strict=True):
        with sock:
            got = b""
            while chunk := sock.recv(65536):  # the server closes it: b""
                got += chunk
        if data.endswith(b"{"):
            assert got.startswith(b"HTTP/1.1 408") and b'"timeout"' in got
        else:
            assert got == b""
    assert time.monotonic() - started < 6  # --read-timeout 1, checked every second
    assert server.call("GET", f"/games/{game}")[0] == 200


@pytest.mark.slow
def test_memory_stays_bounded_over_many_games(tmp_path: Path) -> None:
    """Games past --max-live wait in the file: memory after 1800 games is about what
    it was after 600."""
    server = Server(tmp_path / "games.sqlite3", "--max-live", "100")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)

        def call(path: str, message: object) -> dict[str, Any]:
            connection.request("POST", path, json.dumps(message).encode())
            answer: dict[str, Any] = json.loads(connection.getresponse().read())
            return answer

        measured = []
        for _batch in range(3):
            for _ in range(600):
                game = call("/games", {"code": "YU1-C-AAAAAAB"})["game"]
                call(
                    f"/games/{game}",
                    {"op": "drop", "place": {"column": 6, "index": 6}, "to": 1},
                )
                call(f"/games/{game}", {"op": "undo"})
            measured.append(server.rss())
        connection.close()
        assert measured[2] - measured[0] < 8 * 2**20, measured
        assert os.path.getsize(server.db) > 0
    finally:
        server.stop()


def test_serve_refuses_options_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    from yukon._cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert main(["serve", "--max-live", "0"]) == 2
    assert main(["serve", "--read-timeout", "nan"]) == 2
    assert capsys.readouterr().err.count("yukon: error:") == 3
