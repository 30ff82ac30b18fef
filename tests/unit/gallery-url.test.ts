import { describe, expect, it } from "vitest";
import {
  galleryHref,
  listAfter,
  listPosition,
  listStart,
  onlyViewerChanged,
  viewerImageId,
  viewerMode,
} from "~/lib/gallery-url";

describe("gallery URLs", () => {
  it("keep the list position, its order included, and drop the viewer's parameters", () => {
    expect(listPosition(new URLSearchParams("cursor=abc&sortField=taken_at&image=4"))).toBe(
      "sortField=taken_at&cursor=abc",
    );
    expect(listPosition(new URLSearchParams("page=2&edit=1"))).toBe("page=2");
  });

  it("continue or restart a list in its own order", () => {
    expect(listStart("sortField=taken_at&page=3")).toBe("sortField=taken_at");
    expect(listAfter("sortField=taken_at&cursor=old", "new")).toBe("sortField=taken_at&cursor=new");
    expect(listAfter("page=2", "next")).toBe("cursor=next");
  });

  it("build viewer links on top of the position", () => {
    expect(galleryHref("")).toBe("/photography");
    expect(galleryHref("", { image: 42 })).toBe("/photography?image=42");
    expect(galleryHref("cursor=abc", { image: 42, mode: "edit" })).toBe("/photography?cursor=abc&image=42&edit=1");
    expect(galleryHref("", { image: 42, mode: "confirm-delete" })).toBe("/photography?image=42&confirm=delete");
  });

  it("read the viewer's photo and mode", () => {
    expect(viewerImageId(new URLSearchParams("image=42"))).toBe(42);
    expect(viewerImageId(new URLSearchParams("image=abc"))).toBeNull();
    expect(viewerImageId(new URLSearchParams(""))).toBeNull();
    expect(viewerMode(new URLSearchParams("image=1&edit=1"))).toBe("edit");
    expect(viewerMode(new URLSearchParams("image=1&confirm=delete"))).toBe("confirm-delete");
    expect(viewerMode(new URLSearchParams("image=1"))).toBe("view");
  });

  it("tell viewer-only changes from list changes", () => {
    const at = (search: string) => new URL(`http://x/photography${search}`);
    expect(onlyViewerChanged(at(""), at("?image=3"))).toBe(true);
    expect(onlyViewerChanged(at("?cursor=a&image=3"), at("?image=4&cursor=a&edit=1"))).toBe(true);
    expect(onlyViewerChanged(at(""), at("?cursor=a"))).toBe(false);
    expect(onlyViewerChanged(at(""), new URL("http://x/photography/admin"))).toBe(false);
  });
});
