// Test projects: `unit` is fast and self-contained; `integration` starts real services
// (redis-server, the demo WordPress, a real WordPress); `e2e` drives Debian's Chromium against
// the built site; `docker` runs the image and the compose stack on a Docker engine.
// tests/run-all.sh runs them one after another (docs/testing.md).
import { defineConfig } from "vitest/config";

/** The end-to-end files that run alone (project e2e-alone), not beside another. */
const E2E_ALONE = ["tests/e2e/catalogue.test.ts", "tests/e2e/hero-contrast.test.ts"];
/**
 * How many of project e2e's files run at once: 1 unless FC_E2E_FILES_AT_ONCE says more. Two at a
 * time fit on two idle cores, but on a machine already loaded they pushed Chromium's waits past
 * their 30 s in one run of three (docs/testing.md, "How long each step takes").
 */
const E2E_FILES_AT_ONCE = Math.max(1, Number(process.env.FC_E2E_FILES_AT_ONCE ?? 1) || 1);

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    // A test that writes to console.error or console.warn fails unless it expects to.
    setupFiles: ["tests/support/console-guard.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Redis and MariaDB in containers (testcontainers) when an engine answers, else local
          // processes: tests/support/containers.ts. FC_TESTCONTAINERS=off forces the latter.
          globalSetup: ["tests/integration/global-setup.ts"],
          env: { FC_TESTCONTAINERS: process.env.FC_TESTCONTAINERS ?? "auto" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: E2E_ALONE,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // These wait on their browser far more than they compute (measured: under half a
          // CPU-second a second, docs/testing.md), and each starts its own site, browser and Redis
          // on ephemeral ports, its site with a media cache folder of its own
          // (tests/support/site.ts), so they may run side by side (FC_E2E_FILES_AT_ONCE). A group
          // of its own: another project's worker count may differ.
          fileParallelism: E2E_FILES_AT_ONCE > 1,
          maxWorkers: E2E_FILES_AT_ONCE,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The end-to-end files that compute for most of their time (full-page screenshots,
          // sampling the hero's pixels), one after another after the others whatever
          // FC_E2E_FILES_AT_ONCE says: beside another file on two cores, the catalogue's
          // screenshots ran past their 60 s.
          name: "e2e-alone",
          include: E2E_ALONE,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts", "tests/security/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The image and the compose stack on a real Docker engine (images built once, by
          // scripts/docker/images.sh, in globalSetup or as tests/run-all.sh's own step).
          name: "docker",
          include: ["tests/docker/**/*.test.ts"],
          globalSetup: ["tests/docker/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
