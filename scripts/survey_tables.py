"""Print the results tables of docs/research.md from the survey data in docs/data/.

``python scripts/survey_tables.py`` writes the Markdown to standard output;
``tests/test_research_page.py`` checks that the page holds exactly this text between its
``survey-tables`` markers, so the page and the data cannot drift apart. After a new
survey, run it and paste its output over the old tables (and run
``scripts/survey_figures.py`` for the figures).
"""

from __future__ import annotations

import functools
import json
import pathlib
import statistics
from collections.abc import Iterable
from typing import Any, NamedTuple

import yukon
from yukon import GameCode
from yukon._survey import BLIND_MOVES, Tally

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data"
FIGURES = ROOT / "docs" / "figures"
THOUGHTFUL = {
    "classic": DATA / "survey-classic-1-20000-30s.jsonl",
    "relaxed": DATA / "survey-relaxed-1-5000-30s.jsonl",
}
NO_PEEK = {
    "classic": DATA / "nopeek-classic-1-1000-30s.jsonl",
    "relaxed": DATA / "nopeek-relaxed-1-1000-30s.jsonl",
}
LONGER = DATA / "survey-classic-unknowns-long.jsonl"
AGAIN = DATA / "survey-classic-again-30s.jsonl"
"""The classic survey's unknown deals, and the deals it took more than ``SLOW`` seconds
to resolve, solved again at 30 s each by the solver of this release."""
SLOW = 10.0
DEEPER = {
    "classic": DATA / "survey-classic-unknowns-20m.jsonl",
    "relaxed": DATA / "survey-relaxed-unknowns-20m.jsonl",
}
"""The deals every 30 s run left unknown, solved again by the solver of this release
with a budget of ``DEEPER_NODES`` positions each."""
DEEPER_NODES = 20_000_000
LATEST = {
    "classic": DATA / "survey-classic-unknowns-60m.jsonl",
    "relaxed": DATA / "survey-relaxed-unknowns-60m.jsonl",
}
"""The deals the pass at ``DEEPER_NODES`` left unknown, solved again in deal order by
the solver of this release with ``LATEST_NODES`` positions each: all of them, or those
up to the last deal the pass reached."""
LATEST_NODES = 60_000_000
FURTHEST = {
    "classic": DATA / "survey-classic-unknowns-120m.jsonl",
    "relaxed": DATA / "survey-relaxed-unknowns-120m.jsonl",
}
"""The deals the pass at ``LATEST_NODES`` left unknown, solved again in deal order by
the solver of this release with ``FURTHEST_NODES`` positions each, up to the last deal
the pass reached."""
FURTHEST_NODES = 120_000_000
RESTARTS = {
    "classic": DATA / "survey-classic-unknowns-restarts.jsonl",
    "relaxed": DATA / "survey-relaxed-unknowns-restarts.jsonl",
}
"""The deals every pass left unknown, solved again in deal order by
``scripts/restarts.py``: from the ``RESTART_STARTS`` furthest of their first
``RESTART_POSITIONS`` positions breadth first, ``RESTART_NODES`` positions each."""
RESTART_NODES = 2_000_000
RESTART_STARTS = 10
RESTART_POSITIONS = 200_000
SOLVER_RESTARTS = {
    "classic": DATA / "survey-classic-unknowns-restarts-solver.jsonl",
    "relaxed": DATA / "survey-relaxed-unknowns-restarts-solver.jsonl",
}
"""The deals the restarts left unknown, solved again in deal order by
``scripts/restarts.py --finder solver``: from the ``RESTART_STARTS`` furthest of the
first ``RESTART_POSITIONS`` positions the solver's own breadth-first search reaches,
``SOLVER_RESTART_NODES`` positions each."""
SOLVER_RESTART_NODES = 200_000


class PlayoutPass(NamedTuple):
    """A pass of ``scripts/restarts.py --finder playouts`` in deal order over the deals
    the run before it left unknown: from the ``RESTART_STARTS`` starts that
    ``playouts`` random games of at most ``moves`` moves find (seeded with ``seed``),
    ``nodes`` positions each; its files, one for each rule set."""

    files: dict[str, pathlib.Path]
    playouts: int
    moves: int
    seed: int
    nodes: int


PLAYOUT_PASSES = (
    PlayoutPass(
        {
            "classic": DATA / "survey-classic-unknowns-playouts.jsonl",
            "relaxed": DATA / "survey-relaxed-unknowns-playouts.jsonl",
        },
        1_000,
        2_000,
        0,
        200_000,
    ),
    PlayoutPass(
        {
            "classic": DATA / "survey-classic-unknowns-playouts-more.jsonl",
            "relaxed": DATA / "survey-relaxed-unknowns-playouts-more.jsonl",
        },
        5_000,
        2_000,
        1,
        200_000,
    ),
)
"""The passes from starts random play finds, in the order they ran: the first over
the deals the restarts from the solver's starts left unknown, each next over those the
one before left unknown."""
FURTHER_ON = {
    "classic": DATA / "survey-classic-unknowns-further-on.jsonl",
    "relaxed": DATA / "survey-relaxed-unknowns-further-on.jsonl",
}
"""The deals every 30 s run left unknown, solved again by the solver of this release,
which tries starts further on after a million positions, with ``FURTHER_ON_NODES``
positions each."""
FURTHER_ON_NODES = 1_300_000
KPAT = DATA / "kpat-1-1000.jsonl"
"""KDE Patience's verdicts on its deals beside this solver's (scripts/kpat_compare.py)."""
TUNED = 500
"""Classic deals 1 to this are the ones the searches were tuned on; the rest are held
out."""
BLOCK = 500
"""The solver's target is stated for any this many consecutive deals."""


def records(path: pathlib.Path) -> list[dict[str, Any]]:
    """Every line of a survey file; a bad line fails (the page must not hide one)."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def number(record: dict[str, Any]) -> int:
    return GameCode.parse(record["code"]).number


@functools.cache
def _deals(path: pathlib.Path) -> list[dict[str, Any]]:
    """The rows of a survey file by deal number, 1 to N each once (else it fails).
    Read and checked once: every table reads the surveys, and none changes a row."""
    rows = sorted(records(path), key=number)
    if [number(r) for r in rows] != list(range(1, len(rows) + 1)):
        raise SystemExit(f"{path.name}: not deals 1 to {len(rows)} once each")
    return rows


def thoughtful(rules: str) -> list[dict[str, Any]]:
    """The thoughtful survey of a rule set, by deal number."""
    return _deals(THOUGHTFUL[rules])


def no_peek(rules: str) -> list[dict[str, Any]]:
    """The no-peek survey of a rule set, by deal number."""
    return _deals(NO_PEEK[rules])


def tally(rows: Iterable[dict[str, Any]]) -> Tally:
    counted = Tally()
    for row in rows:
        counted = counted.add(row["verdict"])
    return counted


def _count(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _duration(hours: float) -> str:
    if hours >= 1:
        return f"about {hours:.1f} hours"
    return f"about {hours * 60:.0f} minutes"


def _share(x: float) -> str:
    return f"{x:.1%}".replace("%", " %")


def _row(label: str, counted: Tally) -> str:
    low, high = counted.interval
    return (
        f"| {label} | {_count(counted.won)} | {_count(counted.lost)} | "
        f"{_count(counted.unknown)} | {_share(counted.won / counted.total)} | "
        f"{_share(low)} - {_share(high)} |"
    )


_HEADER = [
    "| rule set | deals | budget per deal | won | lost | unknown "
    "| winnable share | 95 % interval |",
    "|---|---|---|---|---|---|---|---|",
]


def _pass(
    path: pathlib.Path, wanted: set[int], which: str, budget: tuple[str, float]
) -> dict[int, dict[str, Any]]:
    """A later pass's rows by deal number; the file must hold exactly the ``wanted``
    deals (``which`` names them), each once, all at one ``budget`` (else it fails)."""
    rows = records(path)
    by_deal = {number(r): r for r in rows}
    if len(by_deal) != len(rows) or set(by_deal) != wanted:
        raise SystemExit(f"{path.name}: not {which} once each")
    name, value = budget
    if {r["budget"][name] for r in rows} != {value}:
        raise SystemExit(f"{path.name}: not {name} = {value} for every deal")
    return by_deal


@functools.cache
def again() -> dict[int, dict[str, Any]]:
    """The second classic pass by deal number: the survey's unknown and slow deals at
    the survey's 30 s."""
    wanted = {
        number(r)
        for r in thoughtful("classic")
        if r["verdict"] == "unknown" or r["seconds"] > SLOW
    }
    return _pass(
        AGAIN, wanted, "the survey's unknown and slow deals", ("max_seconds", 30.0)
    )


def either(first: dict[str, Any], second: dict[str, Any] | None) -> dict[str, Any]:
    """A deal's verdict over two runs: one that resolved it, if either did."""
    if second is None or first["verdict"] != "unknown":
        return first
    return second


def at_30_s(rules: str) -> list[dict[str, Any]]:
    """Each deal's verdict over every 30 s run of a rule set, by deal number."""
    rows = thoughtful(rules)
    if rules != "classic":
        return rows
    second = again()
    return [either(r, second.get(number(r))) for r in rows]


def _after_30_s(
    rules: str, path: pathlib.Path, nodes: int
) -> dict[int, dict[str, Any]]:
    """A pass at ``nodes`` positions over the deals every 30 s run of ``rules`` left
    unknown, by deal number."""
    wanted = {number(r) for r in at_30_s(rules) if r["verdict"] == "unknown"}
    return _pass(path, wanted, "the deals left unknown at 30 s", ("max_nodes", nodes))


@functools.cache
def deeper(rules: str) -> dict[int, dict[str, Any]]:
    """The pass at ``DEEPER_NODES`` positions by deal number: the deals every 30 s
    run left unknown."""
    return _after_30_s(rules, DEEPER[rules], DEEPER_NODES)


def every_pass(rules: str) -> list[dict[str, Any]]:
    """Each deal's verdict over the 30 s runs and the pass at ``DEEPER_NODES``
    positions, by deal number."""
    more = deeper(rules)
    return [either(r, more.get(number(r))) for r in at_30_s(rules)]


_MILLIONS = f"{DEEPER_NODES // 1_000_000} million positions"
_MORE_MILLIONS = f"{LATEST_NODES // 1_000_000} million"
_MOST_MILLIONS = f"{FURTHEST_NODES // 1_000_000} million"


_InOrder = tuple[int, dict[int, dict[str, Any]]]
"""A pass in deal order: the last deal it reached, and its rows by deal number."""


def _in_deal_order(
    path: pathlib.Path, before: dict[int, dict[str, Any]], nodes: int, which: str
) -> _InOrder:
    """A pass run in deal order over the deals the pass ``before`` it left unknown
    (``which`` names them): the last deal it reached, and its rows by deal number, which
    must be every one of those deals up to that one, at ``nodes`` positions each."""
    through = max(number(r) for r in records(path))
    wanted = {
        deal
        for deal, r in before.items()
        if r["verdict"] == "unknown" and deal <= through
    }
    which = f"the deals left unknown at {which} up to deal {through}"
    return through, _pass(path, wanted, which, ("max_nodes", nodes))


@functools.cache
def latest(rules: str) -> _InOrder:
    """The last deal the pass at ``LATEST_NODES`` positions reached, and its rows by deal
    number: every deal up to that one which the pass at ``DEEPER_NODES`` left unknown."""
    return _in_deal_order(LATEST[rules], deeper(rules), LATEST_NODES, _MILLIONS)


@functools.cache
def furthest(rules: str) -> _InOrder:
    """The last deal the pass at ``FURTHEST_NODES`` positions reached, and its rows by
    deal number: every deal up to that one which the pass at ``LATEST_NODES`` left
    unknown."""
    return _in_deal_order(
        FURTHEST[rules], latest(rules)[1], FURTHEST_NODES, f"{_MORE_MILLIONS} positions"
    )


def _unknowns(rows: dict[int, dict[str, Any]]) -> int:
    return sum(r["verdict"] == "unknown" for r in rows.values())


def _covers_all(in_order: _InOrder, before: dict[int, dict[str, Any]]) -> bool:
    """Whether a pass in deal order solved every deal the pass ``before`` it left
    unknown."""
    return len(in_order[1]) == _unknowns(before)


def _reach(in_order: _InOrder, before: dict[int, dict[str, Any]]) -> str:
    """How far a pass in deal order went, for a label: nothing when it covers all."""
    through = in_order[0]
    return "" if _covers_all(in_order, before) else f" up to deal {_count(through)}"


def _which(in_order: _InOrder, before: dict[int, dict[str, Any]]) -> str:
    """The deals a pass in deal order solved again, for a sentence."""
    through, rows = in_order
    if _covers_all(in_order, before):
        return f"all {_count(len(rows))}"
    return f"the {_count(len(rows))} up to deal {_count(through)}"


def latest_reach(rules: str) -> str:
    """How far the pass at ``LATEST_NODES`` positions went, for a label."""
    return _reach(latest(rules), deeper(rules))


def furthest_reach(rules: str) -> str:
    """How far the pass at ``FURTHEST_NODES`` positions went, for a label."""
    return _reach(furthest(rules), latest(rules)[1])


def deepest_pass(rules: str) -> list[dict[str, Any]]:
    """Each deal's verdict over every pass, by deal number: the 30 s runs, the pass at
    ``DEEPER_NODES`` positions and, as far as they went, the passes at ``LATEST_NODES``
    and ``FURTHEST_NODES``."""
    more = latest(rules)[1]
    most = furthest(rules)[1]
    return [
        either(either(r, more.get(number(r))), most.get(number(r)))
        for r in every_pass(rules)
    ]


@functools.cache
def deepest_by_deal(rules: str) -> dict[int, dict[str, Any]]:
    """:func:`deepest_pass` by deal number."""
    return {number(r): r for r in deepest_pass(rules)}


def _stated(budget: dict[str, Any], name: str) -> Any:
    """A restarts row's budget entry; a row without a finder used the script's."""
    return budget.get(name, "script") if name == "finder" else budget[name]


def _restarts_pass(
    path: pathlib.Path,
    before: dict[int, dict[str, Any]],
    nodes: int,
    which: str,
    stated: tuple[tuple[str, Any], ...],
) -> _InOrder:
    """A pass of ``scripts/restarts.py`` in deal order over the deals ``before`` left
    unknown, each row with the budget entries ``stated``."""
    through, rows = _in_deal_order(path, before, nodes, which)
    for name, value in stated:
        if {_stated(r["budget"], name) for r in rows.values()} != {value}:
            raise SystemExit(f"{path.name}: not {name} = {value} for every deal")
    return through, rows


def _breadth_first(finder: str) -> tuple[tuple[str, Any], ...]:
    """What a row of restarts from starts found breadth first states."""
    return (
        ("starts", RESTART_STARTS),
        ("breadth_first", RESTART_POSITIONS),
        ("finder", finder),
    )


@functools.cache
def restarted(rules: str) -> _InOrder:
    """The last deal the restarts reached, and their rows by deal number: every deal up
    to that one which every pass before left unknown."""
    return _restarts_pass(
        RESTARTS[rules],
        deepest_by_deal(rules),
        RESTART_NODES,
        f"{_MOST_MILLIONS} positions",
        _breadth_first("script"),
    )


_RESTARTS = f"{RESTART_NODES // 1_000_000} million from each of {RESTART_STARTS} starts"


def after_restarts(rules: str) -> list[dict[str, Any]]:
    """Each deal's verdict over every pass and then the restarts, by deal number."""
    more = restarted(rules)[1]
    return [either(r, more.get(number(r))) for r in deepest_pass(rules)]


def restarts_reach(rules: str) -> str:
    """How far the restarts went, for a label."""
    before = deepest_by_deal(rules)
    return _reach(restarted(rules), before)


@functools.cache
def after_restarts_by_deal(rules: str) -> dict[int, dict[str, Any]]:
    """:func:`after_restarts` by deal number."""
    return {number(r): r for r in after_restarts(rules)}


@functools.cache
def solver_restarted(rules: str) -> _InOrder:
    """The last deal the restarts from the solver's starts reached, and their rows by
    deal number: every deal up to that one which the restarts left unknown."""
    return _restarts_pass(
        SOLVER_RESTARTS[rules],
        after_restarts_by_deal(rules),
        SOLVER_RESTART_NODES,
        "the restarts",
        _breadth_first("solver"),
    )


_SOLVER_RESTARTS = (
    f"{_count(SOLVER_RESTART_NODES)} from each of the solver's {RESTART_STARTS} starts"
)


def after_solver_restarts(rules: str) -> list[dict[str, Any]]:
    """Each deal's verdict over every pass, the restarts and then the restarts from
    the solver's starts, by deal number."""
    more = solver_restarted(rules)[1]
    return [either(r, more.get(number(r))) for r in after_restarts(rules)]


@functools.cache
def after_solver_restarts_by_deal(rules: str) -> dict[int, dict[str, Any]]:
    """:func:`after_solver_restarts` by deal number."""
    return {number(r): r for r in after_solver_restarts(rules)}


@functools.cache
def playout_restarted(rules: str, k: int) -> _InOrder:
    """The last deal the ``k``-th pass from starts random play finds reached, and its
    rows by deal number: every deal up to that one which the run before it left
    unknown."""
    done = PLAYOUT_PASSES[k]
    return _restarts_pass(
        done.files[rules],
        _before_playouts(rules, k),
        done.nodes,
        "the restarts from the solver's starts" if k == 0 else "random play before",
        (
            ("starts", RESTART_STARTS),
            ("playouts", done.playouts),
            ("moves", done.moves),
            ("seed", done.seed),
            ("finder", "playouts"),
        ),
    )


def _playout_label(done: PlayoutPass) -> str:
    return (
        f"{_count(done.nodes)} from each of {RESTART_STARTS} starts "
        f"{_count(done.playouts)} random games find"
    )


@functools.cache
def after_playouts_by_deal(rules: str, k: int) -> dict[int, dict[str, Any]]:
    """Each deal's verdict over every pass, both restarts and the passes from starts
    random play finds up to the ``k``-th, by deal number."""
    more = playout_restarted(rules, k)[1]
    return {
        deal: either(r, more.get(deal))
        for deal, r in _before_playouts(rules, k).items()
    }


def _before_playouts(rules: str, k: int) -> dict[int, dict[str, Any]]:
    """What the run before the ``k``-th pass from random play left, by deal number."""
    if k == 0:
        return after_solver_restarts_by_deal(rules)
    return after_playouts_by_deal(rules, k - 1)


def winnable_table() -> list[str]:
    lines = list(_HEADER)
    for rules in THOUGHTFUL:
        rows = thoughtful(rules)
        lines.append(_row(f"{rules} | `YU1` 1-{_count(len(rows))} | 30 s", tally(rows)))
    rows = at_30_s("classic")
    deals = f"`YU1` 1-{_count(len(rows))}"
    lines.append(_row(f"classic | {deals} | 30 s, unknowns twice", tally(rows)))
    for rules, first in (("classic", "30 s, unknowns twice"), ("relaxed", "30 s")):
        rows = every_pass(rules)
        lines.append(
            _row(
                f"{rules} | `YU1` 1-{_count(len(rows))} | {first}, then {_MILLIONS}",
                tally(rows),
            )
        )
        rows = deepest_pass(rules)
        budget = (
            f"{first}, then {_MILLIONS}, then {_MORE_MILLIONS}{latest_reach(rules)}"
        )
        budget += f", then {_MOST_MILLIONS}{furthest_reach(rules)}"
        lines.append(
            _row(f"{rules} | `YU1` 1-{_count(len(rows))} | {budget}", tally(rows))
        )
        rows = after_restarts(rules)
        budget += f", then {_RESTARTS}{restarts_reach(rules)}"
        lines.append(
            _row(f"{rules} | `YU1` 1-{_count(len(rows))} | {budget}", tally(rows))
        )
        rows = after_solver_restarts(rules)
        budget += f", then {_SOLVER_RESTARTS}"
        budget += _reach(solver_restarted(rules), after_restarts_by_deal(rules))
        lines.append(
            _row(f"{rules} | `YU1` 1-{_count(len(rows))} | {budget}", tally(rows))
        )
        for k, done in enumerate(PLAYOUT_PASSES):
            rows = list(after_playouts_by_deal(rules, k).values())
            budget += f", then {_playout_label(done)}"
            budget += _reach(playout_restarted(rules, k), _before_playouts(rules, k))
            lines.append(
                _row(f"{rules} | `YU1` 1-{_count(len(rows))} | {budget}", tally(rows))
            )
    return lines


def resolved(rows: list[dict[str, Any]]) -> int:
    return sum(r["verdict"] != "unknown" for r in rows)


def worst_window(rows: list[dict[str, Any]], size: int = BLOCK) -> tuple[int, int]:
    """The first deal of the ``size`` consecutive deals with the fewest resolved, and
    how many of them were resolved."""
    flags = [r["verdict"] != "unknown" for r in rows]
    inside = sum(flags[:size])
    worst = (1, inside)
    for start in range(1, len(flags) - size + 1):
        inside += flags[start + size - 1] - flags[start - 1]
        if inside < worst[1]:
            worst = (start + 1, inside)
    return worst


def worst_held_out(rows: list[dict[str, Any]]) -> tuple[int, int]:
    """:func:`worst_window` over the held-out deals, its first deal's number as in the
    survey."""
    start, inside = worst_window(rows[TUNED:])
    return start + TUNED, inside


def _resolved_row(label: str, part: list[dict[str, Any]]) -> str:
    return (
        f"| {label} | {_share(resolved(part) / len(part))} | "
        f"{_count(len(part) - resolved(part))} |"
    )


def meeting_target(rows: list[dict[str, Any]]) -> tuple[int, int]:
    """How many whole blocks of ``BLOCK`` deals (1-500, 501-1000, ...) have at least
    99.5 % resolved, and how many whole blocks there are."""
    blocks = [rows[k : k + BLOCK] for k in range(0, len(rows), BLOCK)]
    full = [b for b in blocks if len(b) == BLOCK]
    return sum(resolved(b) >= 0.995 * BLOCK for b in full), len(full)


def resolved_table() -> list[str]:
    rows = thoughtful("classic")
    tuned, held = rows[:TUNED], rows[TUNED:]
    meeting, blocks = meeting_target(rows)
    start, best_of_worst = worst_window(rows)
    held_start, held_worst = worst_held_out(rows)

    return [
        "| classic deals, 30 s each | resolved | unknown |",
        "|---|---|---|",
        _resolved_row(f"1-{TUNED} (the searches were tuned on these)", tuned),
        _resolved_row(f"{TUNED + 1}-{_count(len(rows))} (held out)", held),
        _resolved_row(
            f"{TUNED + 1}-{_count(2 * TUNED)} (held out)", rows[TUNED : 2 * TUNED]
        ),
        _resolved_row(
            f"{_count(2 * TUNED + 1)}-{_count(3 * TUNED)} (held out)",
            rows[2 * TUNED : 3 * TUNED],
        ),
        f"| the worst {BLOCK} in a row: {_count(start)}-{_count(start + BLOCK - 1)} | "
        f"{_share(best_of_worst / BLOCK)} | {BLOCK - best_of_worst} |",
        f"| the worst {BLOCK} in a row held out: {_count(held_start)}-"
        f"{_count(held_start + BLOCK - 1)} | {_share(held_worst / BLOCK)} | "
        f"{BLOCK - held_worst} |",
        "",
        f"Blocks of {BLOCK} (1-{BLOCK}, {BLOCK + 1}-{_count(2 * BLOCK)}, ...) with at "
        f"least 99.5 % resolved: {meeting} of {blocks}.",
    ]


def _won_lost(rows: Iterable[dict[str, Any]]) -> str:
    counted = tally(rows)
    return f"{_count(counted.won)} won, {_count(counted.lost)} lost"


def _release_table(budget: str, rows: list[dict[str, Any]]) -> list[str]:
    """The share of the tuning range, of the held-out deals and of the worst 500
    held-out deals in a row that ``rows`` resolve, and how many blocks of ``BLOCK``
    meet the target."""
    meeting, blocks = meeting_target(rows)
    held_start, held_worst = worst_held_out(rows)
    return [
        f"| classic deals, {budget}, this release | resolved | unknown |",
        "|---|---|---|",
        _resolved_row(f"1-{TUNED} (the searches were tuned on these)", rows[:TUNED]),
        _resolved_row(f"{TUNED + 1}-{_count(len(rows))} (held out)", rows[TUNED:]),
        f"| the worst {BLOCK} in a row held out: {_count(held_start)}-"
        f"{_count(held_start + BLOCK - 1)} | {_share(held_worst / BLOCK)} | "
        f"{BLOCK - held_worst} |",
        "",
        f"Blocks of {BLOCK} with at least 99.5 % resolved: {meeting} of {blocks}.",
    ]


def this_release(second: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each classic deal's row at 30 s with the solver of this release: the second
    pass's where it ran, else the survey's (which resolved the deal within ``SLOW``
    seconds)."""
    return [second.get(number(r), r) for r in thoughtful("classic")]


def today_table() -> list[str]:
    """What the solver of this release resolves within 30 s, by range."""
    survey = thoughtful("classic")
    second = again()
    slow = [r for r in survey if r["verdict"] != "unknown" and r["seconds"] > SLOW]
    slow_again = sum(second[number(r)]["verdict"] != "unknown" for r in slow)
    settled = [
        second[number(r)]
        for r in survey
        if r["verdict"] == "unknown" and second[number(r)]["verdict"] != "unknown"
    ]
    return [
        *_release_table("30 s each", this_release(second)),
        f"Of the survey's {_count(len(survey) - resolved(survey))} "
        f"unknown deals this release resolves {_count(len(settled))} "
        f"({_won_lost(settled)}); of the "
        f"{_count(len(slow))} it took more than {SLOW:.0f} s to resolve, "
        f"{_count(slow_again)} again within 30 s.",
    ]


def release_then_deeper() -> list[dict[str, Any]]:
    """Each classic deal's row with the solver of this release: at 30 s, or else the
    pass at ``DEEPER_NODES`` positions."""
    more = deeper("classic")
    return [either(r, more.get(number(r))) for r in this_release(again())]


def deeper_table() -> list[str]:
    """What the solver of this release resolves within 30 s, or else within
    ``DEEPER_NODES`` positions, by range; and what the larger budget settled."""
    more = deeper("classic")
    rows = release_then_deeper()
    settled = [r for r in more.values() if r["verdict"] != "unknown"]
    tuned = sum(number(r) <= TUNED for r in settled)
    return [
        *_release_table(f"30 s, then {_MILLIONS}", rows),
        f"Of the {_count(len(more))} deals left unknown at 30 s, {_count(len(settled))} "
        f"are settled within {_MILLIONS} "
        f"({_won_lost(settled)}; {_count(tuned)} of them in 1-{TUNED}).",
    ]


def latest_table() -> list[str]:
    """What the solver of this release resolves within 30 s, or else within
    ``DEEPER_NODES`` positions, or else ``LATEST_NODES``, over the deals the last pass
    reached; and what the last pass settled."""
    through, more = latest("classic")
    every = release_then_deeper()
    if _covers_all(latest("classic"), deeper("classic")):
        through = len(every)  # the pass reached every deal: so does the table
    rows = [either(r, more.get(number(r))) for r in every[:through]]
    settled = [r for r in more.values() if r["verdict"] != "unknown"]
    tuned = sum(number(r) <= TUNED for r in settled)
    return [
        *_release_table(f"30 s, then {_MILLIONS}, then {_MORE_MILLIONS}", rows),
        f"Of the {_count(_unknowns(deeper('classic')))} deals left unknown at "
        f"{_MILLIONS}, {_which(latest('classic'), deeper('classic'))} were solved "
        "again with "
        f"{_MORE_MILLIONS}: {_count(len(settled))} are settled "
        f"({_won_lost(settled)}; {_count(tuned)} of them in 1-{TUNED}).",
    ]


def furthest_facts() -> list[str]:
    """What the pass at ``FURTHEST_NODES`` positions settled, and how far it went."""
    lines = []
    for rules in FURTHEST:
        most = furthest(rules)[1]
        settled = [r for r in most.values() if r["verdict"] != "unknown"]
        tuned = sum(number(r) <= TUNED for r in settled)
        left = _unknowns(latest(rules)[1])
        which = _which(furthest(rules), latest(rules)[1])
        in_tuned = f"; {_count(tuned)} in 1-{TUNED}" if rules == "classic" else ""
        outcome = (
            f"{_count(len(settled))} ({_won_lost(settled)}{in_tuned})"
            if settled
            else "none"
        )
        lines.append(
            f"Of the {_count(left)} {rules} deals left unknown at {_MORE_MILLIONS}, "
            f"{which} were solved again with {_MOST_MILLIONS} ([`{FURTHEST[rules].name}`]"
            f"(data/{FURTHEST[rules].name})), which settled {outcome}."
        )
    return lines


def _won_from_starts(
    rules: str,
    before: dict[int, dict[str, Any]],
    in_order: _InOrder,
    path: pathlib.Path,
    left: str,
    how: str,
) -> str:
    """A sentence on what a pass of restarts won: of the deals ``left`` unknown
    (``before``), which it solved again from starts found ``how``."""
    won = [r for r in in_order[1].values() if r["verdict"] == "won"]
    tuned = sum(number(r) <= TUNED for r in won)
    in_tuned = ""
    if rules == "classic":
        in_tuned = f" ({_count(tuned) if tuned else 'none'} in 1-{TUNED})"
    codes = ", ".join(f"`{r['code']}`" for r in won)
    return (
        f"Of the {_count(_unknowns(before))} {rules} deals {left}, "
        f"{_which(in_order, before)} were solved again from the {RESTART_STARTS} "
        f"furthest of {how} ([`{path.name}`](data/{path.name})), which won "
        + (f"{_count(len(won))}{in_tuned}: {codes}." if won else "none.")
    )


def restarts_facts() -> list[str]:
    """What the restarts settled, and what every pass together resolves."""
    lines = [
        _won_from_starts(
            rules,
            deepest_by_deal(rules),
            restarted(rules),
            RESTARTS[rules],
            f"left unknown at {_MOST_MILLIONS}",
            f"their first {_count(RESTART_POSITIONS)} positions breadth first, "
            f"{RESTART_NODES // 1_000_000} million positions each",
        )
        for rules in RESTARTS
    ]
    lines += [
        _won_from_starts(
            rules,
            after_restarts_by_deal(rules),
            solver_restarted(rules),
            SOLVER_RESTARTS[rules],
            "the restarts left unknown",
            f"the first {_count(RESTART_POSITIONS)} positions the solver's own "
            f"breadth-first search reaches, {_count(SOLVER_RESTART_NODES)} positions "
            "each",
        )
        for rules in SOLVER_RESTARTS
    ]
    lines += [
        _won_from_starts(
            rules,
            _before_playouts(rules, k),
            playout_restarted(rules, k),
            done.files[rules],
            "the restarts from the solver's starts left unknown"
            if k == 0
            else "random play before left unknown",
            f"the positions where {_count(done.playouts)} random games of at most "
            f"{_count(done.moves)} moves (seeded with {done.seed}) turned a card up "
            f"(the last on each game's way that is no dead end), "
            f"{_count(done.nodes)} positions each",
        )
        for k, done in enumerate(PLAYOUT_PASSES)
        for rules in done.files
    ]
    last = len(PLAYOUT_PASSES) - 1
    return [
        *lines,
        "",
        *_release_table(
            f"every pass, then {_RESTARTS}, then {_SOLVER_RESTARTS}, "
            + ", ".join(f"then {_playout_label(done)}" for done in PLAYOUT_PASSES),
            list(after_playouts_by_deal("classic", last).values()),
        ),
    ]


@functools.cache
def further_on(rules: str) -> dict[int, dict[str, Any]]:
    """The pass at ``FURTHER_ON_NODES`` positions by deal number: the deals every 30 s
    run left unknown."""
    return _after_30_s(rules, FURTHER_ON[rules], FURTHER_ON_NODES)


_FURTHER_ON = f"{FURTHER_ON_NODES / 1_000_000:.1f} million positions"


def further_on_table() -> list[str]:
    """What the solver of this release resolves within 30 s or, trying starts further
    on, within ``FURTHER_ON_NODES`` positions; and how the deals it wins fared in the
    passes before it."""
    more = further_on("classic")
    rows = [either(r, more.get(number(r))) for r in this_release(again())]
    won = [r for r in more.values() if r["verdict"] == "won"]
    tuned = sum(number(r) <= TUNED for r in won)
    every = {number(r): r for r in after_restarts("classic")}
    also = [every[number(r)] for r in won if every[number(r)]["verdict"] == "won"]
    passes = [r for r in also if r["budget"]["max_nodes"] != RESTART_NODES]
    relaxed = further_on("relaxed")
    relaxed_won = sum(r["verdict"] == "won" for r in relaxed.values())
    return [
        *_release_table(f"30 s, else the starts further on within {_FURTHER_ON}", rows),
        f"Of the {_count(len(more))} classic deals left unknown at 30 s, the solver of "
        f"this release wins {_count(len(won))} within {_FURTHER_ON} "
        f"({_count(tuned) if tuned else 'none'} in 1-{TUNED}; "
        f"[`{FURTHER_ON['classic'].name}`](data/{FURTHER_ON['classic'].name})), in "
        f"{_count(min(r['nodes'] for r in won))} to "
        f"{_count(max(r['nodes'] for r in won))} positions. The passes above won "
        f"{_count(len(also))} of them too: {_count(len(passes))} with "
        f"{min(r['nodes'] for r in passes) / 1e6:.1f} to "
        f"{max(r['nodes'] for r in passes) / 1e6:.1f} million positions, the rest from "
        f"restarts. Of the {_count(len(relaxed))} relaxed deals left unknown at 30 s, it "
        f"wins {_count(relaxed_won) if relaxed_won else 'none'} "
        f"([`{FURTHER_ON['relaxed'].name}`](data/{FURTHER_ON['relaxed'].name})).",
    ]


def no_peek_table() -> list[str]:
    lines = [
        "| rule set | deals | player | won | lost | unknown | could not finish "
        "| winnable share | 95 % interval |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for rules in NO_PEEK:
        blind = no_peek(rules)
        seen = thoughtful(rules)[: len(blind)]
        deals = f"`YU1` 1-{_count(len(blind))}"
        for player, rows in (("thoughtful", seen), ("no-peek", blind)):
            counted = tally(rows)
            low, high = counted.interval
            lines.append(
                f"| {rules} | {deals} | {player} | {_count(counted.won)} | "
                f"{_count(counted.lost)} | {_count(counted.unknown)} | "
                f"{_count(counted.stuck)} | {_share(counted.won / counted.total)} | "
                f"{_share(low)} - {_share(high)} |"
            )
    return lines


def no_peek_facts() -> list[str]:
    facts = []
    for rules in NO_PEEK:
        blind = no_peek(rules)
        stuck = [r for r in blind if r["verdict"] == "stuck"]
        capped = sum(r["hint_moves"] >= BLIND_MOVES for r in stuck)
        up = [r for r in blind if r["face_down"] == 0]
        won_up = sum(r["verdict"] == "won" for r in up)
        facts.append(
            f"- {rules.capitalize()}: the hint turned every card up in "
            f"{_count(len(up))} of {_count(len(blind))} games, and the solver then won "
            f"{_count(won_up)} of them. The player could not finish "
            f"{_count(len(stuck))}: in {_count(len(stuck) - capped)} every legal move "
            f"led back to a board the game had already had, and "
            f"{_count(capped)} went {_count(BLIND_MOVES)} moves through boards all new "
            "without turning every card up."
        )
    return facts


def classic_facts() -> list[str]:
    rows = thoughtful("classic")
    seconds = sorted(r["seconds"] for r in rows)
    won = sorted(r["seconds"] for r in rows if r["verdict"] == "won")
    lost = [r for r in rows if r["verdict"] == "lost"]
    slowest = max(lost, key=lambda r: r["seconds"])
    dealt = sum(r["nodes"] <= 1 for r in lost)
    relaxed = thoughtful("relaxed")
    relaxed_lost = [r for r in relaxed if r["verdict"] == "lost"]
    relaxed_dealt = sum(r["nodes"] <= 1 for r in relaxed_lost)
    hours = sum(seconds) / 3600
    return [
        f"- Classic: median time a deal {statistics.median(seconds):.3f} s, 95th "
        f"percentile of the won deals {won[int(0.95 * len(won))]:.2f} s; "
        f"{hours:.1f} hours of solving in all: {_duration(hours / 2)} on this "
        f"machine's 2 cores, {_duration(hours / 16)} on 16 cores, since the deals are "
        "solved independently and the work divides by the cores.",
        f"- Classic losses that are dead ends as dealt (one position searched): "
        f"{_count(dealt)} of {_count(len(lost))}.",
        f"- The slowest classic loss: `{slowest['code']}`, {slowest['seconds']:.1f} s, "
        f"{_count(slowest['nodes'])} positions.",
        f"- Relaxed losses: {_count(len(relaxed_lost))}, of which {relaxed_dealt} dead "
        "ends as dealt.",
    ]


def every_verdict_table() -> list[str]:
    """Classic deals 1-500, and the worst 500 in a row held out, with every verdict
    found at any budget: a deal counts as won or lost once any run resolved it."""
    rows = thoughtful("classic")
    longer = [
        *records(LONGER),
        *again().values(),
        *deeper("classic").values(),
        *latest("classic")[1].values(),
        *furthest("classic")[1].values(),
        *restarted("classic")[1].values(),
        *solver_restarted("classic")[1].values(),
        *(
            r
            for k in range(len(PLAYOUT_PASSES))
            for r in playout_restarted("classic", k)[1].values()
        ),
        *further_on("classic").values(),
    ]
    held_start = worst_held_out(rows)[0]
    ranges = [(1, TUNED), (held_start, held_start + BLOCK - 1)]
    lines = list(_HEADER)
    unknown: list[str] = []
    for first, last in ranges:
        best: dict[int, dict[str, Any]] = {}
        for record in [*rows[first - 1 : last], *longer]:
            deal = number(record)
            if first <= deal <= last and (
                deal not in best or best[deal]["verdict"] == "unknown"
            ):
                best[deal] = record
        unknown += sorted(r["code"] for r in best.values() if r["verdict"] == "unknown")
        label = f"{_count(first)}-{_count(last)}"
        lines.append(_row(f"classic | `YU1` {label} | any tried", tally(best.values())))
    return [
        *lines,
        "",
        "Still unknown: " + ", ".join(f"`{code}`" for code in unknown) + ".",
    ]


def kpat_rows() -> list[dict[str, Any]]:
    rows = sorted(records(KPAT), key=lambda r: r["deal"])
    if [r["deal"] for r in rows] != list(range(1, len(rows) + 1)):
        raise SystemExit(f"{KPAT.name}: not deals 1 to {len(rows)} once each")
    return rows


def kpat_table() -> list[str]:
    rows = kpat_rows()
    verdicts = ("won", "lost", "unknown")
    lines = [
        f"| KDE Patience (deals 1-{_count(len(rows))}) | here: won | here: lost "
        "| here: unknown | in all |",
        "|---|---|---|---|---|",
    ]
    for theirs in verdicts:
        mine = [
            sum(r["kpat"] == theirs and r["yukon"] == v for r in rows) for v in verdicts
        ]
        cells = " | ".join(_count(n) for n in mine)
        lines.append(f"| {theirs} | {cells} | {_count(sum(mine))} |")
    ours = [sum(r["yukon"] == v for r in rows) for v in verdicts]
    lines.append(
        f"| in all | {' | '.join(_count(n) for n in ours)} | {_count(len(rows))} |"
    )
    seconds = sorted(r["seconds"] for r in rows)
    kpat_ms = sorted(r["kpat_ms"] for r in rows)
    lines += [
        "",
        f"KDE Patience resolves {_count(sum(r['kpat'] != 'unknown' for r in rows))} "
        f"(its longest run {kpat_ms[-1] / 1000:.1f} s), this solver "
        f"{_count(sum(r['yukon'] != 'unknown' for r in rows))} within 30 s (median "
        f"{statistics.median(seconds):.3f} s).",
    ]
    return lines


def kpat_shortcut(row: dict[str, Any]) -> str:
    """Where this solver's winning line on a deal KDE Patience calls lost leaves KDE
    Patience's game: the first move that builds on an Ace or a 2 which could go home, or
    takes one away to another column (KDE Patience sends those home at once), or takes a
    card back from a foundation (KDE Patience never does). The line is found again and
    replayed here, so the explanation comes from the line itself."""
    state = yukon.kpat_deal(row["deal"])
    found = yukon.solve(state, max_nodes=2 * row["nodes"] + 100)
    if found.verdict is not yukon.Verdict.WON:
        raise SystemExit(f"KDE Patience deal {row['deal']}: not won again")
    for number, move in enumerate(found.moves, 1):
        if state.locate(move.card).pile.kind == "foundation":
            return f"move {number}, `{move}`, takes {move.card} back from a foundation"
        home = {
            m.card for m in state.legal_moves() if m.to_foundations and m.card.rank <= 2
        }
        if move.column is not None:
            below = state.columns[move.column].last
            if below in home:
                return (
                    f"move {number}, `{move}`, builds on {below}, which KDE Patience "
                    "would have sent home"
                )
            if move.card in home:
                return (
                    f"move {number}, `{move}`, keeps {move.card} out of its foundation"
                )
        state = state.apply(move)
    return "its line stays within KDE Patience's game"


def kpat_disagreements() -> list[str]:
    """Every deal one solver calls won and the other lost, each of this solver's wins
    with where its line leaves KDE Patience's game."""
    lines = []
    for theirs, mine in (("lost", "won"), ("won", "lost")):
        deals = [r for r in kpat_rows() if r["kpat"] == theirs and r["yukon"] == mine]
        if mine == "won":
            listed = "; ".join(
                f"{r['deal']} ({r['moves']} moves: {kpat_shortcut(r)})" for r in deals
            )
        else:
            listed = ", ".join(str(r["deal"]) for r in deals)
        lines.append(
            f"- KDE Patience {theirs}, here {mine}: {len(deals)}"
            + (f": deals {listed}." if deals else ".")
        )
    return lines


def text() -> str:
    return "\n".join(
        [
            *winnable_table(),
            "",
            *classic_facts(),
            "",
            "How much of each range the solver resolves within 30 s:",
            "",
            *resolved_table(),
            "",
            f"The same at 30 s a deal with the solver of this release: the survey's "
            f"unknown deals and those it took more than {SLOW:.0f} s to resolve solved "
            f"again ([`{AGAIN.name}`](data/{AGAIN.name})), the others as the survey "
            "found them:",
            "",
            *today_table(),
            "",
            "The same with the starts further on that this release tries after a "
            "million positions: the deals left unknown at 30 s solved again with "
            f"{_FURTHER_ON} each, the others as at 30 s:",
            "",
            *further_on_table(),
            "",
            f"The deals still unknown, solved again by the solver of this release with "
            f"{_MILLIONS} each ([`{DEEPER['classic'].name}`](data/"
            f"{DEEPER['classic'].name}); relaxed: [`{DEEPER['relaxed'].name}`](data/"
            f"{DEEPER['relaxed'].name})), the others as at 30 s:",
            "",
            *deeper_table(),
            "",
            f"The deals left unknown at {_MILLIONS}, solved again in deal order with "
            f"{_MORE_MILLIONS} each ([`{LATEST['classic'].name}`](data/"
            f"{LATEST['classic'].name}); relaxed: [`{LATEST['relaxed'].name}`](data/"
            f"{LATEST['relaxed'].name})), the others as before"
            f"{latest_reach('classic') and ', over the deals the pass reached'}:",
            "",
            *latest_table(),
            "",
            *furthest_facts(),
            "",
            *restarts_facts(),
            "",
            "A player who cannot see the face-down cards: the hint plays until every "
            "card is face up, then the solver finishes.",
            "",
            *no_peek_table(),
            "",
            *no_peek_facts(),
            "",
            "Counting the longer runs on the unknown deals too, by earlier solvers and "
            "by this one:",
            "",
            *every_verdict_table(),
            "",
            "Beside KDE Patience's solver, on its own deals (`yukon.kpat_deal`):",
            "",
            *kpat_table(),
            "",
            *kpat_disagreements(),
        ]
    )


if __name__ == "__main__":
    print(text())
