// Every test project's setup (vitest.config.ts): a test that writes to console.error or
// console.warn fails, unless it said it expects to (`expectConsoleOutput()`): an error printed
// and ignored is a bug nobody reads. Output written outside a test (a suite skipped for a missing
// part says so while the file loads) is left alone.
import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

const written: string[] = [];
let expected = false;
let inTest = false;

/** The running test writes to console.error or console.warn on purpose. */
export function expectConsoleOutput(): void {
  expected = true;
}

for (const level of ["error", "warn"] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (inTest) written.push(`console.${level}: ${format(...args)}`);
    original(...args);
  };
}

beforeEach(() => {
  written.length = 0;
  expected = false;
  inTest = true;
});

afterEach(() => {
  inTest = false;
  if (!expected && written.length > 0) {
    const lines = written.splice(0);
    throw new Error(
      `the test wrote to the console unexpectedly (call expectConsoleOutput() if it should):\n${lines.join("\n").slice(0, 4000)}`,
    );
  }
});
