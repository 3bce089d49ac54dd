"""The performance figures the docs quote, written from the committed results
(``benchmarks/results.json``, which ``python -m benchmarks --committed`` writes).

A page holds each figure between markers, ``<!-- benchmark NAME: start -->`` and
``<!-- benchmark NAME: end -->``, as docs/research.md holds its survey tables; ``python -m
benchmarks.figures`` rewrites what lies between them on every page, and
``benchmarks/tests/test_figures.py`` checks that the pages hold exactly this text, and
that no speed or memory figure is written anywhere else, so the pages and the results
cannot drift apart. The web page's rows come from ``docs/data/web-timings.json``,
which its browser tests write (``YUKON_WEB_TIMINGS=docs/data/web-timings.json pytest
web/tests``).
"""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import Callable
from typing import Any

from benchmarks.run import COMMITTED, HINT_DEALS, HINT_TARGET, SEARCH_POSITIONS

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB_TIMINGS = ROOT / "docs" / "data" / "web-timings.json"
PAGES = sorted([*(ROOT / "docs").glob("*.md"), ROOT / "README.md"])
MARKED = re.compile(
    r"(<!-- benchmark ([\w-]+): start -->)(.*?)(<!-- benchmark \2: end -->)", re.S
)

Results = dict[str, Any]


def load(path: pathlib.Path = COMMITTED, web: pathlib.Path = WEB_TIMINGS) -> Results:
    """The results file, its rows by name, and the web page's timings."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        "machine": data["machine"],
        "rows": {r["row"]: r for r in data["rows"]},
        "web": json.loads(web.read_text(encoding="utf-8")),
    }


def spaced(value: float) -> str:
    """A whole number with its thousands set apart by spaces, as the pages write them."""
    return f"{round(value):,}".replace(",", " ")


def about(value: float) -> str:
    """``value`` to three significant figures, spaced: 276 000, 14 300, 61."""
    digits = len(str(round(value)))
    return spaced(round(value, min(0, 3 - digits)))


def times(value: float) -> str:
    """A ratio as the pages write one: 3.9, 22, 110."""
    return f"{value:.1f}" if value < 10 else spaced(value)


def value(results: Results, row: str) -> float:
    return float(results["rows"][row]["value"])


LABELS = {
    "gym sync envs": "gym sync envs (1 024)",
    "gym vector env": "gym vector env (1 024)",
    "batch playout": "batch playout (1 024 games)",
    "batch step": "batch step from NumPy (1 024 games)",
    "openspiel klondike": "OpenSpiel Klondike, for comparison",
    "openspiel + observation": "OpenSpiel Klondike with its observation tensor",
    "search speed": "solver searches, hard deals",
    "pyodide load": "Pyodide: load",
    "pyodide moves": "Pyodide: random moves",
    "pyodide hint sample": "Pyodide: hint sample",
    "pyodide hint, web budget": "Pyodide: hint sample, the web page's budget",
}
"""Row names as the table writes them, where they differ."""


def _cell(row: dict[str, Any], number: float) -> str:
    if row["unit"] == "x":
        return f"{times(number)} ×"
    if str(row["unit"]).startswith("s "):
        return f"{number:.2f} s"
    return spaced(number)


def _target(results: Results, row: dict[str, Any]) -> str:
    target = row.get("target")
    if row["row"] == "gym step" and "openspiel + observation" in results["rows"]:
        klondike = value(results, "openspiel + observation")
        met = "met" if row["value"] >= klondike else "not met"
        return f"{met} (OpenSpiel with its observation: {spaced(klondike)})"
    if target is None:
        return ""
    lower = bool(row.get("lower_is_better"))
    met = row["value"] <= target if lower else row["value"] >= target
    shown = f"{times(target)} ×" if row["unit"] == "x" else spaced(target)
    if str(row["unit"]).startswith("s "):
        shown = f"{target} s"
    return f"{'met' if met else 'not met'} ({'≤' if lower else '≥'} {shown})"


def _label(name: str) -> str:
    if name.startswith("python: "):
        return f"{LABELS.get(name[8:], name[8:])}, pure Python"
    if name.startswith("speed-up: "):
        return f"{LABELS.get(name[10:], name[10:])}: the core's speed-up"
    if name.startswith("instructions: "):
        return f"callgrind: {name[14:]}"
    return LABELS.get(name, name)


def _when(row: dict[str, Any]) -> str:
    """When a row measured on its own (``--committed --only``) was, and the load."""
    measured = row["measured"]
    start, end = measured["load_average"]
    rows = " ".join(f"'{name}'" if " " in name else name for name in measured["only"])
    return (
        f"{measured['date']}, `python -m benchmarks --committed --only {rows}`, the "
        f"load average {start} when it started and {end} when it ended"
    )


def performance_table(results: Results) -> str:
    """docs/performance.md's table: every row of the results file, in its order; the
    rows measured later on their own marked, with when and under what load."""
    machine = results["machine"]
    core = "with the C core" if machine["compiled"] else "without the C core"
    lines = [
        f"{machine['date']}: {machine['python']}, {machine['system'].split()[0]} "
        f"{machine['machine']}, {machine['cpus']} CPUs, {core}, `python -m benchmarks "
        f"--committed` ({machine['repeats']} repeats a row; the pure-Python rows in a "
        "child process of the same run, `YUKON_IMPLEMENTATION=python`), the machine's "
        f"load average {machine['load_average']} when it started (other work shares "
        "this machine and slows every clock row; the speed-ups, ratios measured side "
        "by side, and the instruction counts suffer least).",
    ]
    later: dict[str, str] = {}
    for row in results["rows"].values():
        if "measured" in row:
            later.setdefault(_when(row), "†" * (len(later) + 1))
    lines += [
        f"{mark} Measured later on its own: {when}." for when, mark in later.items()
    ]
    lines += ["", "| row | median | best | target |", "|---|---|---|---|"]
    for name, row in results["rows"].items():
        median = _cell(row, row["value"])
        if row["unit"] != "x" and (
            "hints" in row or not str(row["unit"]).startswith("s ")
        ):
            unit = re.sub(r"(\d),(\d)", r"\1 \2", str(row["unit"]))
            median = f"{median} {unit[2:] if 'hints' in row else unit}"
        best = _cell(row, row["best"]) if "best" in row else ""
        mark = later[_when(row)] if "measured" in row else ""
        lines.append(
            f"| {_label(name)}{mark} | {median} | {best} | {_target(results, row)} |"
        )
    return "\n".join(lines)


def pure_python(results: Results) -> str:
    """What performance.md says of the rows without the core."""
    parts = [
        f"`apply` {about(value(results, 'python: apply'))} moves/s "
        f"(the core {times(value(results, 'speed-up: apply'))} × as fast)",
        f"the playout {about(value(results, 'python: playout'))} "
        f"({times(value(results, 'speed-up: playout'))} ×)",
        f"a learner's step {about(value(results, 'python: learner step'))} "
        f"({times(value(results, 'speed-up: learner step'))} ×)",
        f"the Gymnasium step {about(value(results, 'python: gym step'))} "
        f"({times(value(results, 'speed-up: gym step'))} ×)",
    ]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def search_speed(results: Results) -> str:
    """The searches' positions a second, compiled and in pure Python."""
    return (
        f"about {about(value(results, 'search speed'))} positions a second on the "
        f"three hard deals ({spaced(SEARCH_POSITIONS)} positions each) against the "
        f"Python searches' {about(value(results, 'python: search speed'))}, "
        f"{times(value(results, 'speed-up: search speed'))} times as many"
    )


def speed_up(results: Results) -> str:
    """The core's speed-up on the searches, as prose quotes it."""
    return (
        f"{times(value(results, 'speed-up: search speed'))} times as many positions "
        "a second"
    )


def solver_memory(results: Results) -> str:
    return f"{spaced(value(results, 'solver memory'))} bytes"


def limits(results: Results) -> str:
    """docs/research.md's limit: speed and memory, and what a 30 s search holds."""
    compiled = value(results, "search speed")
    held = compiled * 30 * value(results, "solver memory") / 1e9
    return (
        f"Searches cover about {about(value(results, 'python: search speed'))} "
        f"positions a second in pure Python and {about(compiled)} compiled, at "
        f"{solver_memory(results)} a position, on this shared machine (load average "
        f"{results['machine']['load_average']}): a 30 s search at that speed holds "
        f"{held:.1f} GB, more on a faster or quieter machine; a survey with "
        "`--workers W` needs W times that, or a `--max-memory`."
    )


def instructions(results: Results) -> str:
    return (
        f"`legal_moves` about {about(value(results, 'instructions: legal moves'))} "
        f"instructions a call, `apply` about "
        f"{about(value(results, 'instructions: apply'))}, a `Game.play` with its "
        f"`Game.undo` about {about(value(results, 'instructions: play+undo'))}"
    )


def pyodide(results: Results) -> str:
    return (
        f"loaded in about {value(results, 'pyodide load'):.1f} s, about "
        f"{about(value(results, 'pyodide moves'))} moves a second there, on this "
        f"shared machine under a load average of {results['machine']['load_average']}"
        " (see [Performance](performance.md))"
    )


def _load(results: Results, row: str) -> str:
    """The load average a row was measured under: at its run's start and end when it
    was measured on its own, else at the whole run's start."""
    measured = results["rows"][row].get("measured")
    if measured is None:
        return f"load average of {results['machine']['load_average']}"
    start, end = measured["load_average"]
    return f"load average of {start} when its run began and {end} when it ended"


def _budget(row: dict[str, Any]) -> str:
    samples, nodes = row["budget"]
    return f"{samples} guesses of {spaced(nodes)} positions"


def hint_latency(results: Results) -> str:
    """performance.md's paragraph on the hint's time, with the core and without."""
    rows = results["rows"]
    hint, sample = rows["hint"], rows["hint sample"]
    python, pyodide = rows["python: hint sample"], rows["pyodide hint sample"]
    web = rows["pyodide hint, web budget"]
    met = "met" if hint["cpu_p95_seconds"] <= HINT_TARGET else "not met"
    return (
        f"`Game.hint()` at its default budget ({_budget(hint)}), asked after every "
        f"move of whole games of classic deals {HINT_DEALS.start}-"
        f"{HINT_DEALS.stop - 1} (held out from every choice "
        f"of the hint's; {hint['hints']} hints), took **{hint['cpu_p95_seconds']:.2f} s "
        f"of processor time at the 95th percentile** with the C core (median "
        f"{hint['cpu_median_seconds']:.2f} s, slowest {hint['cpu_max_seconds']:.2f} s): "
        f"the target, {HINT_TARGET} s, {met}. Processor time is the figure that "
        "holds on this shared machine, where other work stretches the clock; by the "
        f"clock the same hints took {hint['clock_p95_seconds']:.2f} s at the 95th "
        f"percentile (median {hint['clock_median_seconds']:.2f} s), under a "
        f"{_load(results, 'hint')}. Without the core the hint is the same planner "
        f"over the Python searches: on the first {sample['hints']} hints of deal "
        f"{HINT_DEALS.start} (the same advice both ways), a median of "
        f"{sample['cpu_median_seconds']:.2f} s of processor time with the core and "
        f"{python['cpu_median_seconds']:.1f} s in pure Python (slowest "
        f"{python['cpu_max_seconds']:.1f} s), the core "
        f"{times(value(results, 'speed-up: hint sample'))} × as fast. In Pyodide "
        f"under Node (the web page's Python), the first {pyodide['hints']} of those "
        f"hints took a median of {pyodide['cpu_median_seconds']:.1f} s of Node's "
        f"processor time (clock: {pyodide['clock_median_seconds']:.1f} s), too slow "
        f"for a page: the page judges with {_budget(web)}, whose first {web['hints']} "
        f"hints of the deal took {web['cpu_median_seconds']:.1f} s at the median and "
        f"{web['cpu_max_seconds']:.1f} s at most there."
    )


def hint_speed(results: Results) -> str:
    """api.md's figure for the hint's time at its default budget."""
    hint = results["rows"]["hint"]
    python = results["rows"]["python: hint sample"]
    return (
        f"about {hint['cpu_p95_seconds']:.2f} s of processor time at the 95th "
        f"percentile with the C core, and in pure Python about "
        f"{python['cpu_median_seconds']:.0f} s at the median of a deal's first hints "
        "(see [Performance](performance.md#the-hint))"
    )


def pyodide_hint(results: Results) -> str:
    """web.md's figure: the hint in Pyodide at the default budget and at the page's."""
    pyodide = results["rows"]["pyodide hint sample"]
    web = results["rows"]["pyodide hint, web budget"]
    return (
        f"in Pyodide the defaults took about {pyodide['cpu_median_seconds']:.0f} s "
        f"of processor time a hint at a deal's start, this budget about "
        f"{web['cpu_median_seconds']:.1f} s (see [Performance](performance.md#the-hint))"
    )


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.1f} s"


def web_table(results: Results) -> str:
    """performance.md's rows for the web page, from its browser tests' timings."""
    web = results["web"]
    paint, ready = web["first_paint_ms"], web["playable_ms"]
    loads = web["loads"]
    met = "met" if ready["median"] < 4000 else "not met"
    if ready["median"] < 4000 <= ready["max"]:
        met = "met at the median"
    tap = web["tap_to_animation_ms_median"]
    return "\n".join(
        [
            "| row | measured | target |",
            "|---|---|---|",
            f"| web page: first paint of the board's shape | {paint['median']} ms median,"
            f" {paint['min']}-{paint['max']} ms over {loads} loads"
            f" | {'met' if paint['max'] < 1000 else 'not met'} (< 1 s) |",
            f"| web page: playable, from a local server | {_seconds(ready['median'])}"
            f" median, {ready['min'] / 1000:.1f}-{_seconds(ready['max'])} over {loads}"
            f" loads | {met} (< 4 s) |",
            f"| web page: tap to the animation's start | {tap:.0f} ms median,"
            f" {web['tap_to_animation_ms_max']:.0f} ms at most"
            f" | {'met' if tap < 50 else 'not met'} at the median (< 50 ms) |",
        ]
    )


def web_sentence(results: Results) -> str:
    """web.md's sentence on how soon the page paints and plays."""
    web = results["web"]
    paint, ready = web["first_paint_ms"], web["playable_ms"]
    return (
        f"The board's shape is painted {paint['min'] / 1000:.2f}-"
        f"{paint['max'] / 1000:.2f} s after the page is opened; the board is playable"
        f" once Pyodide has started, {ready['min'] / 1000:.1f}-{_seconds(ready['max'])}"
        f" (median {_seconds(ready['median'])}) over {web['loads']} loads on this 2-core"
        f" machine; a tap starts its move's animation"
        f" {web['tap_to_animation_ms_median']:.0f} ms later at the median"
    )


LEARNING = {
    "batch playout": "`Batch.random_playouts`, 1 024 games",
    "batch step": "`Batch.step` from NumPy (masks, a random legal key a game), 1 024 games",
    "learner step": "a learner's step: `legal_mask()`, the move, `observation()`",
    "gym step": "`YukonEnv.step`, with its mask and observation",
    "gym sync envs": '1 024 sync environments (`make_vec(..., "sync")`), masked random actions',
    "gym vector env": '`YukonVectorEnv`, 1 024 games (`make_vec(..., "vector_entry_point")`), the same actions',
    "openspiel klondike": "OpenSpiel's Klondike, a random decision",
    "openspiel + observation": "OpenSpiel's Klondike, a decision and its observation tensor",
}


def learning_table(results: Results) -> str:
    """docs/learning.md's table of steps a second."""
    lines = ["| what | steps a second |", "|---|---|"]
    for name, label in LEARNING.items():
        if name not in results["rows"]:
            continue
        shown = spaced(value(results, name))
        if name == "gym vector env":
            shown += f" ({times(value(results, 'gym vector / sync'))} × the sync ones)"
        lines.append(f"| {label} | {shown} |")
    return "\n".join(lines)


def vector_ratio(results: Results) -> str:
    return f"{times(value(results, 'gym vector / sync'))} times"


def learning_openspiel(results: Results) -> str:
    playouts = value(results, "batch playout") / value(results, "openspiel klondike")
    vector = value(results, "gym vector env") / value(
        results, "openspiel + observation"
    )
    return (
        f"The batch's random playouts run {times(playouts)} times as many steps a "
        "second as OpenSpiel's random play, and the vector environment, masks and "
        f"observations included, {times(vector)} times OpenSpiel's decisions with "
        "their observation tensors."
    )


def learning_pure(results: Results) -> str:
    return (
        f"Without the C core a learner's step runs at about "
        f"{about(value(results, 'python: learner step'))} a second and the "
        f"environment's at about {about(value(results, 'python: gym step'))}."
    )


FIGURES: dict[str, Callable[[Results], str]] = {
    "performance-table": performance_table,
    "pure-python": pure_python,
    "search-speed": search_speed,
    "speed-up": speed_up,
    "solver-memory": solver_memory,
    "limits": limits,
    "instructions": instructions,
    "pyodide": pyodide,
    "learning-table": learning_table,
    "vector-ratio": vector_ratio,
    "learning-openspiel": learning_openspiel,
    "learning-pure": learning_pure,
    "web-table": web_table,
    "hint-latency": hint_latency,
    "hint-speed": hint_speed,
    "pyodide-hint": pyodide_hint,
    "web-sentence": web_sentence,
}


def fill(text: str, results: Results) -> str:
    """``text`` with every marked figure written from ``results``: a table on lines
    of its own, a figure in a sentence in line."""

    def figure(found: re.Match[str]) -> str:
        made = FIGURES[found[2]](results)
        if "\n" in made or made.startswith("|"):
            made = f"\n{made}\n"
        return f"{found[1]}{made}{found[4]}"

    return MARKED.sub(figure, text)


def main() -> int:
    results = load()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        filled = fill(text, results)
        if filled != text:
            page.write_text(filled, encoding="utf-8")
            print(f"written: {page.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
