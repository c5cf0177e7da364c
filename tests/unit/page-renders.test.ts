// One render per page at a time: who renders, who waits, and what each waiter is answered with,
// by counts. The site-level proof (1,000 requests, real renders) is tests/reliability/page-collapsing.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageRenders, type RenderTurn } from "../../server/http/page-cache/page-renders";
import type { PageEntry } from "../../server/http/page-cache";

const entry = { status: 200, etag: 'W/"1"' } as PageEntry;

function setup(options: { waitMs?: number; releasedAtOnce?: number } = {}) {
  const stored = new Map<string, PageEntry>();
  const renders = new PageRenders({
    storedEntry: (key) => stored.get(key),
    waitMs: options.waitMs ?? 10_000,
    releasedAtOnce: options.releasedAtOnce ?? 4,
  });
  return { stored, renders };
}

/** Arrivals for one key; each settles into `turns` (in order of settling). */
function arrive(renders: PageRenders, key: string, count: number) {
  const turns: RenderTurn[] = [];
  const all = Array.from({ length: count }, () => Promise.resolve(renders.arrive(key)).then((t) => (turns.push(t), t)));
  return { turns, all };
}

const flush = () => new Promise((r) => setImmediate(r));
const rendering = (turns: RenderTurn[]) => turns.filter((t) => t.finished);
const answered = (turns: RenderTurn[]) => turns.filter((t) => t.entry);

afterEach(() => vi.useRealTimers());

describe("concurrent requests for one page", () => {
  it("render once; the others are answered from the stored entry", async () => {
    const { stored, renders } = setup();
    const { turns } = arrive(renders, "/products", 1000);
    await flush();
    expect(rendering(turns)).toHaveLength(1);
    expect(renders.stats()).toEqual({ keys: 1, waiting: 999 });
    stored.set("/products", entry);
    rendering(turns)[0]!.finished!();
    await flush();
    expect(rendering(turns)).toHaveLength(1);
    expect(answered(turns)).toHaveLength(999);
    expect(answered(turns).every((t) => t.entry === entry)).toBe(true);
    expect(renders.stats()).toEqual({ keys: 0, waiting: 0 });
  });

  it("keep different pages apart", async () => {
    const { renders } = setup();
    const a = arrive(renders, "/products", 3);
    const b = arrive(renders, "/products.data?_routes=routes%2Fproducts", 3);
    await flush();
    expect(rendering(a.turns)).toHaveLength(1);
    expect(rendering(b.turns)).toHaveLength(1);
  });

  it("are released a bounded number at a time when the render stores nothing, and answered once one of them does", async () => {
    const { stored, renders } = setup({ releasedAtOnce: 4 });
    const { turns } = arrive(renders, "/products", 100);
    await flush();
    rendering(turns)[0]!.finished!(); // failed: nothing stored
    await flush();
    expect(rendering(turns)).toHaveLength(1 + 4);
    expect(renders.stats().waiting).toBe(95);
    rendering(turns)[1]!.finished!(); // another failure: one more released
    await flush();
    expect(rendering(turns)).toHaveLength(1 + 5);
    stored.set("/products", entry);
    rendering(turns)[2]!.finished!(); // stored: everyone still waiting is answered
    await flush();
    expect(rendering(turns)).toHaveLength(6);
    expect(answered(turns)).toHaveLength(94);
    expect(renders.stats().waiting).toBe(0);
  });

  it("render for themselves, one at a time per released slot, when every render is uncacheable", async () => {
    const { renders } = setup({ releasedAtOnce: 2 });
    const { turns, all } = arrive(renders, "/products/999999", 10);
    await flush();
    // Each render finishes without an entry (a 404): the waiters all end up rendering, never more than 2 at once.
    let maxRunning = 0;
    for (let finished = 0; finished < 10; finished++) {
      await flush();
      const running = rendering(turns).length - finished;
      maxRunning = Math.max(maxRunning, running);
      rendering(turns)[finished]!.finished!();
    }
    await Promise.all(all);
    expect(rendering(turns)).toHaveLength(10);
    expect(maxRunning).toBeLessThanOrEqual(2);
    expect(renders.stats()).toEqual({ keys: 0, waiting: 0 });
  });

  it("never wait past the hard timeout: then they render for themselves", async () => {
    vi.useFakeTimers();
    const { renders } = setup({ waitMs: 9000 });
    const turns: RenderTurn[] = [];
    for (let i = 0; i < 5; i++) void Promise.resolve(renders.arrive("/products")).then((t) => turns.push(t));
    await vi.advanceTimersByTimeAsync(8999);
    expect(turns).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rendering(turns)).toHaveLength(5);
    expect(renders.stats().waiting).toBe(0);
  });

  it("a render that reports finishing twice counts once", async () => {
    const { renders } = setup({ releasedAtOnce: 1 });
    const { turns } = arrive(renders, "/about", 3);
    await flush();
    const first = rendering(turns)[0]!;
    first.finished!();
    first.finished!();
    await flush();
    expect(rendering(turns)).toHaveLength(2);
  });
});
