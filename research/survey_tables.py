"""Print the results tables of docs/research.md from the survey data in docs/data/.

``python -m research.survey_tables`` writes the Markdown to standard output;
``research/tests/test_research_page.py`` checks that the page holds exactly this text
between its ``survey-tables`` markers, so the page and the data cannot drift apart.
"""

from __future__ import annotations

import json
import math
import pathlib
import statistics
from collections.abc import Iterable
from typing import Any

import yukon
from yukon.survey import BLIND_MOVES, STUCK, Tally, fold

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data"
FIGURES = ROOT / "docs" / "figures"
THOUGHTFUL = {
    "classic": DATA / "survey-classic-1-20000.jsonl",
    "relaxed": DATA / "survey-relaxed-1-5000.jsonl",
}
PLANNER = {
    "classic": DATA / "nopeek-classic-60001-61500.jsonl",
    "relaxed": DATA / "nopeek-relaxed-1-1000.jsonl",
}
"""Today's hint, the planner, played blind (``yukon survey --player no-peek``): on the
classic deals held out from its tuning, and on relaxed deals (it was tuned on classic
deals only). A run stops where the machine's time did: the relaxed file may hold fewer
than its name's deals."""
VOTING = {
    "classic": DATA / "nopeek-voting-classic-1-1000.jsonl",
    "relaxed": DATA / "nopeek-voting-relaxed-1-1000.jsonl",
}
"""The hint before the planner (it voted on the guesses' first winning moves), played
blind by the same survey from a checkout of its release."""
HELD_OUT = {
    "the planner (today's hint)": PLANNER["classic"],
    "the voting hint (before it)": DATA / "nopeek-voting-classic-60001-61500.jsonl",
    "thoughtful": DATA / "survey-classic-60001-61500.jsonl",
}
"""The hint's planner beside the hint it replaced and the thoughtful player, on classic
deals from 60001 that no choice of the planner's was tuned on (it was tuned on classic
50001-50200 and checked on 40001-40088); each run stops where the machine's time did, and
the table counts the deals all three have played."""
KPAT = DATA / "kpat-1-1000.jsonl"
TUNED = 500
"""Deals 1-500 of each rule set are the ones the solver's searches were tuned on; the
deals after them are held out."""

Row = dict[str, Any]


def rows(path: pathlib.Path) -> list[Row]:
    """A survey file's rows, one per deal in deal order."""
    return fold([str(path)])


def number(row: Row) -> int:
    return yukon.GameCode.parse(row["code"]).number


def spaced(n: int) -> str:
    """``n`` with its thousands set apart by spaces, as the pages write numbers."""
    return f"{n:,}".replace(",", " ")


def share(x: float) -> str:
    return f"{100 * x:.1f} %"


def _winnable(rows: Iterable[Row]) -> str:
    """The share won, or ``-`` for no deals."""
    counted = Tally.of(rows)
    return share(counted.won / counted.total) if counted.total else "-"


def budget_label(budget: dict[str, Any]) -> str:
    """How the pages name the budget that settled a deal."""
    if budget.get("max_nodes") is None:
        return f"{budget['max_seconds']:g} s"
    return f"{budget['max_nodes'] / 1e6:g} million positions"


PLAYERS = (
    ("thoughtful", THOUGHTFUL),
    ("no-peek: the planner (the hint)", PLANNER),
    ("no-peek: the voting hint (before it)", VOTING),
)
"""The players of the page's first table, each with its survey files."""


def figures_table() -> list[str]:
    lines = [
        "| rule set | player | deals | won | lost | unknown | could not finish "
        "| winnable share | 95 % interval | deals 1-500 (tuning) | held out |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for player, files in PLAYERS:
        for rules, path in files.items():
            every = rows(path)
            counted = Tally.of(every)
            low, high = counted.interval
            tuned = [r for r in every if number(r) <= TUNED]
            held = [r for r in every if number(r) > TUNED]
            span = f"{spaced(number(every[0]))}-{spaced(number(every[-1]))}"
            lines.append(
                f"| {rules} | {player} | `YU1` {span} | "
                f"{spaced(counted.won)} | {spaced(counted.lost)} | "
                f"{spaced(counted.unknown)} | {spaced(counted.stuck)} | "
                f"{share(counted.won / counted.total)} | "
                f"{share(low)} - {share(high)} | "
                f"{_winnable(tuned)} | {_winnable(held)} |"
            )
    return lines


def settled_table() -> list[str]:
    """How many deals each budget settled: the first pass that settled a deal."""
    lines = [
        "| budget that settled the deal | classic won | classic lost "
        "| relaxed won | relaxed lost |",
        "|---|---|---|---|---|",
    ]
    every = {rules: rows(path) for rules, path in THOUGHTFUL.items()}
    budgets = {
        budget_label(r["budget"]): r["budget"].get("max_nodes") or 0
        for rules_rows in every.values()
        for r in rules_rows
        if r["verdict"] != "unknown"
    }
    labels = sorted(budgets, key=budgets.__getitem__)
    for label in labels:
        cells = [
            spaced(
                sum(
                    r["verdict"] == verdict and budget_label(r["budget"]) == label
                    for r in every[rules]
                )
            )
            for rules in THOUGHTFUL
            for verdict in ("won", "lost")
        ]
        lines.append(f"| {label} | {' | '.join(cells)} |")
    unknown = [
        f"{spaced(sum(r['verdict'] == 'unknown' for r in every[rules]))} {rules}"
        for rules in THOUGHTFUL
    ]
    return [*lines, "", f"Unknown after every budget: {' and '.join(unknown)}."]


def held_out_table() -> list[str]:
    """The share the solver resolves, on the deals it was tuned on and beside them."""
    every = rows(THOUGHTFUL["classic"])
    lines = [
        "| classic deals | resolved within 30 s | resolved with every budget "
        "| unknown |",
        "|---|---|---|---|",
    ]
    for label, part in (
        (f"1-{TUNED} (the searches were tuned on these)", every[:TUNED]),
        (f"{TUNED + 1}-{spaced(len(every))} (held out)", every[TUNED:]),
    ):
        at_30_s = sum(
            r["verdict"] != "unknown" and r["budget"].get("max_nodes") is None
            for r in part
        )
        unknown = sum(r["verdict"] == "unknown" for r in part)
        lines.append(
            f"| {label} | {share(at_30_s / len(part))} | "
            f"{share(1 - unknown / len(part))} | {spaced(unknown)} |"
        )
    return lines


def facts() -> list[str]:
    classic = rows(THOUGHTFUL["classic"])
    at_30_s = [r for r in classic if r["budget"].get("max_nodes") is None]
    seconds = sorted(r["seconds"] for r in at_30_s)
    lost = [r for r in classic if r["verdict"] == "lost"]
    dealt = sum(r["nodes"] <= 1 for r in lost)
    relaxed_lost = [r for r in rows(THOUGHTFUL["relaxed"]) if r["verdict"] == "lost"]
    same = classic[: len(rows(VOTING["classic"]))]
    lines = [
        f"- Classic, within 30 s: median time a deal {statistics.median(seconds):.3f} s; "
        f"{sum(seconds) / 3600:.1f} hours of solving for {spaced(len(at_30_s))} deals "
        "on one core.",
        f"- Classic losses that are dead ends as dealt (one position searched): "
        f"{spaced(dealt)} of {spaced(len(lost))}. Relaxed losses: "
        f"{len(relaxed_lost)}, {sum(r['nodes'] <= 1 for r in relaxed_lost)} of them "
        "dead ends as dealt.",
        f"- The thoughtful player on the voting hint's classic deals 1-"
        f"{spaced(len(same))}: {_winnable(same)} winnable.",
    ]
    for player, files, why in (
        ("the planner", PLANNER, "ended with no card it could turn up"),
        (
            "the voting hint",
            VOTING,
            "had every legal move lead back to a board already seen",
        ),
    ):
        stuck = {
            rules: [r for r in rows(path) if r["verdict"] == STUCK]
            for rules, path in files.items()
        }
        capped = {
            rules: sum(r["hint_moves"] >= BLIND_MOVES for r in games)
            for rules, games in stuck.items()
        }
        parts = [
            f"of {spaced(len(games))} {rules} games it could not finish, "
            f"{spaced(len(games) - capped[rules])} {why} and {spaced(capped[rules])} "
            f"went {spaced(BLIND_MOVES)} moves (the cap) with cards still face down"
            for rules, games in stuck.items()
        ]
        lines.append(f"- No-peek, {player}: {'; '.join(parts)}.")
    return lines


def sign_test(wins: int, losses: int) -> float:
    """The two-sided sign test's p-value for ``wins`` against ``losses`` (the
    discordant pairs of a paired comparison; ties left out)."""
    n, k = wins + losses, min(wins, losses)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / float(2**n))


def discordant(
    new: dict[int, Row], old: dict[int, Row], numbers: Iterable[int]
) -> tuple[int, int]:
    """Of the deals ``numbers``, how many ``new``'s player won and ``old``'s did not,
    and the other way round: the pairs a sign test counts."""
    won = [(new[n]["verdict"] == "won", old[n]["verdict"] == "won") for n in numbers]
    return sum(a and not b for a, b in won), sum(b and not a for a, b in won)


def held_out_rows() -> dict[str, dict[int, Row]]:
    """The held-out runs' rows by deal number, on the deals every run has played, from
    the first up to the first gap (runs play deals in order; a gap is a deal still
    being played)."""
    every = {
        name: {number(r): r for r in rows(path)} for name, path in HELD_OUT.items()
    }
    common = set.intersection(*(set(found) for found in every.values()))
    first = min(common, default=0)
    end = first
    while end in common:  # the deals from the first with none missing in any run
        end += 1
    common = set(range(first, end))
    return {
        name: {n: found[n] for n in sorted(common)} for name, found in every.items()
    }


def planner_table() -> list[str]:
    """The planner against the voting hint on the same held-out deals: each one's wins
    with their interval, the games at the move cap, the paired comparison."""
    every = held_out_rows()
    numbers = list(next(iter(every.values())))
    span = f"{numbers[0]}-{numbers[-1]}" if numbers else "none"
    lines = [
        f"| classic deals {span} (held out), {spaced(len(numbers))} deals | won "
        "| could not finish | at the move cap | won share | 95 % interval |",
        "|---|---|---|---|---|---|",
    ]
    for name, found in every.items():
        counted = Tally.of(found.values())
        low, high = counted.interval
        capped = sum(r.get("hint_moves", 0) >= BLIND_MOVES for r in found.values())
        lines.append(
            f"| {name} | {spaced(counted.won)} | {spaced(counted.stuck)} | "
            f"{spaced(capped)} | {share(counted.won / max(1, counted.total))} | "
            f"{share(low)} - {share(high)} |"
        )
    new, old, _ = every.values()
    only_new, only_old = discordant(new, old, numbers)
    won = {
        name: sum(r["verdict"] == "won" for r in found.values())
        for name, found in every.items()
    }
    planner, voting = (
        won["the planner (today's hint)"],
        won["the voting hint (before it)"],
    )
    thoughtful = max(1, won["thoughtful"])
    gain = 100 * (planner - voting) / max(1, len(numbers))
    lines += [
        "",
        f"Paired on the same deals: {only_new} won by the planner only, {only_old} by "
        f"the voting hint only (sign test p = {sign_test(only_new, only_old):.2g}), a "
        f"gain of {gain:.1f} points. The planner's wins are "
        f"{share(planner / thoughtful)} of the thoughtful player's on these deals, the "
        f"voting hint's {share(voting / thoughtful)}.",
        "",
        relaxed_paired(),
    ]
    return lines


def relaxed_paired() -> str:
    """The planner against the voting hint on the relaxed deals both played."""
    new = {number(r): r for r in rows(PLANNER["relaxed"])}
    old = {number(r): r for r in rows(VOTING["relaxed"])}
    numbers = sorted(set(new) & set(old))
    parts = []
    for name, found in (("the planner", new), ("the voting hint", old)):
        counted = Tally.of(found[n] for n in numbers)
        low, high = counted.interval
        parts.append(
            f"{name} won {spaced(counted.won)} ({share(counted.won / counted.total)}, "
            f"{share(low)} - {share(high)})"
        )
    only_new, only_old = discordant(new, old, numbers)
    return (
        f"Relaxed deals {numbers[0]}-{spaced(numbers[-1])}, {spaced(len(numbers))} "
        f"deals (the planner was tuned on classic deals only): {parts[0]}, "
        f"{parts[1]}; {only_new} won by the planner only, {only_old} by the voting "
        f"hint only (sign test p = {sign_test(only_new, only_old):.2g})."
    )


def kpat_rows() -> list[Row]:
    with KPAT.open(encoding="utf-8") as lines:
        kept = sorted((json.loads(line) for line in lines), key=lambda r: r["deal"])
    if [r["deal"] for r in kept] != list(range(1, len(kept) + 1)):
        raise SystemExit(f"{KPAT.name}: not deals 1 to {len(kept)} once each")
    return kept


def kpat_table() -> list[str]:
    kept = kpat_rows()
    verdicts = ("won", "lost", "unknown")
    lines = [
        f"| KDE Patience (deals 1-{spaced(len(kept))}) | here: won | here: lost "
        "| here: unknown | in all |",
        "|---|---|---|---|---|",
    ]
    for theirs in verdicts:
        mine = [
            sum(r["kpat"] == theirs and r["yukon"] == v for r in kept) for v in verdicts
        ]
        cells = " | ".join(spaced(n) for n in mine)
        lines.append(f"| {theirs} | {cells} | {spaced(sum(mine))} |")
    ours = [sum(r["yukon"] == v for r in kept) for v in verdicts]
    lines.append(
        f"| in all | {' | '.join(spaced(n) for n in ours)} | {spaced(len(kept))} |"
    )
    seconds = sorted(r["seconds"] for r in kept)
    kpat_ms = sorted(r["kpat_ms"] for r in kept)
    lines += [
        "",
        f"KDE Patience resolves {spaced(sum(r['kpat'] != 'unknown' for r in kept))} "
        f"(its longest run {kpat_ms[-1] / 1000:.1f} s), this solver "
        f"{spaced(sum(r['yukon'] != 'unknown' for r in kept))} within 30 s (median "
        f"{statistics.median(seconds):.3f} s).",
    ]
    return lines


def kpat_shortcut(row: Row) -> str:
    """Where this solver's winning line on a deal KDE Patience calls lost leaves KDE
    Patience's game: the first move that builds on an Ace or a 2 which could go home, or
    takes one away to another column (KDE Patience sends those home at once), or takes a
    card back from a foundation (KDE Patience never does). The line is found again and
    replayed here, so the explanation comes from the line itself."""
    state = yukon.kpat_deal(row["deal"])
    found = yukon.solve(state, max_nodes=2 * row["nodes"] + 100)
    if found.verdict is not yukon.Verdict.WON:
        raise SystemExit(f"KDE Patience deal {row['deal']}: not won again")
    for step, move in enumerate(found.moves, 1):
        if state.locate(move.card).pile.kind == "foundation":
            return f"move {step}, `{move}`, takes {move.card} back from a foundation"
        home = {
            m.card for m in state.legal_moves() if m.to_foundations and m.card.rank <= 2
        }
        if move.column is not None:
            below = state.columns[move.column].last
            if below in home:
                return (
                    f"move {step}, `{move}`, builds on {below}, which KDE Patience "
                    "would have sent home"
                )
            if move.card in home:
                return f"move {step}, `{move}`, keeps {move.card} out of its foundation"
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
            *figures_table(),
            "",
            *facts(),
            "",
            *held_out_table(),
        ]
    )


def planner_text() -> str:
    return "\n".join(planner_table())


def beyond_30_s() -> str:
    """What the budgets of positions settled of the classic deals no 30 s run did, on
    the tuning range and on the deals held out from it."""
    later = [
        r
        for r in rows(THOUGHTFUL["classic"])
        if r["budget"].get("max_nodes") is not None
    ]
    parts = []
    for label, part in (
        ("held out", [r for r in later if number(r) > TUNED]),
        (f"in 1-{TUNED}", [r for r in later if number(r) <= TUNED]),
    ):
        settled = sum(r["verdict"] != "unknown" for r in part)
        parts.append(f"{spaced(settled)} of the {spaced(len(part))} {label}")
    return (
        f"Of the {spaced(len(later))} classic deals no 30 s run settled, the budgets of "
        f"positions settled {' and '.join(parts)}."
    )


def settled_text() -> str:
    return "\n".join([*settled_table(), "", beyond_30_s()])


def kpat_text() -> str:
    return "\n".join([*kpat_table(), "", *kpat_disagreements()])


if __name__ == "__main__":
    print(text())
    print()
    print(settled_text())
    print()
    print(kpat_text())
    print()
    print(planner_text())
