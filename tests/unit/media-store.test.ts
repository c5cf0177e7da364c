// The media disk cache keeps within its byte bound (least recently used files deleted from disk),
// downloads under way included, reads back what an earlier process stored, keeps a file a
// transform reads until it is done, and drops one upload's variants on a purge; the transform
// budget holds its CPU slots and its bytes, refuses past its line instead of growing and refuses
// a transform larger than itself; the format follows Accept; the CPUs come from the cgroup's quota.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MediaStore } from "../../server/media/store";
import { acceptable, fastFormat, negotiate } from "../../server/media/renditions";
import { TransformBudget, transformBytes, TransformsBusy, TransformTooLarge } from "../../server/media/budget";
import { cgroupCpuQuota } from "../../server/runtime/cpus";
import { isRenditionWidth, widthsFor } from "../../common/renditions";

const logger = { warn: () => undefined };
let dir: string;

async function filesOn(folder: string): Promise<number> {
  return (await readdir(folder, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

describe("media disk cache", () => {
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "fc-media-store-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("stays within its byte bound, deleting the least recently used files", async () => {
    const store = new MediaStore({ dir, maxBytes: 10_000, memoryBytes: 0, logger });
    await store.open();
    for (let i = 0; i < 5; i++) await store.put(`/2024/01/${i}.jpg`, "original", Buffer.alloc(3000, i));
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(await store.get("/2024/01/0.jpg", "original")).toBeUndefined();
    expect((await store.get("/2024/01/4.jpg", "original"))?.[0]).toBe(4);
    await store.settled();
    expect(await filesOn(dir)).toBe(3);
  });

  it("counts a download under way against the bound, and gives its bytes back when it is abandoned", async () => {
    const store = new MediaStore({ dir, maxBytes: 10_000, memoryBytes: 0, logger });
    await store.open();
    await store.put("/2024/01/old.jpg", "original", Buffer.alloc(6000, 1));
    const download = store.reserve("/2024/01/new.jpg", 6000);
    // The reservation made room: the least recently used file is gone.
    expect(store.has("/2024/01/old.jpg", "original")).toBe(false);
    await writeFile(download.file, Buffer.alloc(5000, 2));
    await download.commit("original", 5000);
    expect(store.bytes).toBe(5000);
    const abandoned = store.reserve("/2024/01/other.jpg", 3000);
    await writeFile(abandoned.file, "partial");
    await abandoned.abandon();
    expect(store.bytes).toBe(5000);
    expect(existsSync(abandoned.file)).toBe(false);
  });

  it("keeps a pinned file on the disk until it is released, though it left the index", async () => {
    const store = new MediaStore({ dir, maxBytes: 10_000, memoryBytes: 0, logger });
    await store.open();
    await store.put("/2024/01/a.jpg", "original", Buffer.alloc(6000, 1));
    const pinned = store.pin("/2024/01/a.jpg", "original")!;
    await store.put("/2024/01/b.jpg", "original", Buffer.alloc(6000, 2));
    await store.settled();
    expect(store.has("/2024/01/a.jpg", "original")).toBe(false);
    expect(existsSync(pinned.file)).toBe(true);
    pinned.release();
    await store.settled();
    expect(existsSync(pinned.file)).toBe(false);
  });

  it("reads back what an earlier process stored", async () => {
    const first = new MediaStore({ dir, maxBytes: 1_000_000, memoryBytes: 0, logger });
    await first.open();
    await first.put("/2024/01/a.jpg", "w640.avif", Buffer.from("rendition"));
    const second = new MediaStore({ dir, maxBytes: 1_000_000, memoryBytes: 0, logger });
    await second.open();
    expect(second.bytes).toBe(9);
    expect((await second.get("/2024/01/a.jpg", "w640.avif"))?.toString()).toBe("rendition");
  });

  it("drops every variant of one upload, and only those", async () => {
    const store = new MediaStore({ dir, maxBytes: 1_000_000, memoryBytes: 1_000_000, logger });
    await store.open();
    await store.put("/2024/01/a.jpg", "original", Buffer.from("a"));
    await store.put("/2024/01/a.jpg", "w640.avif", Buffer.from("a640"));
    await store.put("/2024/01/b.jpg", "original", Buffer.from("b"));
    expect(await store.drop("/2024/01/a.jpg")).toBe(2);
    expect(await store.get("/2024/01/a.jpg", "w640.avif")).toBeUndefined();
    expect(await store.get("/2024/01/a.jpg", "original")).toBeUndefined();
    expect((await store.get("/2024/01/b.jpg", "original"))?.toString()).toBe("b");
    expect(await filesOn(dir)).toBe(1);
  });
});

describe("media transforms", () => {
  it("runs a bounded number at once and refuses past the line", async () => {
    const budget = new TransformBudget({ running: 1, memoryBytes: 100, waiting: 1 });
    let release!: () => void;
    const first = budget.run(10, () => new Promise<void>((resolve) => (release = resolve)));
    const second = budget.run(10, () => Promise.resolve("second"));
    expect(budget.busy).toBe(true);
    await expect(budget.run(10, () => Promise.resolve("third"))).rejects.toBeInstanceOf(TransformsBusy);
    release();
    await first;
    expect(await second).toBe("second");
    expect(budget.busy).toBe(false);
  });

  it("starts transforms only while their estimated bytes fit the budget, in order", async () => {
    const budget = new TransformBudget({ running: 4, memoryBytes: 100, waiting: 8 });
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () => new Promise<void>((resolve) => (started.push(name), releases.push(resolve)));
    const big = budget.run(70, task("big"));
    const other = budget.run(60, task("other"));
    const small = budget.run(10, task("small"));
    await Promise.resolve();
    // "other" does not fit beside "big", and "small" does not overtake it.
    expect(started).toEqual(["big"]);
    expect(budget.load).toEqual({ running: 1, waiting: 2, bytes: 70 });
    releases[0]!();
    await big;
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["big", "other", "small"]);
    releases[1]!();
    releases[2]!();
    await Promise.all([other, small]);
    await expect(budget.run(101, task("huge"))).rejects.toBeInstanceOf(TransformTooLarge);
  });

  it("charges a whole decoded image for a progressive or turned one, half for a sequential one, and AVIF's encoder more", () => {
    const photo = { width: 8600, height: 5700, channels: 3, depth: "uchar" };
    const sequential = transformBytes(photo, 480, "webp");
    const progressive = transformBytes({ ...photo, isProgressive: true }, 480, "webp");
    const turned = transformBytes({ ...photo, orientation: 6 }, 480, "webp");
    expect(progressive).toBeGreaterThan(2 * sequential - 20 * 1048576);
    expect(turned).toBe(progressive);
    expect(transformBytes({ ...photo, depth: "ushort" }, 480, "webp")).toBeGreaterThan(sequential);
    expect(transformBytes(photo, 2560, "avif")).toBeGreaterThan(transformBytes(photo, 2560, "webp"));
    expect(transformBytes(photo, 2560, "webp", true)).toBeLessThan(transformBytes(photo, 2560, "webp"));
  });

  it("chooses AVIF, then WebP, then the original's format by Accept", () => {
    expect(negotiate("image/avif,image/webp,image/apng,*/*;q=0.8", "jpg")).toBe("avif");
    expect(negotiate("image/webp,*/*", "jpg")).toBe("webp");
    expect(negotiate("*/*", "jpg")).toBe("jpeg");
    expect(negotiate(undefined, "png")).toBe("png");
    expect(acceptable("image/avif,image/webp,*/*", "jpg")).toEqual(["avif", "webp", "jpeg"]);
    // Under pressure: never AVIF.
    expect(fastFormat("image/avif,image/webp,*/*", "jpg")).toBe("webp");
    expect(fastFormat("image/avif,*/*", "jpg")).toBe("jpeg");
  });

  it("reads the container's CPUs from its cgroup's quota, rounded up, and none without a quota", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "fc-cgroup-"));
    try {
      expect(cgroupCpuQuota(root)).toBeUndefined();
      await writeFile(path.join(root, "cpu.max"), "max 100000\n");
      expect(cgroupCpuQuota(root)).toBeUndefined();
      await writeFile(path.join(root, "cpu.max"), "150000 100000\n");
      expect(cgroupCpuQuota(root)).toBe(2);
      await rm(path.join(root, "cpu.max"));
      await mkdir(path.join(root, "cpu"));
      await writeFile(path.join(root, "cpu", "cpu.cfs_quota_us"), "-1\n");
      await writeFile(path.join(root, "cpu", "cpu.cfs_period_us"), "100000\n");
      expect(cgroupCpuQuota(root)).toBeUndefined();
      await writeFile(path.join(root, "cpu", "cpu.cfs_quota_us"), "50000\n");
      expect(cgroupCpuQuota(root)).toBe(1);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("offers only listed widths, never above the original's", () => {
    expect(widthsFor(1000)).toEqual([240, 320, 480, 640, 800, 960]);
    expect(widthsFor(200)).toEqual([]);
    expect(isRenditionWidth(640)).toBe(true);
    expect(isRenditionWidth(641)).toBe(false);
  });
});
