// The circuit breaker in front of Redis: opens after N failures, probes by itself, closes.
import { describe, expect, it } from "vitest";
import { CircuitBreaker, type BreakerState } from "../../server/cache/breaker";
import { sleep } from "../support/wait";

function breaker(probe: () => Promise<unknown>) {
  const states: BreakerState[] = [];
  const b = new CircuitBreaker({ failureThreshold: 3, openMs: 30, probe, onChange: (s) => states.push(s) });
  return { b, states };
}

describe("circuit breaker", () => {
  it("opens after consecutive failures only, once its own probe fails too", async () => {
    const { b } = breaker(async () => {
      throw new Error("down");
    });
    b.failure();
    b.failure();
    b.success();
    b.failure();
    b.failure();
    expect(b.state).toBe("closed");
    b.failure();
    await sleep(0);
    expect(b.state).toBe("open");
    expect(b.allows).toBe(false);
    b.stop();
  });

  it("stays closed when failures came in a burst but Redis answers the probe", async () => {
    let probes = 0;
    const { b, states } = breaker(async () => {
      probes++;
      await sleep(10);
    });
    // 500 requests timing out together on a saturated process: one probe, and no opening.
    for (let i = 0; i < 500; i++) b.failure();
    expect(b.allows).toBe(true); // requests keep using Redis while the probe runs
    await sleep(20);
    expect(b.state).toBe("closed");
    expect(probes).toBe(1);
    expect(states).toEqual([]);
    // The count starts again: three more failures make a new check, not an opening.
    b.failure();
    b.failure();
    expect(probes).toBe(1);
    b.failure();
    expect(probes).toBe(2);
    b.stop();
  });

  it("probes after the open period and closes when the probe succeeds", async () => {
    let healthy = false;
    const { b, states } = breaker(async () => {
      if (!healthy) throw new Error("down");
    });
    b.trip();
    await sleep(50);
    expect(b.state).toBe("open"); // failed probe: open again
    healthy = true;
    await sleep(50);
    expect(b.state).toBe("closed");
    expect(states).toEqual(["open", "half-open", "open", "half-open", "closed"]);
    b.stop();
  });

  it("lets nothing but the probe through while half-open, and reset closes at once", async () => {
    let release: () => void = () => undefined;
    const { b } = breaker(() => new Promise<void>((r) => (release = r)));
    b.trip();
    await sleep(40);
    expect(b.state).toBe("half-open");
    expect(b.allows).toBe(false);
    b.reset();
    expect(b.state).toBe("closed");
    release();
    await sleep(5);
    expect(b.state).toBe("closed");
    b.stop();
  });
});
