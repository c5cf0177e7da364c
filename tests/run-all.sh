#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it, by measurement on CI's two cores
# (docs/testing.md, "How long each step takes"):
#
#   route types (react-router typegen, once)
#   docker images (only with an engine; in the background from the start, awaited by the first
#     step that uses them)
#   typecheck | lint | build | editor screens (wordpress/'s build), side by side, then unit
#   then the tests' steps, one after another (FC_PARALLEL=1: in two lanes side by side):
#     end-to-end -> integration: wp-admin (the editor's journey, the plugins' build)
#     reliability and security -> integration: the rest -> docker
#
# Each step's output is streamed as it comes (FC_SERIAL=1, the default), or, for a step that runs
# beside others, kept and printed whole when it ends, between its "== <name>" line and a
# "== <name>: <seconds> s" line (.ci/run lists those times), so side-by-side steps never
# interleave. A failing step fails the run once the steps beside it have ended, its output shown.
#
# The images and the checks run beside the rest in either mode: they hold no time bounds, and the
# image builds mostly wait on the mirror and the engine. The tests' steps are one after another by
# default; FC_PARALLEL=1 asks for the lanes. On two cores the lanes side by side pushed tests with
# real bounds past them (Chromium's timeouts, the render lock's renewal, the search flood's cap):
# the tests share no state, only the CPU (docs/testing.md).
set -euo pipefail
[ "${FC_PARALLEL:-}" = 1 ] || export FC_SERIAL=1
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=()

# step NAME COMMAND...: runs COMMAND; its output streamed (FC_SERIAL=1) or printed whole (under a
# lock) when it ends.
step() {
  local name="$1" started=$SECONDS rc=0
  shift
  if [ "${FC_SERIAL:-}" = 1 ]; then
    echo "== $name"
    "$@" || rc=$?
  else
    local log
    log="$(mktemp "$work/step.XXXXXX")"
    (flock 9 && echo "-- $name: started (its output follows when it ends)") 9>>"$work/lock"
    "$@" >"$log" 2>&1 </dev/null || rc=$?
    exec 9>>"$work/lock"
    flock 9
    echo "== $name"
    cat "$log"
  fi
  if [ "$rc" -eq 0 ]; then
    echo "== $name: $((SECONDS - started)) s"
  else
    echo "== $name: FAILED (exit $rc) after $((SECONDS - started)) s"
  fi
  [ "${FC_SERIAL:-}" = 1 ] || flock -u 9
  return "$rc"
}

# Steps beside the others: `beside NAME COMMAND...` runs in the background in either mode, its
# output printed whole when it ends; `await NAME...` waits for those; `finish` for every one left.
# A failed step ends the run once every started step has ended (their output printed too).
declare -A running=()
beside() {
  FC_SERIAL=0 step "$@" &
  running["$1"]=$!
}
await() {
  local name
  for name in "$@"; do
    [ -n "${running[$name]:-}" ] || continue
    wait "${running[$name]}" || failed+=("$name")
    unset "running[$name]"
  done
  if [ ${#failed[@]} -gt 0 ]; then finish; fi
}
finish() {
  local name
  for name in "${!running[@]}"; do
    wait "${running[$name]}" || failed+=("$name")
    unset "running[$name]"
  done
  if [ ${#failed[@]} -gt 0 ]; then
    local IFS=";"
    echo "== failed: ${failed[*]}" >&2
    exit 1
  fi
}

# The route types ESLint and tsc both read: generated once, before they run side by side.
step "route types" npx react-router typegen

docker_engine=no
if "${DOCKER:-$([ -x /usr/bin/docker ] && echo /usr/bin/docker || echo docker)}" info >/dev/null 2>&1; then
  docker_engine=yes
fi
if [ "$docker_engine" = no ] && { [ "${CI:-}" = true ] || [ "${CI:-}" = 1 ]; }; then
  echo "== docker: no Docker engine answers (CI=true: a missing part fails the run); .ci/run starts one with scripts/docker/engine.sh" >&2
  exit 1
fi

# The images, then their exit code in a file the lanes wait for (they are other shells).
images() {
  local rc=0
  bash scripts/docker/images.sh || rc=$?
  echo "$rc" >"$work/images.rc.tmp" && mv "$work/images.rc.tmp" "$work/images.rc"
  return "$rc"
}
wait_for_images() {
  [ "$docker_engine" = yes ] || return 0
  until [ -e "$work/images.rc" ]; do sleep 1; done
  [ "$(cat "$work/images.rc")" = 0 ]
}
# With a Docker engine, every image is built once, here, while the checks and the unit suite run:
# the integration suites' testcontainers (Redis, MariaDB) and the docker step use them.
if [ "$docker_engine" = yes ]; then
  beside "docker images" images
fi
beside "typecheck" npx tsc --noEmit
# ESLint with type information and the import boundaries (eslint.config.js).
beside "lint" bash -c 'npx eslint . --max-warnings 0 && npx depcruise . --output-type err'
beside "build" npm run -s build
# fc-catalogue's editing screens, which wp-admin loads in the editor's journey: wordpress/'s own
# npm project installed (first use: from the registry) and built with webpack. Here, beside the
# checks, rather than inside the journey's first hook; the journey builds them only when missing
# or older than their sources, and its step comes long after this one has ended.
beside "editor screens" node scripts/wordpress-plugins.mjs
await "typecheck" "lint" "build" "editor screens"
# Alone (but for the images): some unit tests bound real waits to a tenth of a second, which three
# compilers beside them on two cores overrun.
step "unit" npx vitest run --project unit || failed+=("unit")
if [ ${#failed[@]} -gt 0 ]; then finish; fi

# The two lanes: steps one after another in each, the lanes side by side, balanced by their
# measured times (docs/testing.md). Every step that uses the images (the integration suites'
# testcontainers, the docker suite) comes after a step that does not, and waits for them: on a
# fresh machine they take minutes, on any other seconds.
# wp-admin in Chromium, and the test that rebuilds the editing screens wp-admin loads (one after
# the other, never beside each other: a rebuild empties wordpress/fc-catalogue/build/).
WP_ADMIN=(tests/integration/wordpress/editor-journey.test.ts tests/integration/wordpress/plugin-php.test.ts)
# Each lane's sites keep /media/'s disk cache in a folder of their own (kept from run to run, as
# the default one is): a site's start clears the half-written files it finds there, and each
# evicts files the other still serves, so sites of two lanes must never share one.
lane_browser() {
  export MEDIA_CACHE_DIR="${TMPDIR:-/tmp}/fc-media-cache-lane-browser"
  step "end-to-end" npx vitest run --project e2e --project e2e-alone || return 1
  wait_for_images || return 1
  step "integration: wp-admin (the editor's journey, the plugins' build)" npx vitest run --project integration "${WP_ADMIN[@]}"
}
lane_services() {
  export MEDIA_CACHE_DIR="${TMPDIR:-/tmp}/fc-media-cache-lane-services"
  step "reliability and security" npx vitest run --project reliability --passWithNoTests || return 1
  wait_for_images || return 1
  step "integration: the rest" npx vitest run --project integration "${WP_ADMIN[@]/#/--exclude=}" || return 1
  if [ "$docker_engine" = yes ]; then
    # The image and the compose stack on a real Docker engine (images built above).
    step "docker (the image and the compose stack)" npx vitest run --project docker
  else
    echo "== docker: SKIP: no Docker engine answers: install Docker (Debian: apt-get install docker.io docker-compose debootstrap, then bash scripts/docker/engine.sh; or Docker Desktop)"
  fi
}
lane() {
  if [ "${FC_SERIAL:-}" = 1 ]; then
    "$1" || failed+=("$2")
  else
    "$1" &
    running["$2"]=$!
  fi
}
if [ "$docker_engine" = yes ]; then export FC_DOCKER_IMAGES=built; fi
lane lane_browser "end-to-end, or the editor's journey"
lane lane_services "reliability and security, the rest of integration, or docker"
finish
