// A browser error report costs the running site time in proportion to its length, whatever it
// holds: sixty reports made to make a backtracking scrubber work (a 5,000-slash stack, a message of
// one long word) cost the process about the CPU of sixty ordinary reports of the same length. The
// site's CPU time is read from the kernel (/proc/<pid>/stat), not a clock: the machine's load does
// not move it much, and the quadratic scrubbing this replaced spent about 48 ms on each.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { figure, probe } from "../reliability/support";

const ready = hasBuild();
const REPORTS = 60;
let site: RunningSite;
let visitor = 0;

/** The process's CPU time so far (user and system), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function report(body: object): Promise<number> {
  const answer = await probe(`${site.url}/api/client-errors`, {
    method: "POST",
    // Each from a visitor of their own: reports are limited per visitor (20 a minute).
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${++visitor % 250}` },
    body: JSON.stringify(body),
  });
  return answer.status;
}

/** The CPU the site spent on `REPORTS` reports made by `make`. */
async function cost(make: (n: number) => object): Promise<number> {
  const before = cpuMs(site.process.pid!);
  for (let n = 0; n < REPORTS; n++) expect(await report(make(n))).toBe(204);
  return cpuMs(site.process.pid!) - before;
}

describe.runIf(ready)("browser error reports", () => {
  beforeAll(async () => {
    site = await startSite({ TRUST_PROXY: "1", LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("cost time in proportion to their length, however they are made", async () => {
    // Warm up the handler (JIT, parsers) on ordinary reports.
    await cost((n) => ({ kind: "error", message: `warm ${n}`, page: "/products" }));
    const ordinary = await cost((n) => ({
      kind: "error",
      message: `word ${n} `.repeat(150).slice(0, 1000),
      page: `/products/${"x".repeat(800)}`,
      stack: "    at x (/assets/a.js:1:2)\n".repeat(300).slice(0, 5000),
    }));
    const adversarial = await cost((n) => ({
      kind: "error",
      message: `${"a".repeat(999)}${n % 10}`,
      page: `/${"a/".repeat(400)}`,
      stack: "/".repeat(5000),
    }));
    figure("60 ordinary reports: site CPU (ms)", ordinary);
    figure("60 adversarial reports: site CPU (ms)", adversarial);
    expect(adversarial).toBeLessThan(3 * ordinary + 250);
  });
});
