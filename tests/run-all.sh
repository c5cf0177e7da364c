#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it: one shared build, then the suites one after
# another (two cores: heavy suites never run side by side).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings"

echo "== typecheck"
npm run -s typecheck
# ESLint with type information and the import boundaries (eslint.config.js); it generates the
# route types it reads itself.
echo "== lint"
npm run -s lint
echo "== build"
npm run -s build
# With a Docker engine, every image is built once, here: the integration suites' testcontainers
# (Redis, MariaDB) and the docker step at the end use them.
docker_engine=no
if "${DOCKER:-$( [ -x /usr/bin/docker ] && echo /usr/bin/docker || echo docker )}" info >/dev/null 2>&1; then
  docker_engine=yes
  echo "== docker images"
  bash scripts/docker/images.sh
  export FC_DOCKER_IMAGES=built
fi
echo "== unit"
npx vitest run --project unit
echo "== integration"
npx vitest run --project integration
echo "== end-to-end"
npx vitest run --project e2e
echo "== reliability and security"
npx vitest run --project reliability --passWithNoTests
# The image and the compose stack on a real Docker engine (images built above), then the docker
# project. No engine: a line saying what to install, and with CI=true a failure.
if [ "$docker_engine" = yes ]; then
  echo "== docker (the image and the compose stack)"
  npx vitest run --project docker
elif [ "${CI:-}" = true ] || [ "${CI:-}" = 1 ]; then
  echo "== docker: no Docker engine answers (CI=true: a missing part fails the run); .ci/run starts one with scripts/docker/engine.sh" >&2
  exit 1
else
  echo "== docker: SKIP: no Docker engine answers: install Docker (Debian: apt-get install docker.io docker-compose debootstrap, then bash scripts/docker/engine.sh; or Docker Desktop)"
fi
