// What the site learns of media ids: an upload's id and path both ways, URLs outside the uploads
// ignored, a newer path for an id replacing the old; the edge's key for an upload is fixed in
// length and the same for every URL form of it.
import { describe, expect, it } from "vitest";
import { MediaIds, uploadKey, uploadPathOf } from "../../server/media/ids";

describe("media ids", () => {
  it("remembers an attachment's upload path by id and its id by path", () => {
    const ids = new MediaIds();
    ids.learn(42, "https://wp.example/wp-content/uploads/2024/03/bowl.jpg?ver=2");
    expect(ids.pathOf(42)).toBe("/2024/03/bowl.jpg");
    expect(ids.idOf("/2024/03/bowl.jpg")).toBe(42);
    ids.learn(42, "https://wp.example/wp-content/uploads/2024/04/bowl-2.jpg");
    expect(ids.pathOf(42)).toBe("/2024/04/bowl-2.jpg");
  });

  it("ignores URLs outside the uploads and ids that are not ids", () => {
    const ids = new MediaIds();
    ids.learn(7, "https://cdn.example/bowl.jpg");
    ids.learn(0, "https://wp.example/wp-content/uploads/2024/03/a.jpg");
    ids.learn(Number.NaN, "https://wp.example/wp-content/uploads/2024/03/b.jpg");
    expect(ids.pathOf(7)).toBeUndefined();
    expect(ids.idOf("/2024/03/a.jpg")).toBeUndefined();
    expect(ids.idOf("/2024/03/b.jpg")).toBeUndefined();
  });

  it("keys an upload for the edge by a fixed-length hash of its path", () => {
    const path = uploadPathOf("http://wp/wp-content/uploads/2024/03/a.jpg#x")!;
    expect(path).toBe("/2024/03/a.jpg");
    expect(uploadKey(path)).toMatch(/^media-file:[0-9a-f]{32}$/);
    expect(uploadKey(path)).toBe(uploadKey("/2024/03/a.jpg"));
    expect(uploadKey("/2024/03/b.jpg")).not.toBe(uploadKey(path));
  });
});
