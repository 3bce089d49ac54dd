// The page's worker: Pyodide, the library's pure wheel and its dependencies, all from this
// site's own files, and the game of yukon_web.py. Every message in and out is JSON text;
// what goes out is only what a player sees (see yukon_web.py).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const started = performance.now();
const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  const wheels = await (await fetch("wheels/wheels.json")).json();
  for (const name of wheels) {
    const data = await (await fetch(`wheels/${name}`)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel");
  }
  const game = await (await fetch("yukon_web.py")).text();
  pyodide.FS.writeFile("/home/pyodide/yukon_web.py", game);
  const handle = pyodide.runPython("import yukon_web; yukon_web.handle");
  postMessage(JSON.stringify({ ready: true, load_ms: Math.round(performance.now() - started) }));
  return handle;
})();

ready.catch((error) => postMessage(JSON.stringify({ failed: String(error) })));

onmessage = async (event) => {
  const handle = await ready;
  postMessage(handle(event.data));
};
