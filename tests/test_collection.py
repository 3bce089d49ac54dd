"""What a plain ``pytest`` collects where yukon is installed from elsewhere, as a
distribution packager runs it in the unpacked sdist: the tests, and not the doctests of
the sdist's own ``src/yukon``, which would bring a second yukon beside the installed one
(pytest: "import file mismatch")."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_a_plain_pytest_beside_another_yukon_collects_no_second_one(
    tmp_path: pathlib.Path,
) -> None:
    if not (ROOT / "conftest.py").exists() or not (ROOT / "src" / "yukon").is_dir():
        pytest.skip("the checkout's or sdist's tree is not here (a wheel's test copy)")
    tree = tmp_path / "unpacked"
    shutil.copytree(
        ROOT / "src" / "yukon",
        tree / "src" / "yukon",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "*.c"),
    )
    for name in ("conftest.py", "pyproject.toml"):
        shutil.copy(ROOT / name, tree / name)
    for name in ("docs", "tests"):
        (tree / name).mkdir()
    (tree / "README.md").write_text("# yukon\n", encoding="utf-8")
    (tree / "tests" / "test_installed.py").write_text(
        "import yukon\n\n\ndef test_it() -> None:\n    assert yukon.deal\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "import file mismatch" not in done.stdout
    assert "1 passed" in done.stdout
