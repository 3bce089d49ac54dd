# Sourced by every stage script under .ci/: the checkout, where a run keeps its files,
# the stage banner, and the virtual environment the stages share.
#
# .ci/run sets YUKON_CI_WORK to a fresh temporary folder and YUKON_CI_START to its start;
# a stage run on its own keeps its files in .ci/work (ignored by git), so that one
# stage's artefacts (the venv, the wheels) serve the next stage run by hand.
set -euo pipefail
# The solver's C core is optional for users, but here it must build: YUKON_REQUIRE_CORE
# makes its tests fail instead of skipping when it is missing.
export YUKON_REQUIRE_CORE=1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
work=${YUKON_CI_WORK:-$root/.ci/work}
mkdir -p "$work"
venv=${YUKON_CI_VENV:-$work/venv}
export YUKON_CI_START=${YUKON_CI_START:-$(date +%s)}
# Each stage says how far into the run it starts, so a slow one shows.
stage() { echo "== $* (at $(($(date +%s) - YUKON_CI_START))s)"; }
# The shared venv, made by .ci/venv when a stage runs before it.
need_venv() {
  [ -x "$venv/bin/python" ] || "$root/.ci/venv"
}
# The release extra's tools in the shared venv, installed once (installing the project
# again would compile the core again).
need_release_tools() {
  need_venv
  "$venv/bin/python" -c 'import abi3audit, build, check_wheel_contents, cibuildwheel, twine' \
    2>/dev/null || "$venv/bin/python" -m pip install --quiet --no-compile -e '.[test,release]'
}
# The tests of what differs between installs and interpreters: the core (or its
# absence) and its budgets, the public API and its typing, the command line, the codes
# and the docs site; the wheel stages run them against an installed wheel (the whole
# suite runs in .ci/readme-tests with the core, and in .ci/sdist-pure without it).
installed_tests=(tests/test_core.py tests/test_core_rules.py tests/test_budgets.py
  tests/test_api.py tests/test_typing.py tests/test_docs_site.py tests/test_cli.py
  tests/test_codes.py)
