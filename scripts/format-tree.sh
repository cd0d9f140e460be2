#!/usr/bin/env bash
# One-off mechanical pass over the whole tree, run once after the branches touching it are merged:
# it rewrites files but changes no behaviour. Afterwards `npm run lint` (which checks the formatting)
# passes; commit the result as one commit of its own, so `git blame` can skip it
# (list that commit in .git-blame-ignore-revs).
set -euo pipefail
cd "$(dirname "$0")/.."

# Tests import app code through the aliases (#src/…, #server/…, #contracts/…), not ../../../ chains.
node scripts/alias-test-imports.mjs

# The formatter (biome.json): every JS/TS/JSON/CSS file that git does not ignore.
npx biome format --write .
