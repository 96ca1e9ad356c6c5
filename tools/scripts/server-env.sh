#!/bin/sh
# `sh tools/scripts/server-env.sh <command>`: runs the command with the environment `npm start` gives the api.
#
# On the embedded database (no DATABASE_URL), glibc's mmap threshold at 32 KB: each allocation that large is mapped
# on its own and returned when freed, which lets V8 optimise PGlite without keeping its compile memory for good
# (libs/platform/src/runtime/wasm-compilation.ts). On PostgreSQL there is no PGlite to optimise and the threshold
# only costs page faults: a runner row took ~150 µs more of the api's CPU with it. A threshold already set is kept.
# The bench gives its engines' processes the same (tools/bench/src/support/engine-environment.ts).
if [ -z "$DATABASE_URL" ] && [ -z "$MALLOC_MMAP_THRESHOLD_" ]; then
  export MALLOC_MMAP_THRESHOLD_=32768
fi
exec "$@"
