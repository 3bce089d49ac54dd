from __future__ import annotations

import io
import json
import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest

import yukon
from yukon import Game
from yukon._cli import main


def test_deal_prints_layout_score_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "YU1-C-AAAAAAB"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "YU1-C-AAAAAAB (classic)"
    assert "2: [9S] 4H 8D 8H 5C JH" in out
    assert "3: [6H 9C] JS 5H KH 3S 2H" in out
    assert "Score: 0" in out
    assert out[-1] == "Legal moves (8): 6S>1 6C>1 TS>2 QH>4 QD>4 5H>5 8C>6 6D>7"


def test_deal_plays_given_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "yu1-c-aaaaaab", "6C>1", "5H>5", "AH>F"]) == 0
    out = capsys.readouterr().out
    assert (
        "Foundations: -- AH -- --" in out and "Moves: 3" in out and "Score: 10" in out
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal", "YU1-C-AAAAAA"], "it takes exactly 7"),
        (["deal", "YU1-C-AAAAAAB", "7H>F"], "move 1 ('7H>F'): A foundation"),
        (["deal", "YU1-C-AAAAAAB", "6C>1", "bogus"], "move 2 ('bogus')"),
    ],
)
def test_bad_input_exits_2_with_the_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("yukon: error: ") and message in captured.err


def test_python_dash_m_runs_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yukon", "deal", "YU1-R-ZZZZZZZ"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("YU1-R-ZZZZZZZ (relaxed)")
    bad = subprocess.run(
        [sys.executable, "-m", "yukon", "deal", "YU9-C-AAAAAAB"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "algorithm 9" in bad.stderr


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """``yukon deal CODE | head -1``: the pipe closes before the command writes."""
    command = [sys.executable, "-m", "yukon", "deal", "YU1-C-AAAAAAB"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # long before the interpreter has started up
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait() == 1
    assert errors == ""


def test_solve_prints_verdict_cost_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "YU1-C-AAAAAAB", "--max-nodes", "5000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "YU1-C-AAAAAAB: won"
    assert out[1].startswith("time ") and "positions searched" in out[1]
    assert out[1].endswith("(compiled)") is yukon.COMPILED_SOLVER
    assert out[2].startswith("winning line (")
    game = Game.new("YU1-C-AAAAAAB")
    for move in out[3].split():
        game = game.play(move)
    assert game.is_won


def test_solve_refuses_bad_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "YU1-Q-AAAAAAB"]) == 2
    assert "rule 'Q'" in capsys.readouterr().err


def test_survey_prints_the_table(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    argv = ["survey", "--rules", "r", "--start", "3", "--count", "2", "--workers", "1"]
    assert main([*argv, "--max-nodes", "500", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    assert "total           2" in table and "95% interval" in table
    assert len(out.read_text().splitlines()) == 2
    assert main(["survey", "--count", "0", "--out", str(out)]) == 2


# -- the survey's files: a user's mistake is one line and status 2, nothing lost --------

_SURVEY = ["survey", "--start", "1", "--count", "3", "--workers", "1"]


def _one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("yukon: error: "), err
    return lines[0]


@pytest.mark.parametrize("where", ["directory", "no parent", "read-only"])
def test_a_survey_file_that_cannot_be_written_is_one_line(
    where: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = {
        "directory": tmp_path,
        "no parent": tmp_path / "missing" / "s.jsonl",
        "read-only": tmp_path / "ro.jsonl",
    }[where]
    if where == "read-only":
        out.write_text("")
        out.chmod(0o444)
        if os.access(out, os.W_OK):  # root writes anyway: make it a directory's child
            out.unlink()
            out = tmp_path / "ro.jsonl" / "s.jsonl"
            (tmp_path / "ro.jsonl").write_text("")
    assert main([*_SURVEY, "--max-nodes", "50", "--out", str(out)]) == 2
    assert "cannot write" in _one_error_line(capsys)


@pytest.mark.parametrize(
    ("option", "value"),
    [("--workers", "0"), ("--max-seconds", "nan"), ("--max-seconds", "-1")],
)
def test_survey_options_out_of_range_are_one_line(
    option: str, value: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    argv = ["survey", "--count", "3", option, value, "--out", str(out)]
    assert main(argv) == 2
    assert option.strip("-").split("-")[-1] in _one_error_line(capsys)
    assert not out.exists() or out.read_text() == ""


def test_solve_options_out_of_range_are_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "YU1-C-AAAAAAB", "--max-seconds", "nan"]) == 2
    assert "max_seconds" in _one_error_line(capsys)
    assert main(["solve", "YU1-C-AAAAAAB", "--max-memory", "1K"]) == 2
    assert "max_memory" in _one_error_line(capsys)
    # No time budget a loaded machine could run out of before the memory.
    memory_only = ["--max-memory", "32M", "--max-seconds", "1e8"]
    assert main(["solve", "YU1-C-AAAAAMX", *memory_only]) == 0
    assert "stopped by the memory budget" in capsys.readouterr().out


def test_bad_lines_of_a_survey_file_are_named_and_their_deals_solved_again(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    assert main([*_SURVEY, "--max-nodes", "50", "--out", str(out)]) == 0
    rows = out.read_bytes().splitlines()
    broken = [
        rows[0][:-1] + b"\xff}",  # not UTF-8
        rows[1].replace(b'"verdict"', b'"v"'),  # no verdict
        rows[2].replace(b'"unknown"', b'"maybe"').replace(b'"won"', b'"maybe"'),
        b"[" * 2_000 + b"]" * 2_000,  # nested deeper than the JSON reader goes
        b'{"code": "YU1-C-AAAAAAB", "verdict": ["won"]}',  # a verdict that is no text
        b'{"code": "YU1-C-AAAAAAC", "verdict": "won", "player": {"no": 1}}',
        b'{"code": "YU1-C-AAAAAAD", "verdict": "stuck"}',  # stuck is no-peek's alone
    ]
    out.write_bytes(b"\n".join([*broken, b"{not json"]) + b"\n")
    capsys.readouterr()
    assert main([*_SURVEY, "--max-nodes", "50", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    whys = ["UTF-8", "verdict", "verdict", "JSON", "verdict", "player", "verdict"]
    for number, why in enumerate([*whys, "JSON"], 1):
        assert f"line {number}: " in err and why in err
    assert "Traceback" not in err
    again = [
        json.loads(line) for line in out.read_text(errors="replace").splitlines()[8:]
    ]
    assert sorted(row["code"] for row in again) == [
        "YU1-C-AAAAAAB",
        "YU1-C-AAAAAAC",
        "YU1-C-AAAAAAD",
    ]


def test_a_file_with_an_endless_line_is_no_survey_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    out.write_bytes(b"0" * 200_000)
    assert main([*_SURVEY, "--max-nodes", "50", "--out", str(out)]) == 2
    assert "not a survey file" in _one_error_line(capsys)
    if os.path.exists("/dev/zero"):
        assert main([*_SURVEY, "--max-nodes", "50", "--out", "/dev/zero"]) == 2
        assert "/dev/zero is not a regular file" in _one_error_line(capsys)


def test_retry_unknown_solves_again_what_a_smaller_budget_left_open(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    assert main([*_SURVEY, "--max-nodes", "5", "--out", str(out)]) == 0
    first = [json.loads(line) for line in out.read_text().splitlines()]
    assert {row["verdict"] for row in first} == {"unknown"}
    larger = [*_SURVEY, "--max-nodes", "5000", "--out", str(out)]
    assert main(larger) == 0
    assert (
        len(out.read_text().splitlines()) == 3
    )  # without the option: kept as they are
    assert main([*larger, "--retry-unknown"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 6 and all(r["budget"]["max_nodes"] == 5000 for r in rows[3:])
    assert any(row["verdict"] == "won" for row in rows[3:])  # deal 1 is won at once
    assert main([*larger, "--retry-unknown"]) == 0  # the same budget: not again
    assert len(out.read_text().splitlines()) == 6


def test_ctrl_c_ends_a_survey_with_one_line_and_nothing_lost(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from yukon import _survey

    solved: list[str] = []
    solve_one = _survey._solve_args

    def interrupted(job: _survey._Job) -> Any:
        if len(solved) == 2:
            raise KeyboardInterrupt
        solved.append(job[0])
        return solve_one(job)

    monkeypatch.setattr(_survey, "_solve_args", interrupted)
    out = tmp_path / "s.jsonl"
    argv = ["survey", "--count", "5", "--workers", "1", "--max-nodes", "50"]
    assert main([*argv, "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "survey stopped: 2 of 5 deals are saved" in err
    assert [json.loads(line)["code"] for line in out.read_text().splitlines()] == solved


def test_survey_jobs_are_made_as_they_are_needed(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hundred million deals: only the three the stand-in solver takes are made."""
    from yukon import _survey

    def three(jobs: Any, workers: int) -> Any:
        for job, _ in zip(jobs, range(3), strict=False):
            yield _survey._solve_args(job)

    monkeypatch.setattr(_survey, "_local", three)
    out = tmp_path / "s.jsonl"
    tally = _survey.survey(
        yukon.Rules.CLASSIC, 0, 100_000_000, str(out), max_nodes=10, workers=1
    )
    assert tally.total == 3


@pytest.mark.same_without_core  # no-peek games of planned hints: minutes in pure Python
def test_a_no_peek_survey_from_the_command_line(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--player no-peek`` writes the no-peek player's rows (cheap hints here)."""
    from yukon import _survey

    monkeypatch.setattr(_survey, "HINT_SAMPLES", 2)
    monkeypatch.setattr(_survey, "HINT_NODES", 900)
    out = tmp_path / "blind.jsonl"
    argv = ["survey", "--rules", "R", "--start", "3", "--count", "2", "--workers", "1"]
    argv += ["--max-nodes", "50000", "--player", "no-peek", "--out", str(out)]
    assert main(argv) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["code"] for row in rows] == ["YU1-R-AAAAAAD", "YU1-R-AAAAAAE"]
    assert all(row["player"] == "no-peek" and row["hint_moves"] > 0 for row in rows)
    said = capsys.readouterr().out
    assert "won by the no-peek player" in said and "winnable" not in said
    assert main([*argv[:-4], "--out", str(out)]) == 2  # a thoughtful run: refused
    assert "no-peek rows" in capsys.readouterr().err


def test_unknown_in_solves_only_what_an_earlier_survey_left_open(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    argv = ["survey", "--start", "1", "--count", "6", "--workers", "1"]
    assert main([*argv, "--max-nodes", "1000", "--out", str(small)]) == 0
    open_deals = [
        row["code"]
        for row in map(json.loads, small.read_text().splitlines())
        if row["verdict"] == "unknown"
    ]
    assert open_deals  # deal 5 needs more than 1 000 positions
    capsys.readouterr()
    again = [*argv, "--max-nodes", "5000", "--unknown-in", str(small)]
    assert main([*again, "--out", str(large)]) == 0
    rows = [json.loads(line) for line in large.read_text().splitlines()]
    assert [row["code"] for row in rows] == open_deals
    assert f"total    {len(open_deals):>8}" in capsys.readouterr().out
    missing = tmp_path / "none.jsonl"
    assert main([*argv, "--unknown-in", str(missing), "--out", str(large)]) == 2
    assert f"cannot read {missing}" in _one_error_line(capsys)


def test_ctrl_c_in_a_pass_over_unknowns_counts_the_deals_of_the_pass(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from yukon import _survey

    earlier = tmp_path / "earlier.jsonl"
    rows = [("AAAAAAB", "won"), ("AAAAAAC", "unknown"), ("AAAAAAD", "unknown")]
    earlier.write_text(
        "".join(
            json.dumps({"code": f"YU1-C-{c}", "verdict": v}) + "\n" for c, v in rows
        )
    )

    def interrupted(job: _survey._Job) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(_survey, "_solve_args", interrupted)
    out = tmp_path / "again.jsonl"
    argv = [*_SURVEY, "--unknown-in", str(earlier), "--out", str(out)]
    assert main(argv) == 130
    assert "survey stopped: 0 of 2 deals are saved" in capsys.readouterr().err


@pytest.mark.parametrize(
    "move",
    ["\x1b[2J\x1b[31mred", "6C>1\nyukon: all is well", "x" * 100_000],
    ids=["escape sequences", "a newline", "100 000 characters"],
)
def test_a_bad_move_is_quoted_not_echoed(
    move: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "YU1-C-AAAAAAB", move]) == 2
    line = _one_error_line(capsys)
    assert "\x1b" not in line and len(line) < 300
    assert line.startswith("yukon: error: move 1 (")


@pytest.mark.same_without_core  # a no-peek game of planned hints: minutes in pure Python
def test_a_survey_starts_at_deal_1_and_names_its_file(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["survey", "--count", "2", "--workers", "1", "--max-nodes", "50"]
    assert main(argv) == 0
    out = tmp_path / "survey-C-1-2.jsonl"
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["code"] for row in rows] == ["YU1-C-AAAAAAB", "YU1-C-AAAAAAC"]
    assert "rows in survey-C-1-2.jsonl" in capsys.readouterr().out
    assert main([*argv, "--rules", "R"]) == 0
    assert (tmp_path / "survey-R-1-2.jsonl").exists()
    # one classic deal: a relaxed blind game costs ~15 s of hints, a classic one ~2 s
    blind = ["survey", "--count", "1", "--workers", "1", "--max-nodes", "50"]
    assert main([*blind, "--player", "no-peek"]) == 0
    assert (tmp_path / "nopeek-C-1-1.jsonl").exists()


def test_progress_to_a_file_is_one_line_per_update(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    assert main([*_SURVEY, "--max-nodes", "50", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err
    lines = err.splitlines()
    assert lines and all("deals/s" in line for line in lines)
    assert lines[-1].startswith("3/3 deals")


def test_progress_on_a_terminal_rewrites_one_line(tmp_path: pathlib.Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    from yukon import _survey

    screen = Terminal()
    _survey.survey(
        yukon.Rules.CLASSIC,
        1,
        3,
        str(tmp_path / "s.jsonl"),
        workers=1,
        max_nodes=50,
        max_seconds=None,
        progress=screen,
    )
    shown = screen.getvalue()
    assert shown.count("\r") == 3 and shown.endswith("\n") and shown.count("\n") == 1


def test_a_dask_survey_without_the_extra_is_one_line(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    argv = [*_SURVEY, "--scheduler", "tcp://127.0.0.1:1", "--out"]
    assert main([*argv, str(tmp_path / "s.jsonl")]) == 2
    assert "pip install 'yukon[dask]'" in _one_error_line(capsys)


def test_an_unreachable_scheduler_is_named_as_the_scheduler(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import dask
    import distributed  # noqa: F401 (its settings exist once it is imported)

    argv = [*_SURVEY, "--scheduler", "tcp://127.0.0.1:1", "--out"]
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main([*argv, str(tmp_path / "s.jsonl")]) == 2
    line = _one_error_line(capsys)
    assert "cannot reach the Dask scheduler 'tcp://127.0.0.1:1'" in line
    assert "cannot write" not in line
    nonsense = [*_SURVEY, "--scheduler", "nonsense://x", "--out"]
    assert main([*nonsense, str(tmp_path / "t.jsonl")]) == 2
    assert "cannot reach the Dask scheduler 'nonsense://x'" in _one_error_line(capsys)


def test_deal_winnable_of_a_grade(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--winnable", "--grade", "hard", "--rules", "C"]) == 0
    out = capsys.readouterr().out.splitlines()
    code = yukon.GameCode.parse(out[0].split()[0])
    assert out[-1].startswith("Grade: hard (the no-peek player won ")
    assert yukon.known_grading(code) is not None
    assert yukon.grade(code) is yukon.Grade.HARD


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal"], "give a game code or --winnable"),
        (["deal", "YU1-C-AAAAAAB", "--winnable"], "give a game code or --winnable"),
        (["deal", "YU1-C-AAAAAAB", "--grade", "easy"], "--grade goes with --winnable"),
        (["daily", "2026-02-30"], "YYYY-MM-DD"),
        (["grade", "YU1-C-"], "it takes exactly 7"),
    ],
)
def test_new_commands_refuse_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_daily_prints_the_days_deal_and_its_grade(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import datetime

    assert main(["daily", "2026-12-05", "--rules", "R"]) == 0  # a Saturday
    out = capsys.readouterr().out.splitlines()
    code = yukon.daily(datetime.date(2026, 12, 5), "R")
    assert out[0] == f"2026-12-05 (Saturday): {code}"
    assert out[1] == f"{code} (relaxed)"
    graded = yukon.known_grading(code)
    assert graded is not None and out[-1].startswith(f"Grade: {graded.grade.value}")


def test_daily_without_a_date_is_todays(capsys: pytest.CaptureFixture[str]) -> None:
    import datetime

    assert main(["daily"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    today = datetime.date.today()
    assert first.endswith(str(yukon.daily(today))) or today != datetime.date.today()


def test_grade_prints_the_grade_and_its_measure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["grade", "YU1-C-AAAAAAB"]) == 0
    graded = yukon.grading("YU1-C-AAAAAAB")
    assert capsys.readouterr().out == (
        f"YU1-C-AAAAAAB: {graded.grade.value} (the no-peek player won {graded.wins} of "
        "6 games); the package's catalog\n"
    )
    assert main(["grade", "YU1-C-AAAAAAY"]) == 0
    assert capsys.readouterr().out == (
        "YU1-C-AAAAAAY: lost (the solver proved it cannot be won); measured now\n"
    )
