#!/usr/bin/env node
// The published entry point: the compiled CLI (npm run build of apps/cli).
require('../dist/apps/cli/src/main.js');
