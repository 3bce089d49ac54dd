"""The research runs' resumable results files: one JSON object a line, keyed by its deal's
code, appended as each is measured."""

from __future__ import annotations

import json
import pathlib
from typing import Any


def read_by_code(path: pathlib.Path) -> list[dict[str, Any]]:
    """The file's rows, the last one of each code counting, in file order; a line torn by
    a stopped run is skipped (its deal is measured again). No file: no rows."""
    if not path.exists():
        return []
    rows: dict[str, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            rows[row["code"]] = row
    return list(rows.values())
