// The Dockerfile and .dockerignore, read statically (the image itself is built and run on a real
// engine in tests/docker/image.test.ts): the four stages on a current Node LTS
// slim image, production dependencies only in the runtime, a non-root user, node as PID 1 with
// the exec-form CMD, a HEALTHCHECK on /healthz that needs no curl, no secrets baked into ENV or
// ARG, and a build context without node_modules, builds or the repository's history.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDockerfile, ROOT, SECRET_ENV, type Stage } from "./tools";

/** .dockerignore semantics enough for its patterns: anchored at the context root, `*` within a name, `!` re-includes, last match wins. */
function dockerIgnored(patterns: string[], file: string): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const negate = raw.startsWith("!");
    const pattern = (negate ? raw.slice(1) : raw).replace(/^\/+|\/+$/g, "");
    const regex = new RegExp(
      `^${pattern
        .split("**")
        .map((p) =>
          p
            .replace(/[.+^${}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, "[^/]*")
            .replace(/\?/g, "[^/]"),
        )
        .join(".*")}(/.*)?$`,
    );
    if (regex.test(file)) ignored = !negate;
  }
  return ignored;
}

const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const { stages } = parseDockerfile(dockerfile);
const runtime = stages.at(-1)!;
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const last = (stage: Stage, keyword: string) => all(stage, keyword).at(-1);

describe("Dockerfile", () => {
  it("has the dependency, build, production-dependency and runtime stages on a Node LTS slim image", () => {
    expect(stages.map((s) => s.name)).toEqual(["deps", "build", "prod-deps", "runtime"]);
    for (const stage of stages.filter((s) => s.name !== "build"))
      expect(stage.base).toMatch(/^node:24(\.\d+)*-(bookworm|trixie)-slim$/);
    expect(stages[1]!.base).toBe("deps");
    expect(
      all(stages[0]!, "RUN")
        .map((r) => r.args)
        .join("\n"),
    ).toMatch(/npm ci\b/);
    expect(
      all(stages[1]!, "RUN")
        .map((r) => r.args)
        .join("\n"),
    ).toMatch(/npm run build/);
    expect(
      all(stages[2]!, "RUN")
        .map((r) => r.args)
        .join("\n"),
    ).toMatch(/npm ci .*--omit=dev/);
  });

  it("ships the one Node LTS that package.json's engines and CI's .ci/run name", () => {
    // The tests, the bench and the audits run on .ci/run's NODE_MAJOR; the image must run the same.
    const major = stages[0]!.base.match(/^node:(\d+)/)![1];
    const engines = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { engines: { node: string } })
      .engines.node;
    expect(engines).toBe(`>=${major}`);
    expect(readFileSync(path.join(ROOT, ".ci/run"), "utf8")).toMatch(new RegExp(`^NODE_MAJOR=${major}$`, "m"));
  });

  it("copies only the build, production modules and package.json into the runtime", () => {
    const copies = all(runtime, "COPY").map((c) => c.args);
    expect(copies.some((c) => /--from=prod-deps\b.*\/app\/node_modules/.test(c))).toBe(true);
    expect(copies.some((c) => /--from=build\b.*\/app\/build\b/.test(c))).toBe(true);
    expect(copies.some((c) => /\bpackage\.json\b/.test(c))).toBe(true);
    expect(
      copies.some((c) => /(^|\s)\.\s/.test(c)),
      "no COPY . . into the runtime",
    ).toBe(false);
    expect(
      copies.some((c) => /--from=deps\b/.test(c)),
      "no dev dependencies in the runtime",
    ).toBe(false);
  });

  it("runs as a non-root user with node as PID 1 and NODE_ENV=production", () => {
    const user = last(runtime, "USER")?.args;
    expect(user).toBeTruthy();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(JSON.parse(last(runtime, "CMD")!.args)).toEqual(["node", "build/node/main.js"]);
    expect(all(runtime, "ENTRYPOINT")).toHaveLength(0);
    const env = all(runtime, "ENV")
      .map((e) => e.args)
      .join(" ");
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(
      all(runtime, "EXPOSE")
        .map((e) => e.args)
        .join(" "),
    ).toMatch(/\b3000\b/);
  });

  it("checks /healthz with node itself (the slim image has no curl)", () => {
    const check = last(runtime, "HEALTHCHECK")!.args;
    expect(check).toMatch(/CMD \["node", "-e",/);
    expect(check).toContain("/healthz");
    expect(check).not.toMatch(/\b(curl|wget)\b/);
  });

  it("installs the allocator it preloads (without the package ld.so would fall back to glibc, silently)", () => {
    const env = all(runtime, "ENV")
      .map((e) => e.args)
      .join(" ");
    expect(env).toMatch(/\bLD_PRELOAD=libjemalloc\.so\.2\b/);
    const runs = all(runtime, "RUN")
      .map((r) => r.args)
      .join(" ");
    expect(runs).toMatch(/apt-get install[^&]*\blibjemalloc2\b/);
    expect(runs).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
  });

  it("bakes no secret into ENV or ARG", () => {
    for (const stage of stages) {
      for (const { keyword, args } of stage.instructions.filter((i) => i.keyword === "ENV" || i.keyword === "ARG")) {
        for (const name of args.split(/\s+/).map((a) => a.split("=")[0]!)) {
          expect(SECRET_ENV, `${keyword} ${name}`).not.toContain(name);
          expect(name, `${keyword} ${name}`).not.toMatch(/SECRET|PASSWORD|TOKEN|API_KEY/);
        }
      }
    }
  });
});

describe(".dockerignore", () => {
  const patterns = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));

  it("keeps the context small: no modules, builds, history, tests or deployment files", () => {
    for (const file of [
      "node_modules/react/index.js",
      "build/node/main.js",
      ".git/HEAD",
      ".cache/demo-media/x.webp",
      "test-results/x.json",
      "tests/unit/a.test.ts",
      "helm/fc-site/values.yaml",
      "wordpress/fc-headless/fc-headless.php",
      ".env",
      "public/fonts/inter.woff2",
      "server.log",
    ]) {
      expect(dockerIgnored(patterns, file), file).toBe(true);
    }
  });

  it("keeps every input of `npm run build`, and the demo export the compose stack runs", () => {
    for (const file of [
      "package.json",
      "package-lock.json",
      "vite.config.ts",
      "react-router.config.ts",
      "tsconfig.json",
      "app/root.tsx",
      "server/main.ts",
      "demo/catalogue.ts",
      "locales/en/common.json",
      "public/favicon.svg",
      "scripts/fonts.mjs",
      "scripts/build-server.mjs",
      "docker/wordpress/export-demo.ts",
      "patches/@react-router+dev+7.18.4.patch",
    ]) {
      expect(dockerIgnored(patterns, file), file).toBe(false);
    }
  });
});
