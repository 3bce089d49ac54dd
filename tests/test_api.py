"""The public face: names, module paths, the error tree, the README's commands."""

from __future__ import annotations

import ast
import enum
import importlib
import pathlib
import pickle
import pkgutil
import re
import sys
import types
import typing

import pytest

import yukon

ROOT = pathlib.Path(__file__).resolve().parent.parent


PUBLIC_MODULES = sorted(
    {"yukon"}
    | {
        f"yukon.{found.name}"
        for found in pkgutil.iter_modules(yukon.__path__)
        if not found.name.startswith("_")
    }
)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_public_names_report_a_public_module(name: str) -> None:
    """A class or function a public module exports reports a public module (``yukon.Game``,
    not ``yukon._game.Game``, in reprs and tracebacks), that module holds it under its
    name (so pickle finds it there), and its type hints still resolve."""
    module = importlib.import_module(name)
    assert sorted(module.__all__) == sorted(set(module.__all__))
    for exported in module.__all__:
        obj = getattr(module, exported)
        # A type alias such as protocol.Message (dict[str, Any]) is no class of ours,
        # though Python 3.10 calls it a type.
        if not isinstance(obj, (type, types.FunctionType)) or isinstance(
            obj, types.GenericAlias
        ):
            continue
        home = obj.__module__
        assert not any(part.startswith("_") for part in home.split(".")), (
            exported,
            home,
        )
        assert getattr(importlib.import_module(home), obj.__qualname__) is obj, exported
        if isinstance(obj, type):
            assert pickle.loads(pickle.dumps(obj)) is obj
        if all(_ours(k) for k in getattr(obj, "__mro__", ())):  # not gymnasium's
            typing.get_type_hints(obj)


def _ours(cls: type) -> bool:
    return cls.__module__.split(".")[0] in {"yukon", *sys.stdlib_module_names}


def test_no_two_classes_of_the_package_share_a_name() -> None:
    """Two classes of one name mislead a reader (two ``Position`` classes, in the rules
    and the aids, and ``PileView`` in ``views`` and in ``play``, once did); private
    helpers (``_Games``) aside."""
    where: dict[str, str] = {}
    for path in sorted(pathlib.Path(yukon.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                assert where.setdefault(node.name, path.name) == path.name, node.name


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


def test_refusal_codes_are_the_ones_api_md_promises() -> None:
    """The values are the JSON's and a frontend's keys: docs/api.md lists each, in order."""
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    table = page[page.index("| `RefusalCode` | value | rule |") :].split("\n\n")[0]
    promised = re.findall(r"^\| `(\w+)` \| `([a-z-]+)` \|", table, re.MULTILINE)
    assert [(c.name, c.value) for c in yukon.RefusalCode] == promised


def test_each_refusal_code_is_stated_where_its_rule_is() -> None:
    """The rules of a move state ten codes, the aids and auto-finish six; the public enum
    joins them, and the rules of a move know none of the aids'."""
    from yukon._aids import AidRule
    from yukon._rules import MoveRule

    joined = [(rule.name, rule.value) for rule in (*MoveRule, *AidRule)]
    assert [(c.name, c.value) for c in yukon.RefusalCode] == joined
    assert len(MoveRule) == 10 and len(AidRule) == 6


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
