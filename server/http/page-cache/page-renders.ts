// One render per page at a time (nginx's proxy_cache_lock, Varnish's waiting list). Concurrent
// requests that miss the page cache on the same key wait for the one render in progress and are
// answered from the entry it stores, in whatever encoding each asks for. A render that ends
// without storing an entry (it failed, its visitor left, its answer was not cacheable: a 404, a
// 503, a Set-Cookie, a purge during the render) releases the waiters to render for themselves, at
// most `releasedAtOnce` per key at a time; as soon as one of those stores an entry, the rest are
// answered from it. No request waits longer than `waitMs`: then it renders for itself.
//
// Invariants: a key has at most one flight; a flight exists while a render of its key runs or a
// request waits for one; every waiter is settled exactly once (an entry, or its turn to render).
import type { PageEntry } from "./store";

/** What a request that missed the page cache does: render (and say when it has finished), or answer from `entry`. */
export type RenderTurn = { entry: PageEntry; finished?: undefined } | { entry?: undefined; finished: () => void };

interface Waiter {
  settle(turn: RenderTurn): void;
  timer: ReturnType<typeof setTimeout>;
}

interface Flight {
  /** Renders of this key in progress. */
  running: number;
  /** A render ended without an entry: up to `releasedAtOnce` renders may run together. */
  released: boolean;
  waiting: Waiter[];
}

export interface PageRendersOptions {
  /** The fresh entry stored under a key, if any (no lookup metrics: this is not a visitor's lookup). */
  storedEntry(key: string): PageEntry | undefined;
  /** The longest a request waits for another's render (the hard timeout of the data it needs). */
  waitMs: number;
  /** Renders of one key released together once a render failed to give an entry. */
  releasedAtOnce?: number;
  /** A request waited `waitMs` and renders for itself (logged: a render took longer than the data's hard timeout). */
  onWaitedTooLong?: (key: string) => void;
}

export class PageRenders {
  private readonly flights = new Map<string, Flight>();
  private readonly releasedAtOnce: number;

  constructor(private readonly options: PageRendersOptions) {
    this.releasedAtOnce = Math.max(1, options.releasedAtOnce ?? 4);
  }

  /**
   * For a request that missed the page cache on `key`: resolves with the entry another render
   * stored, or with the turn to render, whose `finished` must be called once the answer is done
   * (stored or not; calling it again does nothing).
   */
  arrive(key: string): Promise<RenderTurn> | RenderTurn {
    let flight = this.flights.get(key);
    if (!flight) {
      flight = { running: 0, released: false, waiting: [] };
      this.flights.set(key, flight);
      return this.render(key, flight);
    }
    if (flight.released && flight.running < this.releasedAtOnce) return this.render(key, flight);
    const waitingIn = flight;
    return new Promise<RenderTurn>((resolve) => {
      const waiter: Waiter = {
        settle: resolve,
        // Waited long enough: this request renders for itself, whatever the others do.
        timer: setTimeout(() => {
          const at = waitingIn.waiting.indexOf(waiter);
          if (at === -1) return;
          waitingIn.waiting.splice(at, 1);
          this.options.onWaitedTooLong?.(key);
          resolve(this.render(key, waitingIn));
        }, this.options.waitMs),
      };
      waitingIn.waiting.push(waiter);
    });
  }

  /** Keys with a render in progress or waiters, and the requests waiting (readiness, tests). */
  stats(): { keys: number; waiting: number } {
    let waiting = 0;
    for (const flight of this.flights.values()) waiting += flight.waiting.length;
    return { keys: this.flights.size, waiting };
  }

  private render(key: string, flight: Flight): RenderTurn {
    flight.running++;
    let done = false;
    return {
      finished: () => {
        if (done) return;
        done = true;
        flight.running--;
        this.settle(key, flight);
      },
    };
  }

  private settle(key: string, flight: Flight): void {
    const entry = this.options.storedEntry(key);
    if (entry) {
      // Renders still running for this key store their own entries; new requests hit the cache.
      if (this.flights.get(key) === flight) this.flights.delete(key);
      for (const waiter of flight.waiting.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.settle({ entry });
      }
      return;
    }
    flight.released = true;
    while (flight.running < this.releasedAtOnce && flight.waiting.length > 0) {
      const waiter = flight.waiting.shift()!;
      clearTimeout(waiter.timer);
      waiter.settle(this.render(key, flight));
    }
    if (flight.running === 0 && flight.waiting.length === 0 && this.flights.get(key) === flight)
      this.flights.delete(key);
  }
}
