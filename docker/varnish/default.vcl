vcl 4.1;
# FC's self-hosted edge: Varnish 7 with xkey (Debian's varnish and varnish-modules), in front of
# the site's public port. docs/cdn.md ("Varnish") is the operator's page; tests/integration/edge/
# runs this file, unchanged, in front of the built site.
#
# Invariants (each one is a test in tests/integration/edge/varnish.test.ts):
# - Freshness comes from the site's CDN headers only: CDN-Cache-Control (RFC 9213) first, else
#   Surrogate-Control: max-age is the TTL, the longer of stale-while-revalidate and
#   stale-if-error is the grace. Browsers' Cache-Control (max-age=0, must-revalidate) is for them.
# - Never stored: an answer with Set-Cookie; Cache-Control (or the CDN header) private, no-store
#   or no-cache; Vary on Cookie, Accept-Language, Authorization or *; a 5xx; a request that is not GET/HEAD,
#   that carries Authorization, or for `/` (the language decision is per visitor) or /api/.
# - The key is the normalised URL alone: tracking parameters (the ones the site's page cache
#   ignores) are removed and the query sorted; the site reads no Host, cookie or forwarded header
#   for a page, so none of them may change what is cached (cookies are dropped from page requests).
#   A redirect, whose Location carries the query as asked, is stored per full URL.
# - A 5xx from a background fetch is abandoned: the stale copy stays (stale-if-error).
# - PURGE needs both an allow-listed address and the bearer token; no token configured, no purge.
#   `xkey-purge` / `xkey-softpurge: <Surrogate-Keys>` (soft: expired but kept for grace),
#   `X-Purge-All: hard` bans everything. Answers 200 "Invalidated <n>".
#
# What differs per installation lives in fc-edge.vcl (found on varnishd's vcl_path): the backend
# `site` (with `.probe = fc_site_health`) and the ACL `fc_purgers`. The purge token is a file
# named by the environment variable FC_PURGE_TOKEN_FILE.

import std;
import xkey;

# The site is sick after 3 of the last 5 probes failed (about 10 s): a pod busy rendering a burst
# answers /healthz late, not never, and a sick backend turns every miss into a 503.
probe fc_site_health {
  .url = "/healthz";
  .interval = 2s;
  .timeout = 2s;
  .window = 5;
  .threshold = 3;
  .initial = 3;
}

include "fc-edge.vcl";

sub vcl_recv {
  # This VCL's working headers are never taken from a client: first thing, before any use (a
  # client's own x-fc-expected would otherwise stand in for a missing token file).
  unset req.http.x-fc-expected;
  unset req.http.x-fc-gone;
  unset req.http.x-fc-cache;
  unset req.http.x-fc-key;
  unset req.http.x-fc-url;

  if (req.method == "PURGE") {
    if (client.ip !~ fc_purgers) {
      return (synth(403, "Forbidden"));
    }
    # The token is read once from the file FC_PURGE_TOKEN_FILE names (a mounted secret; never in
    # this VCL, which `varnishadm vcl.show` prints). A missing file or a token shorter than 16
    # characters refuses every purge (fail closed); a trailing newline is ignored.
    if (std.getenv("FC_PURGE_TOKEN_FILE") && std.file_exists(std.getenv("FC_PURGE_TOKEN_FILE"))) {
      set req.http.x-fc-expected = regsub(std.fileread(std.getenv("FC_PURGE_TOKEN_FILE")), "\s+$", "");
    }
    if (req.http.x-fc-expected !~ "^\S{16,}$") {
      unset req.http.x-fc-expected;
      return (synth(503, "Purge token not configured"));
    }
    if (req.http.Authorization != "Bearer " + req.http.x-fc-expected) {
      unset req.http.x-fc-expected;
      return (synth(401, "Unauthorized"));
    }
    unset req.http.x-fc-expected;
    if (req.http.X-Purge-All == "hard") {
      ban("obj.status != 0");
      return (synth(200, "Invalidated all"));
    }
    if (req.http.xkey-purge) {
      set req.http.x-fc-gone = xkey.purge(req.http.xkey-purge);
      return (synth(200, "Invalidated " + req.http.x-fc-gone));
    }
    if (req.http.xkey-softpurge) {
      set req.http.x-fc-gone = xkey.softpurge(req.http.xkey-softpurge);
      return (synth(200, "Invalidated " + req.http.x-fc-gone));
    }
    return (synth(400, "PURGE needs xkey-purge, xkey-softpurge or X-Purge-All"));
  }

  if (req.method != "GET" && req.method != "HEAD") {
    # Forms, the webhook, the purge API: straight to the site, never stored.
    return (pass);
  }
  if (req.http.Authorization) {
    return (pass);
  }

  # The cache key (x-fc-key): the URL without tracking parameters (utm_*, click ids,
  # mail-campaign and analytics linker parameters), its query sorted, so neither they nor the
  # parameter order split one page into several objects. The site itself gets the URL as asked
  # (it ignores those parameters on a page, and carries them into a redirect's Location: a
  # redirect is therefore stored per full URL, x-fc-url, see vcl_backend_response).
  set req.http.x-fc-url = req.url;
  set req.http.x-fc-key = req.url;
  if (req.http.x-fc-key ~ "\?") {
    set req.http.x-fc-key = regsub(req.http.x-fc-key, "\?", "?&");
    set req.http.x-fc-key = regsuball(req.http.x-fc-key, "(?i)&(utm_[a-z0-9_]*|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|twclid|ttclid|yclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|srsltid)(=[^&]*)?(?=&|$)", "");
    set req.http.x-fc-key = regsub(req.http.x-fc-key, "\?&+", "?");
    set req.http.x-fc-key = regsub(req.http.x-fc-key, "\?$", "");
    set req.http.x-fc-key = std.querysort(req.http.x-fc-key);
  }

  # /media/ answers `Vary: Accept` (AVIF, WebP or the original's format): browsers' Accept
  # headers are reduced to the one fact the site reads, so each rendition is stored at most three
  # times, not once per browser version.
  if (req.url ~ "^/media/") {
    if (req.http.Accept ~ "image/avif") {
      set req.http.Accept = "image/avif";
    } elsif (req.http.Accept ~ "image/webp") {
      set req.http.Accept = "image/webp";
    } else {
      unset req.http.Accept;
    }
  }

  # `/` answers per visitor (language from cookie and Accept-Language); the API is never cached.
  if (req.url ~ "^/(\?|$)" || req.url ~ "^/api/") {
    return (pass);
  }
  # No other page reads a cookie on the server (docs/languages.md): dropped, so analytics and
  # consent cookies do not make every visitor a cache miss.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_hash {
  # The normalised URL alone (see the invariants): the site never reads Host for a page (SITE_URL).
  hash_data(req.http.x-fc-key);
  return (lookup);
}

sub vcl_hit {
  if (obj.ttl > 0s) {
    set req.http.x-fc-cache = "hit";
  } else {
    # In grace: served stale while one background fetch revalidates (or while the site fails).
    set req.http.x-fc-cache = "stale";
  }
}

sub vcl_miss {
  set req.http.x-fc-cache = "miss";
}

sub vcl_pass {
  set req.http.x-fc-cache = "pass";
}

sub vcl_backend_response {
  # A 5xx is never stored; in a background fetch it is dropped so the stale copy keeps serving.
  if (beresp.status >= 500) {
    if (bereq.is_bgfetch) {
      return (abandon);
    }
    set beresp.ttl = 0s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
  }

  # The site's directives for shared caches: CDN-Cache-Control, else Surrogate-Control.
  if (beresp.http.CDN-Cache-Control) {
    set beresp.http.x-fc-cdn = beresp.http.CDN-Cache-Control;
  } elsif (beresp.http.Surrogate-Control) {
    set beresp.http.x-fc-cdn = beresp.http.Surrogate-Control;
  }

  # Never stored (hit-for-miss for two minutes, so requests for it are not queued behind each other).
  if (beresp.http.Set-Cookie
      || beresp.http.Cache-Control ~ "(?i)(^|[\s,])(private|no-store|no-cache)"
      || beresp.http.x-fc-cdn ~ "(?i)(^|[\s,])(private|no-store|no-cache)"
      || beresp.http.Vary ~ "(?i)(\*|cookie|accept-language|authorization)") {
    unset beresp.http.x-fc-cdn;
    set beresp.ttl = 120s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
  }

  if (beresp.http.x-fc-cdn) {
    if (beresp.http.x-fc-cdn ~ "(?i)(^|[\s,])max-age=\d+") {
      set beresp.ttl = std.duration(regsub(beresp.http.x-fc-cdn, "(?i)^(.*[\s,])?max-age=(\d+).*$", "\2") + "s", 0s);
    } else {
      set beresp.ttl = 0s;
    }
    set beresp.grace = 0s;
    if (beresp.http.x-fc-cdn ~ "(?i)stale-while-revalidate=\d+") {
      set beresp.grace = std.duration(regsub(beresp.http.x-fc-cdn, "(?i)^.*stale-while-revalidate=(\d+).*$", "\1") + "s", 0s);
    }
    if (beresp.http.x-fc-cdn ~ "(?i)stale-if-error=\d+") {
      if (std.duration(regsub(beresp.http.x-fc-cdn, "(?i)^.*stale-if-error=(\d+).*$", "\1") + "s", 0s) > beresp.grace) {
        set beresp.grace = std.duration(regsub(beresp.http.x-fc-cdn, "(?i)^.*stale-if-error=(\d+).*$", "\1") + "s", 0s);
      }
    }
    unset beresp.http.x-fc-cdn;
  }
  # Without the site's CDN headers (hashed assets, media) Varnish's own reading of Cache-Control
  # and Expires stands: the assets' one year. Nothing fresh is nothing stored (no default grace).
  if (beresp.ttl <= 0s) {
    set beresp.ttl = 120s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
  }

  # A redirect names the URL it was asked with (tracking parameters included) in its Location:
  # one object per full URL, never one campaign's Location for another's visitors.
  if (beresp.status >= 300 && beresp.status < 400) {
    if (beresp.http.Vary) {
      set beresp.http.Vary = beresp.http.Vary + ", x-fc-url";
    } else {
      set beresp.http.Vary = "x-fc-url";
    }
  }

  # The page's Surrogate-Key becomes the xkey index (space-separated, as the site sends them).
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  return (deliver);
}

sub vcl_deliver {
  set resp.http.X-Cache = req.http.x-fc-cache;
  # The keys are for this cache only; the surrogate directives are consumed here.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
  unset resp.http.Surrogate-Control;
  if (resp.http.Vary ~ "x-fc-url") {
    set resp.http.Vary = regsub(regsub(resp.http.Vary, "(, )?x-fc-url", ""), "^, ", "");
    if (resp.http.Vary == "") {
      unset resp.http.Vary;
    }
  }
  return (deliver);
}

sub vcl_synth {
  # Synthetic answers (refused purges, a backend that is down) are never cached downstream.
  set resp.http.Cache-Control = "no-store";
  set resp.http.Content-Type = "text/plain; charset=utf-8";
  set resp.body = resp.reason + {"
"};
  return (deliver);
}

sub vcl_backend_error {
  # A background fetch that failed leaves the stale copy in place (stale-if-error).
  if (bereq.is_bgfetch) {
    return (abandon);
  }
  # The site cannot be reached and nothing stale was left: 503, never stored.
  set beresp.http.Cache-Control = "no-store";
  set beresp.http.Retry-After = "5";
  set beresp.http.Content-Type = "text/plain; charset=utf-8";
  set beresp.body = {"Service unavailable
"};
  set beresp.ttl = 0s;
  set beresp.uncacheable = true;
  return (deliver);
}
