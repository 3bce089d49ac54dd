// A Python file run in Pyodide under Node with the wheels given unpacked (nothing
// fetched from elsewhere): prints the value of the file's last expression, which the
// caller makes a JSON text. The benchmarks time the hint in Pyodide with it.
//
//   node .ci/pyodide/run.mjs script.py yukon-*-py3-none-any.whl attrs-*.whl
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const [script, ...wheels] = process.argv.slice(2);
const pyodide = await loadPyodide();
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
}
console.log(pyodide.runPython(readFileSync(script, "utf8")));
