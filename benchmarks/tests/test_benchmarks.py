"""The benchmark suite still runs (on a tiny workload; speed itself is not tested here)."""

from __future__ import annotations

import json
import pathlib
import tempfile

import pytest

import yukon
from benchmarks import run


def test_benchmarks_run_and_write_json(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    argv = ["--repeats", "1", "--scale", "0.005", "--solver-seconds", "1", "--only"]
    # .ci/run's Pyodide stage runs the pure wheel there; callgrind takes minutes
    rows = [row for row in run.ROWS if row not in ("pyodide", "instructions")]
    assert run.main([*argv, *rows, "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    names = [row["row"] for row in data["rows"]]
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        openspiel = []  # not a dependency: its rows are left out
    else:
        openspiel = ["openspiel klondike", "openspiel + observation"]
    assert names == [
        "deal",
        "legal moves",
        "apply",
        "playout",
        "game",
        "memory: state",
        "memory: game history",
        "learner step",
        "gym step",
        "gym sync envs",
        "gym vector env",
        "gym vector / sync",
        "batch playout",
        "batch step",
        *openspiel,
        *(["solver memory"] if yukon.COMPILED_SOLVER else []),
        "serve moves",
        "serve p50",
        "serve cpu per move",
        "serve p99",
        "search speed",
        "hint",
        *(
            [f"python: {row}" for row in run.COMPARED]
            + [f"speed-up: {row}" for row in run.COMPARED]
            if yukon.COMPILED_SOLVER
            else []
        ),
        "solver",
    ]
    assert data["machine"]["compiled"] is yukon.COMPILED_SOLVER
    assert all(row["value"] > 0 for row in data["rows"])
    assert data["machine"]["python"].startswith("CPython")
    assert "legal moves" in capsys.readouterr().out


def test_sampled_positions_are_reproducible() -> None:
    first = run.sample_positions(5)
    assert first == run.sample_positions(5)
    assert any(state.foundations != (0, 0, 0, 0) or state.score for state in first)


def test_by_default_the_solver_row_is_left_out_and_nothing_is_written_here(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    assert run.main(["--repeats", "1", "--scale", "0.005"]) == 0
    written = json.loads((tmp_path / "tmp" / "yukon-benchmarks.json").read_text())
    assert "solver" not in [row["row"] for row in written["rows"]]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tmp"]


def test_the_pyodide_rows_are_skipped_without_node(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert run.bench_pyodide() is None
