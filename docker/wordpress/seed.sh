#!/bin/sh
# The compose stack's one-shot seed (docker-compose.yml `wordpress-seed`): installs WordPress in the
# shared volume, activates fc-catalogue (the content model, which the import needs), imports the
# demo catalogue exported by `wordpress-export`, and activates fc-headless. It runs on every
# `docker compose up` and does nothing the second time (a marker in wp-content). It never waits
# for the site: the site starts after it.
set -eu
WP=/var/www/html
MARKER="$WP/wp-content/.fc-seeded"

if [ -f "$MARKER" ]; then
  echo "fc seed: already seeded ($(cat "$MARKER"))"
  exit 0
fi

echo "fc seed: installing WordPress"
php /fixture/wp.php --path="$WP" install --title="${WORDPRESS_TITLE:-FC}" --admin-password="${WORDPRESS_ADMIN_PASSWORD:-admin-local}"

echo "fc seed: activating the content model (fc-catalogue)"
php /fixture/wp.php --path="$WP" activate fc-catalogue/fc-catalogue.php

echo "fc seed: importing ${FC_SEED_CATALOGUE:-/seed/catalogue.json}"
php /fixture/wp.php --path="$WP" seed "${FC_SEED_CATALOGUE:-/seed/catalogue.json}"

echo "fc seed: activating the publish-hook plugin"
php /fixture/wp.php --path="$WP" activate fc-headless/fc-headless.php

date -u +%Y-%m-%dT%H:%M:%SZ > "$MARKER"
echo "fc seed: done"
