#!/usr/bin/env bash
# Every image the docker suite and docker-compose.yml use, built once per run on the engine that
# answers (scripts/docker/engine.sh starts one on CI):
#
#   fc-stand-in/debian:bookworm   debootstrap --variant=minbase from the machine's Debian mirror,
#                                 imported (made once, then reused by name: about a minute)
#   node:24-bookworm-slim, redis:7.4-alpine, mariadb:11.4, wordpress:6.8-php8.3-apache
#                                 local stand-ins for the official images (docker/stand-ins/), under
#                                 the names the Dockerfile and docker-compose.yml expect. An image of
#                                 that name without the `fc.stand-in` label is the real one: used
#                                 as it is, never overwritten; a missing one is pulled first where
#                                 a registry answers (a laptop), and made only where none does.
#   fc-varnish:local              docker/varnish (the compose stack's edge) on that Debian base
#   fc-site:local, fc-site:build  the Dockerfile (the runtime, and the build stage the compose
#                                 stack's export runs), with BuildKit's built-in frontend
#
# Layers are cached by the engine, so a second run rebuilds only what changed. Prints the time of
# each step and the site image's size; exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
DOCKER="${DOCKER:-/usr/bin/docker}"
[ -x "$DOCKER" ] || DOCKER="$(command -v docker)"
export DOCKER_BUILDKIT=1
BASE=fc-stand-in/debian:bookworm

if ! "$DOCKER" info >/dev/null 2>&1; then
  echo "no Docker engine answers (bash scripts/docker/engine.sh starts Debian's dockerd)" >&2
  exit 1
fi

step_started=0
step() { step_started=$SECONDS; echo "== docker images: $1"; }
done_step() { echo "   $1 in $((SECONDS - step_started)) s"; }

exists() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }
is_stand_in() { [ -n "$("$DOCKER" image inspect --format '{{index .Config.Labels "fc.stand-in"}}' "$1" 2>/dev/null)" ]; }

# The stand-ins need the base; the base is needed only when one of them is (re)built.
need_base() {
  exists "$BASE" && return 0
  command -v debootstrap >/dev/null || { echo "debootstrap is not installed: apt-get install debootstrap" >&2; exit 1; }
  step "$BASE (debootstrap --variant=minbase bookworm)"
  local mirror rootfs
  mirror="$(sed -nE 's/^URIs:[[:space:]]*(\S+).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)"
  mirror="${mirror:-http://deb.debian.org/debian}"
  rootfs="$(mktemp -d /var/tmp/fc-rootfs.XXXXXX)"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || { tail -n 30 "$rootfs.log" >&2; exit 1; }
  rm -f "$rootfs.log"
  # The mirror may be a dated snapshot: apt must not refuse its Release file as expired.
  echo 'Acquire::Check-Valid-Until "false";' >"$rootfs/etc/apt/apt.conf.d/99fc-stand-in"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | "$DOCKER" import --change 'CMD ["bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$BASE" >/dev/null
  rm -rf "$rootfs"
  done_step "$BASE"
}

stand_in() {
  local name="$1" context="$2" source="$3"
  if exists "$name" && ! is_stand_in "$name"; then
    echo "== docker images: $name is the real image: used as it is"
    return
  fi
  # A machine that reaches a registry gets the real image (fails at once where none answers).
  if ! exists "$name" && "$DOCKER" pull -q "$name" >/dev/null 2>&1; then
    echo "== docker images: $name pulled: the real image"
    return
  fi
  need_base
  step "$name (stand-in, $source)"
  "$DOCKER" build -q -t "$name" "$context" >/dev/null
  done_step "$name"
}

# node:24-bookworm-slim: the context gets the Node 24 the tests run on (on Linux; elsewhere the
# official Linux binary from npm's node-linux-<arch>@24), the machine's npm and its CA bundle.
node_context="$(mktemp -d "${TMPDIR:-/tmp}/fc-node-context.XXXXXX")"
trap 'rm -rf "$node_context"' EXIT
if ! exists node:24-bookworm-slim || is_stand_in node:24-bookworm-slim; then
  node_bin="$(command -v node)"
  if [ "$(uname -s)" = Linux ] && [ "$("$node_bin" -p 'process.versions.node.split(".")[0]')" = 24 ]; then
    cp "$(readlink -f "$node_bin")" "$node_context/node"
  else
    case "$(uname -m)" in aarch64 | arm64) arch=arm64 ;; *) arch=x64 ;; esac
    (cd "$node_context" && npm pack -q "node-linux-$arch@24" >/dev/null && tar -xzf node-linux-*.tgz package/bin/node && mv package/bin/node node && rm -rf package node-linux-*.tgz)
  fi
  cp docker/stand-ins/node/Dockerfile "$node_context/"
  cp -r "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$node_context/npm"
  cp /etc/ssl/certs/ca-certificates.crt "$node_context/ca-certificates.crt" 2>/dev/null || : >"$node_context/ca-certificates.crt"
fi
stand_in node:24-bookworm-slim "$node_context" docker/stand-ins/node
stand_in redis:7.4-alpine docker/stand-ins/redis docker/stand-ins/redis
stand_in mariadb:11.4 docker/stand-ins/mariadb docker/stand-ins/mariadb
stand_in wordpress:6.8-php8.3-apache docker/stand-ins/wordpress docker/stand-ins/wordpress

# The edge of the compose stack (docker/varnish, Debian's Varnish and xkey) on the same base.
need_base
step "fc-varnish:local (docker/varnish)"
"$DOCKER" build -q --build-arg DEBIAN_IMAGE="$BASE" -t fc-varnish:local docker/varnish >/dev/null
done_step "fc-varnish:local"

step "fc-site:local and fc-site:build (the Dockerfile)"
"$DOCKER" build -q --target build -t fc-site:build "$ROOT" >/dev/null
"$DOCKER" build -q -t fc-site:local "$ROOT" >/dev/null
done_step "fc-site:local"
size="$("$DOCKER" image inspect --format '{{.Size}}' fc-site:local)"
echo "FIGURE image size fc-site:local: $((size / 1024 / 1024)) MiB"
