#!/usr/bin/env bash
# A Docker engine for CI: reuse the one that answers, else start Debian's dockerd by hand (no
# systemd on these machines) in the background, its log in $DOCKERD_LOG, and wait until it
# answers. Exits non-zero, with the end of dockerd's log, when no engine comes up: a CI run must
# never go on silently without its engine.
#
# Invariants: the client is Debian's /usr/bin/docker (another client earlier in PATH may lack
# buildx), or $DOCKER; an engine already running (an earlier run, or Docker Desktop) is used as it
# is and never restarted; this script starts at most one dockerd and leaves it running for the
# suites after it (its pid is in $DOCKERD_PIDFILE).
set -euo pipefail

DOCKER="${DOCKER:-/usr/bin/docker}"
[ -x "$DOCKER" ] || DOCKER="$(command -v docker || true)"
DOCKERD_LOG="${DOCKERD_LOG:-/var/log/fc-dockerd.log}"
DOCKERD_PIDFILE="${DOCKERD_PIDFILE:-/var/run/fc-dockerd.pid}"

if [ -z "$DOCKER" ]; then
  echo "no docker client: apt-get install docker.io" >&2
  exit 1
fi
if "$DOCKER" info >/dev/null 2>&1; then
  echo "docker engine: already running ($("$DOCKER" version --format '{{.Server.Version}}' 2>/dev/null))"
  exit 0
fi
if ! command -v dockerd >/dev/null; then
  echo "no Docker engine answers and dockerd is not installed: apt-get install docker.io" >&2
  exit 1
fi

# A pid file left by a dockerd that died makes the next one refuse to start.
if [ -f /var/run/docker.pid ] && ! kill -0 "$(cat /var/run/docker.pid)" 2>/dev/null; then rm -f /var/run/docker.pid; fi
echo "docker engine: starting dockerd (log: $DOCKERD_LOG)"
mkdir -p "$(dirname "$DOCKERD_LOG")"
setsid nohup dockerd >>"$DOCKERD_LOG" 2>&1 </dev/null &
echo $! >"$DOCKERD_PIDFILE"
pid=$!
for _ in $(seq 1 120); do
  if "$DOCKER" info >/dev/null 2>&1; then
    echo "docker engine: dockerd $("$DOCKER" version --format '{{.Server.Version}}') up (pid $pid, storage $("$DOCKER" info --format '{{.Driver}}'), cgroups $("$DOCKER" info --format '{{.CgroupDriver}}'))"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 0.5
done
echo "docker engine: dockerd did not come up; the end of $DOCKERD_LOG:" >&2
tail -n 40 "$DOCKERD_LOG" >&2 || true
exit 1
