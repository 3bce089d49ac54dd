"""The solver's compiled searches against the pure-Python searches they compile, search
by search and slice by slice, and the core's own refusals. Whole solves are compared on
both twins in test_twins.py (``same_solutions`` is the harness's).

The core is optional (built only where a C compiler is at hand), so these tests skip
without it; CI sets ``YUKON_REQUIRE_CORE`` so that a broken build fails instead. The
promise tested: the same searches, positions, verdicts and lines, only faster.
"""

from __future__ import annotations

import concurrent.futures
import os
import threading

import pytest

import yukon
from yukon import Verdict, _search, _solver
from yukon._search import BREADTH, PORTFOLIO, Compiled, Search
from yukon._state import packed

from .builders import position, tuned
from .test_solver import (
    _LOST_BY_SEARCH,
    ace_needs_a_two,
    replays_to_a_win,
)
from .test_twins import same_solutions

if os.environ.get("YUKON_REQUIRE_CORE"):
    from yukon import _core
else:
    _core = pytest.importorskip("yukon._core")
    if not yukon.COMPILED_SOLVER:
        pytest.skip(
            "YUKON_IMPLEMENTATION=python: the core is built, not running",
            allow_module_level=True,
        )


def test_the_package_says_the_core_is_built() -> None:
    assert yukon.COMPILED_SOLVER is True
    if os.environ.get("YUKON_SANITIZED"):  # .ci/run's sanitizer stage: that build runs
        assert os.environ["PYTHONPATH"] in str(_core.__file__)


@pytest.mark.parametrize(
    "code", ["YU1-C-AAAAAAB", "YU1-C-AAAAAAC", "YU1-R-AAAAAAD", *_LOST_BY_SEARCH]
)
@pytest.mark.parametrize("weights", PORTFOLIO, ids=str)
def test_each_compiled_search_searches_as_its_original(
    code: str, weights: _search.Weights
) -> None:
    """Same positions in the same order: the same count when it wins or loses, and
    the same winning line."""
    state = yukon.deal(code)
    original = Search(packed(state), weights, prune=True)
    compiled = Compiled(packed(state), weights)
    verdict = original.run(20_000)
    assert verdict is not None
    assert compiled.run(20_000) is verdict
    assert compiled.nodes == original.nodes
    if verdict is Verdict.WON:
        assert compiled.line() == original.line()
        assert replays_to_a_win(state, compiled.line())


@pytest.mark.parametrize("code", ["YU1-C-AAAAAAB", "YU1-R-AAAAAAD", "YU1-C-AAAAAZF"])
def test_the_compiled_finder_searches_as_its_original(code: str) -> None:
    """The breadth-first search that finds starts further on: the same positions, with
    the same ways back, in the same order."""
    state = packed(yukon.deal(code))
    original = Search(state, BREADTH, prune=True)
    compiled = Compiled(state, BREADTH)
    assert original.run(3_000) is None and compiled.run(3_000) is None
    assert compiled.ways() == original.ways()
    assert len(original.ways()) == 3_000


@pytest.mark.parametrize(
    "code", ["YU1-C-AAAAAAB", "YU1-C-AAAAAZF", "YU1-R-AAAAAAD", *_LOST_BY_SEARCH]
)
def test_starts_further_on_are_tried_alike(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried early and small, they give the same verdict, positions and line
    compiled as in pure Python; `YU1-C-AAAAAZF` is won from one of them."""
    tuned(
        monkeypatch,
        further_on_after=2_000,
        breadth_positions=2_000,
        breadth_starts=5,
        breadth_start_positions=2_000,
    )
    solution = same_solutions(yukon.deal(code), 20_000)
    if code == "YU1-C-AAAAAZF":
        assert solution.verdict is Verdict.WON and solution.nodes > 3_000
    if solution.verdict is Verdict.WON:
        assert replays_to_a_win(yukon.deal(code), solution.moves)


@pytest.mark.same_without_core  # a million positions: minutes in pure Python
@pytest.mark.slow
def test_a_deal_every_search_passes_by_is_won_in_a_million_positions() -> None:
    """`YU1-C-AAAAAZF`: unknown after the positions the searches take before trying
    starts further on, and won soon after from one of them."""
    state = yukon.deal("YU1-C-AAAAAZF")
    before = yukon.solve(state, max_nodes=_solver.TUNING.further_on_after)
    assert before.verdict is Verdict.UNKNOWN
    after = yukon.solve(state, max_nodes=_solver.TUNING.further_on_after + 300_000)
    assert after.verdict is Verdict.WON
    assert replays_to_a_win(state, after.moves)


def test_a_deal_random_play_finds_the_way_into_is_won(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`YU1-C-AAAAVQP` (deal 14 627), unknown at 30 s: none of the breadth-first
    search's starts wins it, and the first start random play finds does, a thousand
    moves into its game."""
    state = yukon.deal("YU1-C-AAAAVQP")
    make = _solver._Maker(True, True)
    tuned(monkeypatch, random_starts=0)
    without = _solver._FurtherOn(packed(state), make, None)
    assert without.run(None, None, 0) == (None, ())
    tuned(monkeypatch, random_starts=1)
    games, moves = _solver.TUNING.random_games, _solver.TUNING.random_game_moves
    further = _solver._FurtherOn(packed(state), make, None)
    verdict, line = further.run(None, None, 0)
    assert verdict is Verdict.WON and replays_to_a_win(state, line)
    assert further.nodes - without.nodes < 1_000
    (way, _), *_ = _solver.played(packed(state), games, moves, 1, None)
    assert line[: len(way)] == way and len(way) > 1_000


def test_a_loss_is_proved_by_the_same_searches_after_the_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deal 280, lost after 151 897 positions: with the starts further on tried after
    2 000, it is lost after the same positions of the nine searches and the starts'
    own, counted apart. The searches from the deal go on where they paused."""
    state = yukon.deal("YU1-C-AAAAAKU")
    tuned(monkeypatch, further_on_after=2_000)
    further = _solver._FurtherOn(packed(state), _solver._Maker(True, True), None)
    assert further.run(None, None, 0) == (None, ())
    assert 20_000 < further.nodes <= 280_000
    solution = yukon.solve(state)
    assert solution.verdict is Verdict.LOST
    assert solution.nodes == 151_897 + further.nodes


@pytest.mark.parametrize("weights", PORTFOLIO, ids=str)
def test_a_compiled_search_ends_in_the_same_slice_as_its_original(
    weights: _search.Weights,
) -> None:
    """Slice by slice, the same positions searched and the verdict in the same slice.
    Here the search is lost after some positions, and runs in slices of exactly that
    many: it ends in the first, or in the second when entries are left in its queue
    that are skipped when taken (positions searched already, or covered by one with
    cards home). A compiled search that ended a slice early or late would change
    whose turn ends a solve (found by hypothesis: 2 560 or 2 112 positions against
    2 368 on an earlier position)."""
    state = ace_needs_a_two().apply(yukon.Move(yukon.Card.parse("2S"), None))
    whole = Search(packed(state), weights, prune=True)
    assert whole.run(10_000) is Verdict.LOST
    size = whole.nodes
    assert size > 1
    original = Search(packed(state), weights, prune=True)
    compiled = Compiled(packed(state), weights)
    slices: list[tuple[Verdict | None, int]] = []
    while not slices or slices[-1][0] is None:
        slices.append((original.run(size), original.nodes))
        assert (compiled.run(size), compiled.nodes) == slices[-1]
    assert slices in ([(Verdict.LOST, size)], [(None, size), (Verdict.LOST, size)])
    assert same_solutions(state, 10_000).verdict is Verdict.LOST


@pytest.mark.parametrize("code", [*_LOST_BY_SEARCH, "YU1-C-AAAAAAF"])
def test_sharing_one_table_is_compiled_too(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the table shared early, losses and wins still match position for position
    (deal 6 is won after some 32 000 positions, so sharing after 2 000 matters)."""
    tuned(monkeypatch, share_after=2_000 if code.endswith("F") else 100)
    same_solutions(yukon.deal(code), 100_000)


@pytest.mark.same_without_core  # hundreds of thousands of positions searched in pure Python
def test_a_loss_of_hundreds_of_thousands_of_positions() -> None:
    """Deal 280: lost after 151 897 positions, the count the pure-Python searches
    reach too (in about 26 s; too slow to run both here)."""
    solution = yukon.solve(yukon.deal("YU1-C-AAAAAKU"))
    assert solution.verdict is Verdict.LOST and solution.nodes == 151_897


def test_the_core_refuses_what_is_no_position() -> None:
    state = yukon.deal("YU1-C-AAAAAJV")
    weights = (3, 0, 0, 0, 0, 0, 0)
    duplicated = (*packed(state).cols[:6], packed(state).cols[0])
    with pytest.raises(ValueError, match="not a position"):
        _core.Seeker(duplicated, packed(state).hidden, (0,) * 4, False, weights)
    with pytest.raises(ValueError, match="7 columns"):
        _core.Seeker(
            packed(state).cols[:6],
            packed(state).hidden,
            packed(state).found,
            False,
            weights,
        )
    with pytest.raises(TypeError, match="Seeker"):
        _core.share([object()])  # type: ignore[list-item]


@pytest.mark.same_without_core  # the core's threads; pure Python holds the GIL
def test_solves_in_threads_get_the_answers_they_get_alone() -> None:
    """The compiled searches let go of the GIL while they run, so solves in threads run
    side by side; each still gets its own answer, position for position."""
    codes = ["YU1-C-AAAAAJV", "YU1-C-AAAAAKU", "YU1-C-AAAAAAB", "YU1-R-AAAAAAD"]
    alone = [yukon.solve(yukon.deal(code)) for code in codes]
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(codes)) as pool:
        together = list(pool.map(lambda code: yukon.solve(yukon.deal(code)), codes))
    assert [(s.verdict, s.nodes, s.moves) for s in together] == [
        (s.verdict, s.nodes, s.moves) for s in alone
    ]


def test_a_running_search_refuses_other_calls() -> None:
    """While one thread runs a slice without the GIL, no other call may touch that
    search (nor its table: ``share`` and ``__init__`` ask the same question)."""
    state = yukon.deal("YU1-C-AAAAAJD")
    seeker = _core.Seeker(
        packed(state).cols, packed(state).hidden, packed(state).found, False, (0,) * 7
    )
    worker = threading.Thread(target=seeker.run, args=(150_000,))
    refusals: list[str] = []
    worker.start()
    while worker.is_alive() and not refusals:
        try:
            seeker.line()
        except RuntimeError as refusal:
            refusals.append(str(refusal))
    worker.join()
    assert refusals and "running" in refusals[0]
    assert seeker.nodes == 150_000 and seeker.line() == []  # the slice ran whole


# -- a broken search gives no verdict ------------------------------------------------------


def _seeker(code: str, budget: _core.Budget | None = None) -> _core.Seeker:
    p = packed(yukon.deal(code))
    parts = (p.cols, p.hidden, p.found, False, (3, 0, 0, 0, 0, 0, 0))
    return _core.Seeker(*parts) if budget is None else _core.Seeker(*parts, budget)


def test_a_failed_set_up_leaves_the_search_as_it_was() -> None:
    """``__init__`` again with no position: refused before anything changes, so the
    search goes on exactly as a twin that was never asked."""
    state = yukon.deal("YU1-C-AAAAAJV")
    asked, twin = _seeker("YU1-C-AAAAAJV"), _seeker("YU1-C-AAAAAJV")
    assert asked.run(500) == twin.run(500) == 0
    duplicated = (*packed(state).cols[:6], packed(state).cols[0])
    with pytest.raises(ValueError, match="not a position"):
        asked.__init__(
            duplicated, packed(state).hidden, (0,) * 4, False, (3, 0, 0, 0, 0, 0, 0)
        )
    assert (asked.run(100_000), asked.nodes) == (twin.run(100_000), twin.nodes)
    assert asked.nodes > 500


def test_a_search_never_set_up_refuses_to_run() -> None:
    empty = _core.Seeker.__new__(_core.Seeker)
    with pytest.raises(RuntimeError, match="not set up"):
        empty.run(10)
    assert empty.line() == []
    closed = _seeker("YU1-C-AAAAAAB")
    closed.close()
    with pytest.raises(RuntimeError, match="not set up"):
        closed.run(10)
    for search in (empty, closed):
        with pytest.raises(RuntimeError, match="not set up"):
            search.ways()


def test_weights_and_steps_out_of_range_are_refused() -> None:
    state = yukon.deal("YU1-C-AAAAAAB")
    for weights in [
        (-1, 0, 0, 0, 0, 0, 0),
        (3, 0, 0, 0, 0, 2, 0),
        (3, 0, 0, 0, 0, 0, 2),
        (10**6, 0, 0, 0, 0, 0, 0),
    ]:
        with pytest.raises(ValueError, match="weights"):
            _core.Seeker(
                packed(state).cols,
                packed(state).hidden,
                packed(state).found,
                False,
                weights,
            )
    seeker = _seeker("YU1-C-AAAAAAB")
    with pytest.raises(ValueError, match="steps"):
        seeker.run(-1)
    seeker.run(5)
    assert seeker.run(2**63 - 1) == 1  # no overflow past the nodes already searched


def test_a_search_over_its_budget_stops_and_says_so() -> None:
    """A budget too small for the search: stopped (3), never a verdict, again and
    again; what it held is freed, and it never held more than the budget."""
    budget = _core.Budget(4 * 2**20)
    seeker = _seeker("YU1-C-AAAAAMX", budget)
    assert seeker.run(10**9) == 3
    assert seeker.run(10**9) == 3 and seeker.line() == []
    assert 0 < budget.peak <= budget.limit
    seeker.close()
    assert budget.used == 0


def test_a_search_sharing_a_table_with_a_stopped_one_refuses_to_go_on() -> None:
    budget = _core.Budget(16 * 2**20)
    first, second = _seeker("YU1-C-AAAAAMX", budget), _seeker("YU1-C-AAAAAMX", budget)
    assert first.run(1_000) == 0
    assert _core.share([first, second])
    assert first.run(10**9) == 3
    with pytest.raises(RuntimeError, match="sharing this table failed"):
        second.run(10)
    with pytest.raises(ValueError, match="one budget"):
        _core.share([_seeker("YU1-C-AAAAAAB"), _seeker("YU1-C-AAAAAAB")])


def test_a_search_whose_memory_ran_out_raises_and_never_answers() -> None:
    """Fault injection: the n-th block the search asks for during a slice is refused,
    for every n up to the first slice that asks for fewer. The slice then raises
    MemoryError and the search refuses to go on; a slice that got all its memory
    searches exactly as a search that never failed."""
    reference = _seeker("YU1-C-AAAAAJV")
    reference.run(3_000)
    failures = 0
    for n in range(200):
        seeker = _seeker("YU1-C-AAAAAJV")
        _core._fail_allocation(n)
        try:
            found = seeker.run(3_000)
        except MemoryError:
            found = None
        finally:
            _core._fail_allocation(-1)
        if found is None:
            failures += 1
            with pytest.raises(RuntimeError, match="failed earlier"):
                seeker.run(10)
            assert seeker.line() == []
        else:
            assert (found, seeker.nodes) == (0, reference.nodes)
            break
    assert failures > 5  # the queue, nodes and table all asked for memory


def test_the_twins_dead_end_is_compiled_too() -> None:
    """The twins check runs once, at the start of a search, in C as in Python: deal 61
    is lost as dealt (10♥ and 10♦ over J♠ in column 7), and so is a hand-built pair."""
    dealt = same_solutions(yukon.deal("YU1-C-AAAAACJ"), 3_000)
    assert dealt.verdict is Verdict.LOST and dealt.nodes == 1
    twins = position(
        {1: "[KC JH JD QD] QH", 2: "KS", 3: "KH KD"}, foundations=(12, 10, 10, 12)
    )
    built = same_solutions(twins, 3_000)
    assert built.verdict is Verdict.LOST and built.nodes == 1
