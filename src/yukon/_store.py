"""Where ``yukon serve`` keeps its games: one small interface, and SQLite behind it.

A game is one row: its id, a version that goes up by one with every write, and the
owning side's copy of the session (:meth:`yukon.protocol.Session.save`). A write names
the version it read and stores only if the row is still at it, so several server
processes can share one store: the one that wrote second reads the game again and
takes the message once more.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Protocol


class Store(Protocol):
    """What the server asks of its store; every call may come from any thread."""

    def create(self, game: str, data: str) -> None:
        """Keep a new game at version 1; ``KeyError`` if the id is taken."""

    def version(self, game: str) -> int | None:
        """The game's version, ``None`` for an unknown game."""

    def load(self, game: str) -> tuple[str, int] | None:
        """The game's data and version, ``None`` for an unknown game."""

    def save(self, game: str, data: str, version: int) -> bool:
        """Replace the game's data if it is still at ``version`` (it is then at
        ``version + 1``), durably before returning; ``False`` if it was not."""

    def close(self) -> None:
        """Let go of the store's files."""


class SQLiteStore:
    """Games in one SQLite file: WAL, so readers never wait for the writer; a
    connection for each thread; every write its own transaction, committed before the
    server answers. ``synchronous=NORMAL`` (the default here) keeps every committed
    move through a crash of the process; ``durable=True`` (``FULL``) also through a
    power cut, at a sync of the disk a move."""

    def __init__(self, path: str, *, durable: bool = False) -> None:
        self.path = path
        self._sync = "FULL" if durable else "NORMAL"
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        db = self._db()
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(
            "CREATE TABLE IF NOT EXISTS games ("
            "id TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL"
            ") WITHOUT ROWID"
        )

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(
                self.path, timeout=30, isolation_level=None, check_same_thread=False
            )
            db.execute(f"PRAGMA synchronous={self._sync}")
            db.execute("PRAGMA busy_timeout=30000")
            self._local.db = db
            with self._guard:
                self._all.append(db)
        return db

    def create(self, game: str, data: str) -> None:
        try:
            self._db().execute(
                "INSERT INTO games (id, version, data) VALUES (?, 1, ?)", (game, data)
            )
        except sqlite3.IntegrityError:
            raise KeyError(game) from None

    def version(self, game: str) -> int | None:
        row = (
            self._db()
            .execute("SELECT version FROM games WHERE id = ?", (game,))
            .fetchone()
        )
        return None if row is None else int(row[0])

    def load(self, game: str) -> tuple[str, int] | None:
        row = (
            self._db()
            .execute("SELECT data, version FROM games WHERE id = ?", (game,))
            .fetchone()
        )
        return None if row is None else (str(row[0]), int(row[1]))

    def save(self, game: str, data: str, version: int) -> bool:
        cursor = self._db().execute(
            "UPDATE games SET data = ?, version = version + 1 "
            "WHERE id = ? AND version = ?",
            (data, game, version),
        )
        return cursor.rowcount == 1

    def count(self) -> int:
        """How many games the file holds."""
        row = self._db().execute("SELECT count(*) FROM games").fetchone()
        return int(row[0])

    def close(self) -> None:
        with self._guard:
            for db in self._all:
                db.close()
            self._all.clear()
        self._local = threading.local()
