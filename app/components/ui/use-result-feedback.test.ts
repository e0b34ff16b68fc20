import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-error";
import { describeOutcome, NETWORK_ERROR_MESSAGE } from "./use-result-feedback";

describe("describeOutcome", () => {
  it("passes an ActionResult through in one shape", () => {
    expect(describeOutcome({ ok: true, message: "Saved." })).toEqual({ ok: true, message: "Saved." });
    expect(describeOutcome({ ok: false, formError: "Check the form.", fieldErrors: { name: "Required." } })).toEqual({
      ok: false,
      formError: "Check the form.",
      fieldErrors: { name: "Required." },
    });
    expect(describeOutcome({ ok: false, formError: "Gone." })).toEqual({
      ok: false,
      formError: "Gone.",
      fieldErrors: {},
    });
  });

  it("reads the API's error sentence and field errors from an ApiRequestError", () => {
    const body = { error: { code: "conflict", message: "That slug is already used.", fields: { slug: "Taken." } } };
    const error = new ApiRequestError(409, "Conflict", JSON.stringify(body));
    expect(describeOutcome(error)).toEqual({
      ok: false,
      formError: "That slug is already used.",
      fieldErrors: { slug: "Taken." },
    });
  });

  it("says the server could not be reached for any other error, and nothing for no outcome", () => {
    expect(describeOutcome(new TypeError("Failed to fetch"))).toEqual({
      ok: false,
      formError: NETWORK_ERROR_MESSAGE,
      fieldErrors: {},
    });
    expect(describeOutcome(undefined)).toBeUndefined();
    expect(describeOutcome(null)).toBeUndefined();
  });
});
