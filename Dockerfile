# The FC site image. Four stages: all dependencies, the build, production dependencies only, and a
# slim runtime that runs node itself as PID 1 (signals reach the app's graceful shutdown directly)
# as the unprivileged `node` user. It refuses to start without WP_URL and SITE_URL (exit 78) unless
# DEMO_CATALOGUE=true asks for the bundled demo catalogue. docs/deployment.md explains the choices;
# CI builds and runs it on a real engine (tests/docker/image.test.ts).
# Node 24 LTS, the one version the tests, the bench and the audits run on (package.json's engines,
# .ci/run's NODE_MAJOR).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- 1. dependencies: everything the build needs (dev dependencies included) -----------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# patches/: fixes to dependencies that npm ci's postinstall applies (patch-package).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# ---- 2. build: client, server bundle and Node entry (build/) ----------------------------------
FROM deps AS build
COPY . .
RUN npm run build \
 && test -f build/node/main.js && test -f build/server/index.js && test -d build/client/assets

# ---- 3. production dependencies only (no install scripts: nothing here compiles) ------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# ---- 4. runtime ----------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# jemalloc instead of glibc's malloc: every page is compressed (zlib, brotli) and every cache entry
# is a Buffer, and glibc keeps the freed memory of that churn resident. Measured after 10,000
# distinct pages, jemalloc held 30–35 MB less (docs/capacity.md). Preloaded by name, so it is
# found on amd64 and arm64 alike. MALLOC_ARENA_MAX=2 still bounds glibc where jemalloc is not
# loaded (a debug shell with LD_PRELOAD unset).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    METRICS_PORT=9464 \
    LD_PRELOAD=libjemalloc.so.2 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json ./
# The app's files stay root-owned and read-only to it; the only writable place it needs is
# .cache/ (the demo catalogue's rendered images). Kubernetes mounts an emptyDir there and at /tmp
# when the root filesystem is read-only.
RUN mkdir -p /app/.cache && chown node:node /app/.cache
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "build/node/main.js"]
