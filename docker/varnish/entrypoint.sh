#!/bin/sh
# Starts Varnish in the foreground (PID 1's child; SIGTERM stops it) with the project's VCL.
# The purge token: a mounted file named by FC_PURGE_TOKEN_FILE, or FC_PURGE_TOKEN (compose),
# written here to a file only Varnish's worker user reads. Neither: refuse to start (a Varnish
# that nobody can purge would serve every page up to its grace after each publish).
set -eu
if [ -z "${FC_PURGE_TOKEN_FILE:-}" ]; then
  if [ -z "${FC_PURGE_TOKEN:-}" ]; then
    echo "fc-varnish: set FC_PURGE_TOKEN_FILE (a mounted secret) or FC_PURGE_TOKEN (the site's CDN_API_TOKEN)" >&2
    exit 78
  fi
  FC_PURGE_TOKEN_FILE=/etc/varnish/purge-token
  (umask 077 && printf '%s\n' "$FC_PURGE_TOKEN" > "$FC_PURGE_TOKEN_FILE")
  chown vcache "$FC_PURGE_TOKEN_FILE"
  unset FC_PURGE_TOKEN
  export FC_PURGE_TOKEN_FILE
fi
exec varnishd -F \
  -a "${VARNISH_LISTEN:-:6081}" \
  -T none \
  -f /etc/varnish/default.vcl \
  -p vcl_path=/etc/varnish \
  -s "malloc,${VARNISH_MEMORY:-256m}" \
  -p http_req_hdr_len=65536 \
  -p http_req_size=131072 \
  "$@"
