"""YUKON_IMPLEMENTATION chooses the solver's searches at import: the C core or pure
Python, which give the same answers. Each case runs in a fresh interpreter, since the
choice is made once, when yukon is imported."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

import yukon

_SOLVE = (
    "import yukon; s = yukon.solve(yukon.deal('YU1-C-AAAAAJV'), max_nodes=3000);"
    "print(yukon.COMPILED_SOLVER, s.verdict.value, s.nodes, len(s.moves))"
)

_CORE_INSTALLED = importlib.util.find_spec("yukon._core") is not None


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
    # unset, the core runs wherever it is installed, whatever this process chose
    assert default.stdout.split()[0] == str(_CORE_INSTALLED)
    assert python.stdout.split()[1:] == default.stdout.split()[1:]


@pytest.mark.parametrize("choice", ["compiled", "c", " Compiled ", "C"])
def test_compiled_or_c_asks_for_the_core_and_says_clearly_when_there_is_none(
    choice: str,
) -> None:
    """``compiled`` as the changelog and the internals page write it, and ``c``."""
    if yukon.COMPILED_SOLVER:
        compiled = _run(_SOLVE, choice)
        assert compiled.returncode == 0, compiled.stderr
        assert compiled.stdout.split()[0] == "True"
    missing = _run(_SOLVE, choice, hide_core=True)
    assert missing.returncode == 1
    named = choice.strip().lower()
    assert (
        f"ImportError: YUKON_IMPLEMENTATION={named} asks for the compiled core"
        in missing.stderr
    )


def test_unset_falls_back_to_python_where_there_is_no_core() -> None:
    fallback = _run(_SOLVE, None, hide_core=True)
    assert fallback.returncode == 0 and fallback.stdout.split()[0] == "False"


@pytest.mark.parametrize("choice", ["rust", "1", "core", "pure"])
def test_any_other_choice_is_refused_naming_the_variable(choice: str) -> None:
    refused = _run("import yukon", choice)
    assert refused.returncode == 1
    assert (
        "ImportError: YUKON_IMPLEMENTATION is 'python' or 'compiled' (or 'c', or "
        f"unset), not '{choice}'" in refused.stderr
    )


def test_the_choice_is_read_once_at_import_not_again_by_a_batch() -> None:
    """A change to the variable after import changes nothing: ``Batch`` once read it
    again on every call, and refused a value set later."""
    code = (
        "import os, yukon; os.environ['YUKON_IMPLEMENTATION'] = 'fortran';"
        "b = yukon.Batch([yukon.deal('YU1-C-AAAAAAB')] * 2);"
        "print(len(b), bytes(b.random_playouts(50, 7)) == bytes("
        "yukon.Batch([yukon.deal('YU1-C-AAAAAAB')] * 2).random_playouts(50, 7)))"
    )
    for choice in (None, "python"):
        done = _run(code, choice)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["2", "True"]


def test_python_does_not_load_the_core() -> None:
    """The pure-Python choice is a way around a broken core: it is never imported."""
    done = _run(
        "import sys, yukon; yukon.solve(yukon.deal('YU1-C-AAAAAAB'), max_nodes=50);"
        "b = yukon.Batch([yukon.deal('YU1-C-AAAAAAB')]); b.random_playouts(5, 1);"
        "print('yukon._core' in sys.modules)",
        "python",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]
