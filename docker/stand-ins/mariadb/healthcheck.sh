#!/bin/sh
# The official image's healthcheck.sh, for the two checks docker-compose.yml asks: --connect (the
# server accepts connections on its socket) and --innodb_initialized (InnoDB is up).
set -eu
for check in "$@"; do
  case "$check" in
    --connect) mariadb -e 'SELECT 1' >/dev/null ;;
    --innodb_initialized) [ "$(mariadb -N -e "SELECT 1 FROM information_schema.ENGINES WHERE ENGINE='InnoDB' AND SUPPORT IN ('YES','DEFAULT')")" = 1 ] ;;
    *) echo "healthcheck.sh: unknown check $check" >&2; exit 2 ;;
  esac
done
