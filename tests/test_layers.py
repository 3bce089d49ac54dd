"""The layers of docs/internals.md hold: import-linter's contracts ([tool.importlinter] in
pyproject.toml) pass on the package, and on a copy of it with one import across a layer
they break, naming the contract, so that such an import fails the suite."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import yukon

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyproject.toml"
PACKAGE = pathlib.Path(yukon.__file__).parent
LAYERS = "The layers of docs/internals.md"
FACES = "The public modules do not import one another"
AIDS = "The aids see a position only through _aids.Board"

_LINT = (
    "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"
)


def _lint(search_path: pathlib.Path | None, cwd: pathlib.Path) -> tuple[int, str]:
    """lint-imports with the project's contracts, on the ``yukon`` found first on
    ``search_path`` (the installed one when ``None``)."""
    if not CONFIG.exists():
        pytest.skip("a release's tests, copied without pyproject.toml")
    # lint-imports reads the sources and runs none of them: not measured by the
    # coverage of `pytest --cov` (it would count each copy's files as the package's,
    # never run).
    env = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_PROCESS")}
    if search_path is not None:
        env["PYTHONPATH"] = str(search_path)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _LINT,
            "--config",
            str(CONFIG),
            "--no-cache",
            "--no-logo",
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )
    return done.returncode, done.stdout + done.stderr


def test_the_package_keeps_every_contract(tmp_path: pathlib.Path) -> None:
    code, output = _lint(None, tmp_path)
    assert code == 0, output
    assert f"{LAYERS} KEPT" in output
    assert f"{FACES} KEPT" in output
    assert f"{AIDS} KEPT" in output


@pytest.mark.parametrize(
    ("module", "added", "contract", "named"),
    [
        # The rules learning of games: a position's rules may not know a game.
        ("_rules", "from ._game import Game\n", LAYERS, "yukon._rules -> yukon._game"),
        # A late import counts as much as one at the top.
        (
            "_cards",
            "def _late() -> object:\n    from ._state import State\n    return State\n",
            LAYERS,
            "yukon._cards -> yukon._state",
        ),
        # views holds the JSON shapes only: it sits below the positions that write them.
        ("views", "from . import _state\n", LAYERS, "yukon.views -> yukon._state"),
        # The aids asking State itself rather than the questions of their Board.
        ("_aids", "from ._state import State\n", AIDS, "yukon._aids -> yukon._state"),
        # A face reaching into another.
        ("play", "from . import gym\n", FACES, "yukon.play -> yukon.gym"),
    ],
)
def test_an_import_across_a_layer_breaks_the_contract(
    tmp_path: pathlib.Path, module: str, added: str, contract: str, named: str
) -> None:
    copy = tmp_path / "yukon"
    shutil.copytree(
        PACKAGE, copy, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    source = copy / f"{module}.py"
    source.write_text(source.read_text() + "\n\n" + added)
    code, output = _lint(tmp_path, tmp_path)
    assert code == 1, output
    assert f"{contract} BROKEN" in output
    assert named in output


def test_a_module_missing_from_the_table_breaks_the_layers(
    tmp_path: pathlib.Path,
) -> None:
    copy = tmp_path / "yukon"
    shutil.copytree(
        PACKAGE, copy, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    (copy / "_unplaced.py").write_text('"""A module in no layer."""\n')
    code, output = _lint(tmp_path, tmp_path)
    assert code == 1, output
    assert f"{LAYERS} BROKEN" in output
    assert "_unplaced" in output


def test_the_table_on_internals_md_is_the_contract() -> None:
    if not CONFIG.exists():
        pytest.skip("a release's tests, copied without pyproject.toml")
    from importlinter.api import read_configuration

    contracts = read_configuration(str(CONFIG))["contracts_options"]
    (layers,) = [c["layers"] for c in contracts if c["name"] == LAYERS]
    text = (ROOT / "docs" / "internals.md").read_text()
    table = text[text.index("| layer | modules |") :].split("\n\n")[0]
    rows = [line.split("|")[2] for line in table.splitlines()[2:]]
    drawn = [sorted(re.findall(r"`(\w+)`", row)) for row in rows]
    assert drawn == [sorted(m.strip() for m in layer.split(":")) for layer in layers]
