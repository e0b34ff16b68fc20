import { describe, expect, it } from "vitest";
import { maskEmail } from "./privacy";

describe("maskEmail", () => {
  it("keeps the first letters of the name and the domain, and the domain's ending", () => {
    expect(maskEmail("river.stone@example.org")).toBe("ri•••@ex•••.org");
    expect(maskEmail("al@mail.co.uk")).toBe("a•••@ma•••.uk");
    expect(maskEmail("x@y.io")).toBe("x•••@y•••.io");
  });

  it("never shows a short name whole, and copes with an address without a dot or an @", () => {
    expect(maskEmail("bob@host")).toBe("b•••@h•••");
    expect(maskEmail("nobody")).toBe("•••");
    expect(maskEmail("@example.org")).toBe("•••");
  });
});
