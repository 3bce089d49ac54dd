"""The benchmark suite still runs (on a tiny workload; speed itself is not tested here)."""

from __future__ import annotations

import json
import pathlib
import tempfile
from typing import Any

import pytest

import yukon
from benchmarks import hints, run

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_benchmarks_run_and_write_json(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    argv = ["--repeats", "1", "--scale", "0.005", "--solver-seconds", "1"]
    argv += ["--hint-budget", "1", "50", "--only"]
    # .ci/run's Pyodide stage runs the pure wheel there; callgrind takes minutes
    rows = [
        row
        for row in run.ROWS
        if row not in ("pyodide", "pyodide hint", "instructions")
    ]
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
        "hint sample",
        *(
            ["python: hint sample", "speed-up: hint sample"]
            if yukon.COMPILED_SOLVER
            else []
        ),
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
    hints = {row["row"]: row for row in data["rows"] if "hint" in row["row"]}
    assert hints["hint"]["budget"] == hints["hint sample"]["budget"] == [1, 50]
    assert hints["hint"]["value"] == hints["hint"]["cpu_p95_seconds"]
    assert hints["hint sample"]["value"] == hints["hint sample"]["cpu_median_seconds"]
    assert hints["hint sample"]["hints"] == 1


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
    assert run.bench_pyodide_hint() is None


def test_the_hint_is_timed_on_the_decisions_asked_and_followed() -> None:
    """At most ``decisions`` hints, each followed: the advice is a game's moves."""
    timed = hints.hint_times([run.HINT_DEALS.start], 3, (1, 50))
    assert len(timed["clock"]) == len(timed["cpu"]) == len(timed["advised"]) == 3
    game = yukon.Game.new(yukon.GameCode(run.HINT_DEALS.start))
    for move in timed["advised"]:
        game = game.play(str(move))
    assert game.move_count == 3
    assert all(
        isinstance(s, float) and s >= 0 for s in [*timed["clock"], *timed["cpu"]]
    )


def test_the_default_budget_is_the_hints_own() -> None:
    """A row said to be at the default budget advises as ``Game.hint()`` does, where
    the web page's smaller budget advises otherwise (so the budget reaches the hint)."""
    deal = [run.HINT_DEALS.start]
    default = hints.hint_times(deal, 2)["advised"]
    assert hints.hint_times(deal, 2, run.default_budget())["advised"] == default
    assert hints.hint_times(deal, 2, run.web_budget())["advised"] != default


def test_the_web_budget_is_the_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "web"))
    import yukon_web  # type: ignore[import-not-found]

    assert run.web_budget() == (yukon_web.HINT_SAMPLES, yukon_web.HINT_NODES)


def test_the_95th_percentile_is_the_nearest_rank() -> None:
    assert hints.percentile_95([float(n) for n in range(100, 0, -1)]) == 95.0
    assert hints.percentile_95([float(n) for n in range(1, 11)]) == 10.0
    assert hints.percentile_95([2.0]) == 2.0


def test_a_speed_up_of_hints_needs_the_same_decisions() -> None:
    row = {"row": "hint sample", "value": 0.5, "lower_is_better": True}
    core = {**row, "advised": ["6D>5", "4D>7"]}
    python = {**row, "row": "python: hint sample", "value": 10.0}
    (found,) = run.speed_ups(
        [core, {**python, "advised": ["6D>5", "4D>7"]}], ["hint sample"]
    )
    assert found == {
        "row": "speed-up: hint sample",
        "value": 20.0,
        "unit": "x",
        "target": None,
    }
    with pytest.raises(RuntimeError, match="advised apart"):
        run.speed_ups([core, {**python, "advised": ["6D>5"]}], ["hint sample"])


def test_committed_only_replaces_just_its_rows_and_says_when(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--committed --only`` measures the rows named again into the committed file:
    the others and the machine line untouched, each new row marked with its run."""
    committed = tmp_path / "results.json"
    before: dict[str, Any] = {
        "machine": {"yukon": yukon.__version__, "compiled": yukon.COMPILED_SOLVER},
        "rows": [
            {"row": "deal", "value": 1.0, "unit": "deals/s"},
            {"row": "hint sample", "value": 99.0, "unit": "s"},
            {"row": "pyodide load", "value": 2.0, "unit": "s"},
        ],
    }
    committed.write_text(json.dumps(before))
    monkeypatch.setattr(run, "COMMITTED", committed)
    monkeypatch.setattr(run, "bench_hint_sample", fake_sample)
    assert run.main(["--committed", "--only", "hint sample", "--repeats", "1"]) == 0
    after = json.loads(committed.read_text())
    assert after["machine"] == before["machine"]
    assert [row["row"] for row in after["rows"]] == [
        "deal",
        "hint sample",
        "pyodide load",
    ]
    assert after["rows"][0] == before["rows"][0]
    assert after["rows"][2] == before["rows"][2]
    sample = after["rows"][1]
    assert sample["value"] == 0.25
    measured = sample["measured"]
    assert measured["only"] == ["hint sample"]
    assert measured["yukon"] == yukon.__version__
    assert len(measured["load_average"]) == 2
    assert measured["date"].startswith("20")


def fake_sample(decisions: int, budget: object) -> dict[str, object]:
    """A hint sample row as if measured (the timing itself is not tested here)."""
    return {"row": "hint sample", "value": 0.25, "unit": "s", "decisions": decisions}


def test_committed_only_puts_new_rows_at_the_end_and_refuses_another_release() -> None:
    machine = {"yukon": yukon.__version__, "compiled": True}
    committed: dict[str, Any] = {
        "machine": machine,
        "rows": [{"row": "deal", "value": 1.0}],
    }
    when: dict[str, object] = {"yukon": yukon.__version__, "compiled": True}
    new = [{"row": "hint", "value": 0.3}, {"row": "deal", "value": 2.0}]
    assert run.merged(committed, new, when)["rows"] == [
        {"row": "deal", "value": 2.0, "measured": when},
        {"row": "hint", "value": 0.3, "measured": when},
    ]
    with pytest.raises(SystemExit, match="measure every row again"):
        run.merged({**committed, "machine": {**machine, "yukon": "0.0.1"}}, new, when)
    with pytest.raises(SystemExit, match="measure every row again"):
        run.merged(committed, new, {**when, "compiled": False})


def test_committed_measures_at_full_scale_and_the_hints_own_budget() -> None:
    for argv in (["--scale", "0.5"], ["--hint-budget", "1", "50"]):
        with pytest.raises(SystemExit):
            run.main(["--committed", *argv])
    with pytest.raises(SystemExit):
        run.main(["--committed", "--only", "solver"])
