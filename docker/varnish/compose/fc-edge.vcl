# The installation's part of default.vcl (docker-compose's): where the site is, who may purge.
# Included by default.vcl; a Kubernetes or VM installation ships its own copy on vcl_path.

backend site {
  .host = "site";
  .port = "3000";
  .probe = fc_site_health;
  .connect_timeout = 2s;
  .first_byte_timeout = 30s;
  .between_bytes_timeout = 10s;
}

# Addresses allowed to send PURGE (they also need the token): the compose network.
acl fc_purgers {
  "localhost";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
}
