#!/bin/sh
# Assembles the runtime image's contents: the same commands the Dockerfile runs, so the
# test suite (e2e/image.e2e.ts) checks them on machines without a Docker engine.
#
#   deploy/assemble.sh OUT    build this checkout (its dev dependencies installed) and
#                             write to OUT what the runtime needs: dist/, assets/, the start
#                             script and production node_modules only
set -eu
out=${1:?usage: deploy/assemble.sh OUT}
cd "$(dirname "$0")/.."

# A production build whatever the caller's environment: run from the test suite, NODE_ENV is
# 'test', and Vite then bundles React's development runtime.
NODE_ENV=production npm run --silent build
rm -rf "$out"
mkdir -p "$out/scripts"
cp -R dist assets package.json package-lock.json "$out/"
cp scripts/start.mjs "$out/scripts/"
cd "$out"
npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
