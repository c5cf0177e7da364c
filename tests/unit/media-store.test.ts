// The media disk cache keeps within its byte bound (least recently used files deleted from disk),
// reads back what an earlier process stored, and drops one upload's variants on a purge; the
// transform queue refuses past its line instead of growing; the format follows Accept.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MediaStore } from "../../server/media/store";
import { negotiate, QueueFull, TransformQueue } from "../../server/media/renditions";
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
    const queue = new TransformQueue(1, 1);
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run(() => Promise.resolve("second"));
    await expect(queue.run(() => Promise.resolve("third"))).rejects.toBeInstanceOf(QueueFull);
    release();
    await first;
    expect(await second).toBe("second");
  });

  it("chooses AVIF, then WebP, then the original's format by Accept", () => {
    expect(negotiate("image/avif,image/webp,image/apng,*/*;q=0.8", "jpg")).toBe("avif");
    expect(negotiate("image/webp,*/*", "jpg")).toBe("webp");
    expect(negotiate("*/*", "jpg")).toBe("jpeg");
    expect(negotiate(undefined, "png")).toBe("png");
  });

  it("offers only listed widths, never above the original's", () => {
    expect(widthsFor(1000)).toEqual([240, 320, 480, 640, 800, 960]);
    expect(widthsFor(200)).toEqual([]);
    expect(isRenditionWidth(640)).toBe(true);
    expect(isRenditionWidth(641)).toBe(false);
  });
});
