// The pure wheel of yukon, and the wheels it needs, loaded from disk into Pyodide under
// Node (nothing fetched from elsewhere), then the library used as a page would use it:
// deal, legal moves, a move and its undo, the JSON views, a Change, a small solve and a
// hint. Prints one JSON line: how long loading took and how many moves a second play
// there; exits non-zero when any check fails.
//
//   node .ci/pyodide/smoke.mjs yukon-*-py3-none-any.whl attrs-*.whl
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const started = performance.now();
const pyodide = await loadPyodide();
for (const wheel of process.argv.slice(2)) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
}
const loaded = performance.now();
const checked = pyodide.runPython(`
import json, random, time

import yukon

assert not yukon.COMPILED_SOLVER, "the pure wheel has no compiled core"
game = yukon.Game.new("YU1-R-AAAAAAB")
state = game.state
moves = state.legal_moves()
assert [str(m) for m in moves] == [str(m) for m in yukon.deal("YU1-R-AAAAAAB").legal_moves()]
played = game.play(moves[0])
assert played.undo().state == state and played.state == state.apply(moves[0])
view = state.to_dict()
assert view["format"] == "yukon.state" and "face_down" not in view["columns"][1]
change = state.change(moves[0]).to_dict()
assert change["format"] == "yukon.change" and change["move"] == str(moves[0])
assert yukon.Game.from_json(played.to_json()) == played
solution = yukon.solve(state, max_nodes=200_000)
assert solution.verdict is yukon.Verdict.WON
finished = state
for move in solution.moves:
    finished = finished.apply(move)
assert finished.is_won and finished.score == yukon.CLEAN_WIN
hint = game.hint(samples=2, max_nodes=500)
assert hint is not None and hint.move in moves
rng = random.Random(1)
count, began, position = 0, time.perf_counter(), state
while time.perf_counter() - began < 1.0:
    legal = position.legal_moves()
    position = position.apply(rng.choice(legal)) if legal else state
    count += 1
json.dumps({
    "yukon": yukon.__version__,
    "moves_per_second": round(count / (time.perf_counter() - began)),
    "solved": f"{solution.verdict.value} in {len(solution.moves)} moves",
    "hint": str(hint.move),
})
`);
const result = { load_seconds: Number(((loaded - started) / 1000).toFixed(2)), ...JSON.parse(checked) };
console.log(JSON.stringify(result));
