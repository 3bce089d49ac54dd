// The page's service worker: every file the game needs (the page, Pyodide, the wheels) in
// one cache named after the build, served from it first, so that a reload with no network
// plays. web/build.sh writes the build's digest for __BUILD__: a new build is a new cache,
// and the old one is deleted once the new one is complete.
const CACHE = "yukon-__BUILD__";
const FILES = [
  "./",
  "index.html",
  "style.css",
  "main.js",
  "i18n.js",
  "worker.js",
  "yukon_web.py",
  "icon.svg",
  "manifest.webmanifest",
  "wheels/wheels.json",
  "pyodide/pyodide.mjs",
  "pyodide/pyodide.asm.mjs",
  "pyodide/pyodide.asm.wasm",
  "pyodide/python_stdlib.zip",
  "pyodide/pyodide-lock.json",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const wheels = await (await fetch("wheels/wheels.json", { cache: "no-cache" })).json();
      await cache.addAll([...FILES, ...wheels.map((name) => `wheels/${name}`)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("yukon-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The page's address may carry ?code=...: it is still index.html.
      const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      return kept || fetch(request);
    })(),
  );
});
