"""YUKON_IMPLEMENTATION chooses the solver's searches at import: the C core or pure
Python, which give the same answers. Each case runs in a fresh interpreter, since the
choice is made once, when yukon is imported."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import yukon

_SOLVE = (
    "import yukon; s = yukon.solve(yukon.deal('YU1-C-AAAAAJV'), max_nodes=3000);"
    "print(yukon.COMPILED_SOLVER, s.verdict.value, s.nodes, len(s.moves))"
)


def _run(
    code: str, choice: str | None, *, hide_core: bool = False
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "YUKON_IMPLEMENTATION"}
    if choice is not None:
        env["YUKON_IMPLEMENTATION"] = choice
    if hide_core:  # as an install built without a C compiler has no core
        code = "import sys; sys.modules['yukon._core'] = None; " + code
    return subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_python_runs_the_pure_python_searches_with_the_same_answers() -> None:
    python = _run(_SOLVE, "python")
    default = _run(_SOLVE, None)
    assert python.returncode == default.returncode == 0, python.stderr
    assert python.stdout.split()[0] == "False"
    assert default.stdout.split()[0] == str(yukon.COMPILED_SOLVER)
    assert python.stdout.split()[1:] == default.stdout.split()[1:]


def test_c_asks_for_the_core_and_says_clearly_when_there_is_none() -> None:
    if yukon.COMPILED_SOLVER:
        compiled = _run(_SOLVE, "C")
        assert compiled.returncode == 0 and compiled.stdout.split()[0] == "True"
    missing = _run(_SOLVE, "c", hide_core=True)
    assert missing.returncode == 1
    assert "ImportError: YUKON_IMPLEMENTATION=c asks for the compiled core" in (
        missing.stderr
    )
    fallback = _run(_SOLVE, None, hide_core=True)
    assert fallback.returncode == 0 and fallback.stdout.split()[0] == "False"


@pytest.mark.parametrize("choice", ["rust", "1"])
def test_any_other_choice_is_refused(choice: str) -> None:
    refused = _run("import yukon", choice)
    assert refused.returncode == 1
    assert "YUKON_IMPLEMENTATION is 'c' or 'python'" in refused.stderr
