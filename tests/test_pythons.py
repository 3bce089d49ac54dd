"""The Pythons the project supports are the same in every place that names them: the
classifiers, the wheels cibuildwheel tests (pyproject.toml), the README's command on
GitHub (.github/workflows/ci.yml) and the abi3 wheel's stage (.ci/abi3-wheel)."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _read(relative: str) -> str:
    path = ROOT / relative
    if not path.exists():  # a wheel's or the sdist's tests have no CI files
        pytest.skip(f"{relative} is not here")
    return path.read_text(encoding="utf-8")


def test_the_supported_pythons_agree() -> None:
    pyproject = _read("pyproject.toml")
    classifiers = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', pyproject)
    assert classifiers == [f"3.{minor}" for minor in range(10, 16)]
    requires = re.search(r'^requires-python = ">=(3\.\d+)"', pyproject, re.MULTILINE)
    assert requires is not None and requires.group(1) == classifiers[0]
    build = re.search(r'^build = "(.*)"', pyproject, re.MULTILINE)
    assert build is not None
    assert build.group(1).split() == [f"cp{v.replace('.', '')}-*" for v in classifiers]
    workflow = re.search(
        r"^ +python: \[(.*)\]$", _read(".github/workflows/ci.yml"), re.M
    )
    assert workflow is not None
    assert re.findall(r'"(3\.\d+)"', workflow.group(1)) == classifiers
    stage = re.search(r"^versions=\((.*)\)$", _read(".ci/abi3-wheel"), re.MULTILINE)
    assert stage is not None and stage.group(1).split() == classifiers
