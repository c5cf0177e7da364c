#!/bin/sh
# As the official image's entrypoint, for Apache: on an empty /var/www/html copy WordPress in,
# write the permalink .htaccess and a wp-config.php (wp-config-docker.php with fresh salts); then
# run the command. Other commands (the seed's `sh /fixture/seed.sh`) run as they are.
set -eu
if [ "${1:-}" = apache2-foreground ]; then
  if [ ! -e index.php ] && [ ! -e wp-includes/version.php ]; then
    # Mount points inside wp-content (read-only plugin and theme mounts) already exist: copy
    # around them without touching them.
    (cd /usr/src/wordpress && find . -mindepth 1 -maxdepth 1) | while read -r entry; do
      if [ "$entry" = ./wp-content ]; then
        mkdir -p wp-content && chown www-data:www-data wp-content
        (cd /usr/src/wordpress/wp-content && find . -mindepth 1 -maxdepth 1) | while read -r sub; do
          [ -e "wp-content/$sub" ] || cp -a "/usr/src/wordpress/wp-content/$sub" "wp-content/$sub"
        done
      else
        cp -a "/usr/src/wordpress/$entry" "$entry"
      fi
    done
    rm -f wp-config-docker.php
  fi
  if [ ! -e .htaccess ]; then
    cat > .htaccess <<'HTACCESS'
# BEGIN WordPress
<IfModule mod_rewrite.c>
RewriteEngine On
RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]
RewriteBase /
RewriteRule ^index\.php$ - [L]
RewriteCond %{REQUEST_FILENAME} !-f
RewriteCond %{REQUEST_FILENAME} !-d
RewriteRule . /index.php [L]
</IfModule>
# END WordPress
HTACCESS
    chown www-data:www-data .htaccess
  fi
  if [ ! -e wp-config.php ]; then
    cp /usr/src/wordpress/wp-config-docker.php wp-config.php
    for key in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
      salt="$(head -c 48 /dev/urandom | base64 | tr -d '\n')"
      sed -i "s|'WORDPRESS_$key', 'put your unique phrase here'|'WORDPRESS_$key', '$salt'|" wp-config.php
    done
    chown www-data:www-data wp-config.php
  fi
fi
exec "$@"
