"""The benchmark suite still runs (on a tiny workload; speed itself is not tested here)."""

from __future__ import annotations

import json
import pathlib

import pytest
from benchmarks import run


def test_benchmarks_run_and_write_json(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    argv = ["--repeats", "1", "--scale", "0.005", "--solver-seconds", "1", "--out"]
    assert run.main([*argv, str(out)]) == 0
    data = json.loads(out.read_text())
    names = [row["row"] for row in data["rows"]]
    assert names == [
        "deal",
        "legal moves",
        "apply",
        "playout",
        "game",
        "memory: state",
        "memory: game history",
        "solver",
    ]
    assert all(row["value"] > 0 for row in data["rows"])
    assert data["machine"]["python"].startswith("CPython")
    assert "legal moves" in capsys.readouterr().out


def test_sampled_positions_are_reproducible() -> None:
    first = run.sample_positions(5)
    assert first == run.sample_positions(5)
    assert any(state.foundations != (0, 0, 0, 0) or state.score for state in first)
