#!/usr/bin/env bash
# web/build.sh DIR: the complete static site in DIR, so that any static server serving
# DIR runs the game with nothing fetched from elsewhere: the page (index.html, style.css,
# main.js, i18n.js, worker.js, yukon_web.py; manifest.webmanifest, icon.svg and sw.js,
# the service worker that keeps all of it for playing offline), the library's pure wheel built from this checkout
# and its dependencies' wheels (wheels/, listed in wheels/wheels.json), and Pyodide's
# files (pyodide/, from the npm package pinned by web/package-lock.json).
#
# Needs Python 3.10+ with pip (PYTHON, default python3), Node's npm, and the package
# registries (pip for the dependencies' wheels, npm for Pyodide).
set -euo pipefail

out=${1:?usage: web/build.sh DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$out/wheels" "$out/pyodide"
rm -f "$out"/wheels/*.whl
cp "$here"/index.html "$here"/style.css "$here"/main.js "$here"/i18n.js "$here"/worker.js "$here"/yukon_web.py \
  "$here"/icon.svg "$here"/manifest.webmanifest "$here"/sw.js "$out"/

YUKON_BUILD_CORE=0 "$python" -m pip wheel -q --no-deps --wheel-dir "$work" "$root"
"$python" -m pip download -q --only-binary=:all: --dest "$out/wheels" "$work"/yukon-*-py3-none-any.whl
"$python" - "$out/wheels" <<'PY'
import json, pathlib, sys
wheels = pathlib.Path(sys.argv[1])
names = sorted(p.name for p in wheels.glob("*.whl"))
assert any(n.startswith("yukon-") and n.endswith("-py3-none-any.whl") for n in names), names
(wheels / "wheels.json").write_text(json.dumps(names) + "\n")
PY

npm ci --prefix "$here" --no-audit --no-fund --loglevel=error
pyodide="$here/node_modules/pyodide"
cp "$pyodide"/pyodide.mjs "$pyodide"/pyodide.asm.mjs "$pyodide"/pyodide.asm.wasm \
  "$pyodide"/python_stdlib.zip "$pyodide"/pyodide-lock.json "$out/pyodide/"
# The service worker's cache is named after everything it caches: a new build, a new cache.
build=$(cd "$out" && cat index.html style.css main.js i18n.js worker.js yukon_web.py icon.svg \
  manifest.webmanifest wheels/* pyodide/* | sha256sum | cut -c1-16)
sed -i "s/__BUILD__/$build/" "$out/sw.js"
echo "built the site in $out"
