#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it: one shared build, then the suites one after
# another (two cores: heavy suites never run side by side).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings"

echo "== typecheck"
npm run -s typecheck
echo "== build"
npm run -s build
echo "== unit"
npx vitest run --project unit
echo "== integration"
npx vitest run --project integration
echo "== end-to-end"
npx vitest run --project e2e
echo "== reliability and security"
npx vitest run --project reliability --passWithNoTests
