#!/bin/sh
# First start (empty data directory): initialise it, create MARIADB_DATABASE and MARIADB_USER with
# MARIADB_PASSWORD on a server that listens on no port (healthcheck.sh cannot pass meanwhile), then
# run the real server on 0.0.0.0:3306 as `mysql`.
set -eu
if [ ! -d /var/lib/mysql/mysql ]; then
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql --skip-test-db --auth-root-authentication-method=socket >/dev/null
  mariadbd --user=mysql --skip-networking --socket=/run/mysqld/init.sock &
  init=$!
  for _ in $(seq 1 60); do mariadb --socket=/run/mysqld/init.sock -e 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.5; done
  {
    [ -n "${MARIADB_DATABASE:-}" ] && echo "CREATE DATABASE IF NOT EXISTS \`$MARIADB_DATABASE\`;"
    if [ -n "${MARIADB_USER:-}" ]; then
      echo "CREATE USER '$MARIADB_USER'@'%' IDENTIFIED BY '${MARIADB_PASSWORD:-}';"
      [ -n "${MARIADB_DATABASE:-}" ] && echo "GRANT ALL ON \`$MARIADB_DATABASE\`.* TO '$MARIADB_USER'@'%';"
    fi
    # MARIADB_ROOT_PASSWORD: root from anywhere with it (testcontainers). Otherwise root only
    # through the socket inside the container (MARIADB_RANDOM_ROOT_PASSWORD's intent: no known
    # root password from outside).
    if [ -n "${MARIADB_ROOT_PASSWORD:-}" ]; then
      echo "CREATE USER 'root'@'%' IDENTIFIED BY '$MARIADB_ROOT_PASSWORD';"
      echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    fi
    echo "FLUSH PRIVILEGES;"
  } | mariadb --socket=/run/mysqld/init.sock
  kill "$init"
  wait "$init" || true
fi
exec "$@" --user=mysql --bind-address=0.0.0.0 --port=3306
