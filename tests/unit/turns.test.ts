// Turns: work that became ready all at once goes on a little at a time, each holder in a task of its
// own, so timers and I/O run in between (server/runtime/turns.ts).
import { describe, expect, it } from "vitest";
import { Turns } from "../../server/runtime/turns";

const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("turns", () => {
  it("lets at most `concurrency` hold a turn, in the order they asked", async () => {
    const turns = new Turns(2);
    const order: string[] = [];
    const ends = new Map<string, () => void>();
    const ask = (name: string) => turns.take().then((end) => (order.push(name), ends.set(name, end)));
    const asked = ["a", "b", "c", "d"].map(ask);
    await nextTask();
    expect(order).toEqual(["a", "b"]);
    expect(turns.stats()).toEqual({ active: 2, waiting: 2 });
    ends.get("b")!();
    ends.get("b")!(); // a second end does not hand over a second turn
    await nextTask();
    expect(order).toEqual(["a", "b", "c"]);
    ends.get("a")!();
    await Promise.all(asked);
    expect(order).toEqual(["a", "b", "c", "d"]);
    ends.get("c")!();
    ends.get("d")!();
    expect(turns.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("hands a turn on in a later task, after what came due meanwhile", async () => {
    const turns = new Turns(1);
    const events: string[] = [];
    const end = await turns.take();
    const waiter = turns.take().then((next) => (events.push("next holder"), next));
    setImmediate(() => events.push("I/O that came due"));
    end();
    (await waiter)();
    expect(events).toEqual(["I/O that came due", "next holder"]);
  });

  it("gives continuations that woke together one task each", async () => {
    const turns = new Turns(1);
    const events: string[] = [];
    let wake!: () => void;
    const shared = new Promise<void>((resolve) => (wake = resolve));
    const followers = [1, 2, 3].map((n) =>
      shared.then(() => turns.forThisTask()).then(() => events.push(`follower ${n}`)),
    );
    wake();
    await Promise.resolve();
    setImmediate(() => events.push("between"));
    await Promise.all(followers);
    // All three woke in one microtask drain; only the first went on in it.
    expect(events[0]).toBe("follower 1");
    expect(events.indexOf("between")).toBeLessThan(events.indexOf("follower 3"));
    expect(events.filter((e) => e.startsWith("follower"))).toEqual(["follower 1", "follower 2", "follower 3"]);
  });
});
