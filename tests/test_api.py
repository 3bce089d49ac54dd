"""The public face: names, module paths, the error tree, the README's commands."""

from __future__ import annotations

import enum
import pathlib
import re

import pytest

import yukon

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_all_names_exist_and_report_the_public_module() -> None:
    assert sorted(yukon.__all__) == sorted(set(yukon.__all__))
    for name in yukon.__all__:
        obj = getattr(yukon, name)
        if isinstance(obj, type) or callable(obj):
            assert obj.__module__ == "yukon", name


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (yukon.InvalidCard, ValueError),
        (yukon.InvalidGameCode, ValueError),
        (yukon.InvalidMove, ValueError),
        (yukon.IllegalMove, ValueError),
        (yukon.InvalidPosition, ValueError),
        (yukon.NothingToUndo, IndexError),
    ],
)
def test_errors_share_a_base_and_the_builtin_callers_catch(
    error: type[Exception], builtin: type[Exception]
) -> None:
    assert issubclass(error, yukon.YukonError) and issubclass(error, builtin)
    assert error.__doc__ and "\n" not in error.__doc__.strip()
    assert error.__name__ in (yukon._errors.__doc__ or "")  # drawn in the tree


def test_refusal_codes_are_stable_strings() -> None:
    values = [code.value for code in yukon.RefusalCode]
    assert len(values) == len(set(values))
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", v) for v in values)
    assert issubclass(yukon.RefusalCode, enum.Enum)


def test_version_matches_the_metadata() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert f'version = "{yukon.__version__}"' in text
    assert text.count("\nversion = ") == 1  # stated once, read back as metadata


def test_ci_runs_exactly_the_readme_test_command() -> None:
    script = ROOT / ".ci" / "readme-tests"  # the stage .ci/run and ci.yml call
    if not script.exists():
        pytest.skip("a release's tests, copied without the repository's CI script")
    readme = (ROOT / "README.md").read_text()
    lines = script.read_text().splitlines()
    (ci,) = [line.strip() for line in lines if line.strip().startswith("ruff check")]
    assert f"&& {ci}\n" in readme


def test_readme_example_runs_and_prints_what_it_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    readme = (ROOT / "README.md").read_text()
    example = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(example.strip().splitlines()) <= 16
    exec(compile(example, "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert "6S>1 6C>1 TS>2 QH>4 QD>4 5H>5 8C>6 6D>7" in out
    assert out[-2].startswith("RefusalCode.RANK_MISMATCH A card goes on a card")
    assert out[-1] == "0 2 True"


@pytest.mark.parametrize("page", ["api.md", "frontend.md"])
def test_the_pages_list_every_refusal_code(page: str) -> None:
    text = (ROOT / "docs" / page).read_text()
    missing = [c.value for c in yukon.RefusalCode if f"| `{c.value}` |" not in text]
    assert not missing, f"{page} does not list {missing}"


def _public_modules_table() -> dict[str, list[str]]:
    """docs/api.md's table of public modules: each module with the names its row
    writes in backticks."""
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(yukon[.\w]*)` \| (.*?) \|", page, re.MULTILINE)
    return {module: re.findall(r"`(\w+)`", held) for module, held in rows}


def test_the_api_page_names_every_public_module_and_all_it_holds() -> None:
    """The page says which modules are public and what each holds: every module of
    the package without a leading underscore (``__main__`` is ``python -m yukon``), each
    submodule's row its whole ``__all__``, and ``yukon``'s row what it takes again
    from them."""
    import importlib
    import pkgutil

    table = _public_modules_table()
    public = {
        f"yukon.{found.name}"
        for found in pkgutil.iter_modules(yukon.__path__)
        if not found.name.startswith("_")
    }
    assert set(table) == {"yukon", *public}
    again = set()
    for name in public:
        module = importlib.import_module(name)
        assert sorted(table[name]) == sorted(module.__all__), name
        again |= set(module.__all__) & set(yukon.__all__)
    assert sorted(table["yukon"][-len(again) :]) == sorted(again)
    assert set(table["yukon"]) <= set(yukon.__all__) | {"attrs"}
