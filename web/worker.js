// The page's worker: Pyodide, the library's pure wheel and its dependencies, all from this
// site's own files, and the game of yukon_web.py (yukon.protocol's Session). Every
// message in and out is JSON text; what goes out is only what a player sees. The whole
// game (which names every card) stays here: it is written to this worker's IndexedDB
// before each answer is posted, and read back when the page opens again.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const STORE = "session";
const KEY = "current";

function openStore() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("yukon", 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function stored(db, mode, work) {
  return new Promise((resolve, reject) => {
    const done = db.transaction(STORE, mode);
    const request = work(done.objectStore(STORE));
    done.oncomplete = () => resolve(request.result);
    done.onerror = () => reject(done.error);
  });
}

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
  const web = pyodide.pyimport("yukon_web");
  let db = null;
  let last = null;
  let resumed = false;
  try {
    db = await openStore();
    last = await stored(db, "readonly", (store) => store.get(KEY));
    if (typeof last === "string") resumed = web.restore(last);
  } catch {
    db = null; // no IndexedDB (a private window): the game lasts as long as the page
  }
  const loadMs = Math.round(performance.now() - started);
  postMessage(JSON.stringify({ ready: true, resumed, load_ms: loadMs }));
  return { web, db, last };
})();

ready.catch((error) => postMessage(JSON.stringify({ failed: String(error) })));

let queue = Promise.resolve();
onmessage = (event) => {
  // One message at a time, each answered only once its game is stored.
  queue = queue.then(async () => {
    const kept = await ready;
    const answer = kept.web.handle(event.data);
    const whole = kept.web.saved();
    if (kept.db && whole !== kept.last) {
      try {
        await stored(kept.db, "readwrite", (store) => store.put(whole, KEY));
        kept.last = whole;
      } catch {
        // a full disk: the game goes on in memory
      }
    }
    postMessage(answer);
  });
};
