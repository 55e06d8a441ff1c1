#!/usr/bin/env bash
# Bundles the engine's two entry points (src/engine/server.ts and src/engine/worker.ts) into
# dist/engine/ with esbuild, when their sources changed since the last bundle. Only our TypeScript
# is bundled; packages stay external and load from node_modules as they are. A process then starts
# from one file instead of resolving and loading some 400 source files through tsx's loader: a
# serving engine with its workers came up in about 1.9 s instead of 3.7 s, which is what a restart
# after a crash, each serving process of ENGINE_PROCESSES and every test that starts real processes
# wait for. Source maps point stack traces back at the TypeScript.
#
# Several processes may start at once (two engines, an engine and a worker): each builds into a
# folder of its own and moves the files into place one by one (a rename is atomic), the bundle
# the staleness check reads last, so no process ever loads a half-written file.
set -euo pipefail
cd "$(dirname "$0")/.."
# ENGINE_BUNDLE_DIR builds elsewhere (a test does); the engine reads files two folders up from it.
out=${ENGINE_BUNDLE_DIR:-dist/engine}
stamp=$out/server.js
sources=(src/engine src/shared src/generated scripts/build-engine.sh)
if [ -f "$stamp" ] && [ -f "$out/worker.js" ] \
  && [ -z "$(find "${sources[@]}" -newer "$stamp" -type f -print -quit)" ]; then
  exit 0
fi
mkdir -p "$out"
build=$(mktemp -d "$out/.build.XXXXXX")
trap 'rm -rf "$build"' EXIT
node_modules/.bin/esbuild src/engine/server.ts src/engine/worker.ts --bundle --platform=node --format=esm \
  --target=node20 --packages=external --sourcemap --outdir="$build" --log-level=warning
# The bundles name their maps by file name, so each map goes in before its bundle.
for file in worker.js.map worker.js server.js.map server.js; do mv -f "$build/$file" "$out/$file"; done
