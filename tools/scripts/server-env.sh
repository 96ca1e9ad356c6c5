#!/bin/sh
# `sh tools/scripts/server-env.sh <command>`: runs the command with the environment `npm start` gives the api.
#
# On the embedded database (no DATABASE_URL), glibc's mmap threshold fixed at 128 KB: allocations that large (PGlite's
# messages, a listing's answer) are mapped on their own and returned when freed. Left to glibc, the threshold rises
# with the largest block freed, and such blocks stay in its heaps: the api idled ~10 MB higher. Not lower: at 32 KB
# V8's compile zones and every socket read buffer were mapped and unmapped as well, which doubled the api's restart
# (2.6–3.0 s against 5.2–5.6 s) and cost V8's helper threads ~70 µs per runner row. On PostgreSQL the threshold is
# not set. A threshold already set is kept. The bench runs this script to give its engines' processes the same
# (tools/bench/src/support/engine-environment.ts).
if [ -z "$DATABASE_URL" ] && [ -z "$MALLOC_MMAP_THRESHOLD_" ]; then
  export MALLOC_MMAP_THRESHOLD_=131072
fi
exec "$@"
