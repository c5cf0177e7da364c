// Turns: work that became ready all at once runs a little at a time, one task each, so the event
// loop keeps turning in between. Three users: requests entering the router (server/http/site.ts),
// requests that shared one WordPress fetch (server/cache/read-path.ts) and document renders
// (app/entry.server.tsx; React Router's data requests for client navigations render no document).
//
// Why. When hundreds of requests arrive together, or wait on the same WordPress answer, they become
// ready in the same moment. Node handles every connection that is readable in one pass, and React's
// server renderer works in microtasks, which Node drains completely before it looks at anything
// else. Measured with 500 requests on one cold page, the process stood still for 6–7 s: no timer,
// no health probe, no Redis reply and no renewal of a fetch lock ran in between (the lock lapsed,
// and another pod fetched the same answer). With all three turns the longest stall was 0.1–0.3 s.
//
// A turn is handed on through setImmediate, so the next holder starts in a task of its own, after
// the timers and I/O that came due meanwhile. Throughput does not change (this is CPU work, and one
// core does one thing at a time), the loop keeps turning, and requests go on in the order they
// came: a connection opened during a render backlog does not wait behind all of it.

import type { RenderTurns } from "../../common/site-services";

export class Turns implements RenderTurns {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly concurrency: number) {
    if (!(concurrency >= 1)) throw new RangeError("turns need a concurrency of at least 1");
  }

  /** Resolves when it is the caller's turn, with the function that ends it (safe to call twice). */
  async take(): Promise<() => void> {
    if (this.active < this.concurrency) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // handed over by end()
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.waiting.shift();
      if (next) setImmediate(next);
      else this.active--;
    };
  }

  /**
   * Waits for a turn that lasts until the current task ends: for a continuation that runs on
   * through microtasks with no single place where it finishes.
   */
  async forThisTask(): Promise<void> {
    const end = await this.take();
    setImmediate(end);
  }

  /** Turns held and waited for, for tests. */
  stats(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
