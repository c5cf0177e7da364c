// The cap on WordPress requests in flight: never more than the cap at once, the queue first come
// first served, refusals past the queue (counted, never reaching the task), and a waiter whose
// caller gave up leaves the queue without running.
import { describe, expect, it } from "vitest";
import { createWordPressGate, WordPressQueueFullError } from "../../server/content/wordpress-gate";
import { createWordPressClient, originErrorKind, type WordPressError } from "../../server/content/wordpress-client";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("the WordPress gate", () => {
  it("runs at most the cap at once, queues the next in order, and refuses past the queue", async () => {
    const counts: number[] = [];
    let rejected = 0;
    const gate = createWordPressGate({
      maxInflight: 2,
      maxQueued: 2,
      observe: { inflight: (n) => counts.push(n), rejected: () => rejected++ },
    });
    const releases = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = releases.map((d, i) =>
      gate.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await d.promise;
        running--;
        return i;
      }),
    );
    const fifth = runs[4]!.catch((error: unknown) => error);
    expect(await fifth).toBeInstanceOf(WordPressQueueFullError);
    expect(rejected).toBe(1);
    expect([gate.inflight, gate.queued]).toEqual([2, 2]);
    releases[1]!.resolve();
    releases[0]!.resolve();
    releases[2]!.resolve();
    releases[3]!.resolve();
    expect(await Promise.all(runs.slice(0, 4))).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    expect([gate.inflight, gate.queued]).toEqual([0, 0]);
    expect(counts.at(-1)).toBe(0);
    expect(Math.max(...counts)).toBe(2);
  });

  it("drops a waiter whose caller gave up, and frees a turn whatever the task did", async () => {
    const gate = createWordPressGate({ maxInflight: 1, maxQueued: 5 });
    const hold = deferred();
    const first = gate.run(() =>
      hold.promise.then(() => {
        throw new Error("WordPress failed");
      }),
    );
    const abandon = new AbortController();
    let ran = false;
    const waiting = gate.run(async () => void (ran = true), abandon.signal);
    expect(gate.queued).toBe(1);
    abandon.abort(new Error("caller left"));
    await expect(waiting).rejects.toThrow("caller left");
    expect(gate.queued).toBe(0);
    hold.resolve();
    await expect(first).rejects.toThrow("WordPress failed");
    expect(ran).toBe(false);
    expect(await gate.run(async () => "next")).toBe("next");
    expect(gate.inflight).toBe(0);
  });

  it("makes the client refuse past the queue as an outage (a 503 page), without asking WordPress", async () => {
    const gate = createWordPressGate({ maxInflight: 1, maxQueued: 0 });
    const hold = deferred();
    let asked = 0;
    const observed: number[] = [];
    const client = createWordPressClient({
      baseUrl: "http://wordpress.invalid",
      timeoutMs: 5000,
      gate,
      observe: (o) => observed.push(o.status),
      fetch: async () => {
        asked++;
        await hold.promise;
        return new Response("[]", { status: 200, headers: { "Content-Type": "application/json" } });
      },
    });
    const first = client.get("wp/v2/products");
    const refused = (await client.get("wp/v2/products").catch((error: unknown) => error)) as WordPressError;
    expect(refused.code).toBe("overloaded");
    expect(originErrorKind(refused)).toBe("unreachable");
    hold.resolve();
    expect((await first).status).toBe(200);
    expect(asked).toBe(1);
    // The refusal says nothing about WordPress: only the answered request is observed.
    expect(observed).toEqual([200]);
  });
});
