// A circuit breaker in front of Redis (bentocache's L2 fallback): after `failureThreshold`
// consecutive failures it checks with a probe of its own, and opens if the probe fails too; then
// for `openMs` no request even tries Redis, so a hung or unreachable Redis costs visitors nothing
// once noticed. Then it goes half-open and runs ONE probe (not a visitor's request, which would pay
// the timeout): success closes it, failure opens it for another period. Recovery therefore needs no
// traffic, and is noticed within `openMs`.
//
// Why the check before opening: a burst of requests all timing out together says little about
// Redis. On a cold page, 500 requests per instance each wait on Redis at once while the process and
// the machine are saturated; their 50 ms bounds pass together, five failures arrive in a
// millisecond, and an open breaker then makes every instance fetch from WordPress for itself
// (bench: 76 WordPress calls for 52 URLs instead of 52). The probe has a longer bound than a
// request: a Redis that answers it is slow under the burst, not gone. Visitors' requests keep their
// own short bounds while it runs.

export type BreakerState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  failureThreshold: number;
  openMs: number;
  /** Resolves when the guarded service answers; rejects otherwise. Must bound its own duration. */
  probe: () => Promise<unknown>;
  onChange?: (state: BreakerState) => void;
}

export class CircuitBreaker {
  private current: BreakerState = "closed";
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private confirming = false;

  constructor(private readonly options: BreakerOptions) {
    if (!(options.failureThreshold >= 1) || !(options.openMs > 0))
      throw new RangeError("breaker needs failureThreshold >= 1 and openMs > 0");
  }

  get state(): BreakerState {
    return this.current;
  }

  /** Whether a request may use the service now. Half-open lets only the probe through. */
  get allows(): boolean {
    return this.current === "closed";
  }

  success(): void {
    this.failures = 0;
  }

  failure(): void {
    if (this.current !== "closed") return;
    this.failures += 1;
    if (this.failures >= this.options.failureThreshold) void this.confirm();
  }

  /** Failures have counted up: open only if Redis does not answer the probe either. */
  private async confirm(): Promise<void> {
    if (this.confirming || this.stopped) return;
    this.confirming = true;
    let ok = false;
    try {
      await this.options.probe();
      ok = true;
    } catch {
      // confirmed: open below
    }
    this.confirming = false;
    if (this.stopped || this.current !== "closed") return;
    if (ok) this.failures = 0;
    else this.trip();
  }

  /** Open now (e.g. the connection closed: no need to wait for failures to count up). */
  trip(): void {
    if (this.stopped) return;
    this.failures = 0;
    this.set("open");
    this.schedule();
  }

  /** Closed now (e.g. the connection came back ready): forget failures, cancel the probe. */
  reset(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.failures = 0;
    if (!this.stopped) this.set("closed");
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.probe(), this.options.openMs);
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    if (this.stopped || this.current !== "open") return;
    this.set("half-open");
    let ok = false;
    try {
      await this.options.probe();
      ok = true;
    } catch {
      // stays open
    }
    // reset() or trip() may have come meanwhile (TypeScript cannot know the await changed it).
    if (this.stopped || (this.current as BreakerState) !== "half-open") return;
    if (ok) {
      this.failures = 0;
      this.set("closed");
    } else {
      this.set("open");
      this.schedule();
    }
  }

  private set(state: BreakerState): void {
    if (state === this.current) return;
    this.current = state;
    this.options.onChange?.(state);
  }
}
