import { beforeEach, describe, expect, it } from "vitest";
import { copyLink, shareableAddress } from "./copy-link";
import { dismissToast, getToastState } from "./toast-store";

const shown = () => getToastState().toasts.filter((t) => t.open);

describe("copyLink", () => {
  beforeEach(() => dismissToast());

  it("copies the address without its #fragment and says so", async () => {
    const copied: string[] = [];
    const ok = await copyLink("https://example.com/resources/blog/post?x=1#section", {
      writeText: async (text) => void copied.push(text),
    });
    expect(ok).toBe(true);
    expect(copied).toEqual(["https://example.com/resources/blog/post?x=1"]);
    expect(shown()).toEqual([expect.objectContaining({ title: "Link copied" })]);
    expect(shown()[0]!.variant).toBeUndefined();
  });

  it("says it could not, in a destructive toast, when the clipboard refuses or is missing", async () => {
    const refuse = { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) };
    for (const clipboard of [refuse, undefined]) {
      dismissToast();
      expect(await copyLink("https://example.com/", clipboard)).toBe(false);
      expect(shown()).toEqual([expect.objectContaining({ title: "Couldn't copy the link", variant: "destructive" })]);
    }
  });

  it("keeps an address without a fragment as it is", () => {
    expect(shareableAddress("https://example.com/a")).toBe("https://example.com/a");
  });
});
