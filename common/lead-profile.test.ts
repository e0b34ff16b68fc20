import { describe, expect, it } from "vitest";
import type { Answer } from "./forms";
import { profileFromAnswers, profileText, readLeadProfile } from "./lead-profile";

const fields = [
  { key: "volume", contact: "monthlyVolume" },
  { key: "ticket", contact: "averageTicketCents" },
  { key: "processor", contact: "currentProcessor" },
  { key: "methods", contact: "paymentMethods" },
  { key: "name", contact: "name" },
  { key: "notes", contact: null },
];
const answer = (key: string, value: Answer["value"]): Answer => ({ key, label: key, type: "text", value });

describe("the lead profile", () => {
  it("is filled from the answers the definition maps to it, each converted by its kind", () => {
    const profile = profileFromAnswers(fields, [
      answer("volume", "$50,000 – $100,000"),
      answer("ticket", 185.4),
      answer("processor", "  Heartland "),
      answer("methods", ["In person (card terminal or POS)", "mobile", "carrier pigeon"]),
      answer("name", "Dana"),
      answer("notes", "not mapped"),
    ]);
    expect(profile).toEqual({
      monthlyVolume: "50k-100k",
      averageTicketCents: 18540,
      currentProcessor: "Heartland",
      paymentMethods: ["in-person", "mobile"],
    });
  });

  it("leaves out what does not fit an entry instead of guessing", () => {
    expect(
      profileFromAnswers(fields, [
        answer("volume", "a lot"),
        answer("ticket", -3),
        answer("processor", "   "),
        answer("methods", []),
      ]),
    ).toEqual({});
    // A spam submission's raw values: the posted choice value, a single box as text, dollars as text.
    expect(
      profileFromAnswers(fields, [answer("volume", "10k-50k"), answer("methods", "online"), answer("ticket", "12.5")]),
    ).toEqual({ monthlyVolume: "10k-50k", paymentMethods: ["online"], averageTicketCents: 1250 });
  });

  it("reads a stored profile back, keeping only declared entries that fit, cents as cents", () => {
    expect(
      readLeadProfile(
        JSON.stringify({
          monthlyVolume: "under-10k",
          averageTicketCents: 4500,
          favouriteColour: "blue",
          paymentMethods: ["x"],
        }),
      ),
    ).toEqual({ monthlyVolume: "under-10k", averageTicketCents: 4500 });
    expect(readLeadProfile("not json")).toEqual({});
    expect(readLeadProfile(null)).toEqual({});
  });

  it("says each entry as people read it", () => {
    const profile = readLeadProfile(
      JSON.stringify({ monthlyVolume: "250k-plus", averageTicketCents: 4550, paymentMethods: ["online", "mobile"] }),
    );
    expect(profileText("monthlyVolume", profile)).toBe("$250,000 or more");
    expect(profileText("averageTicketCents", profile)).toBe("$45.50");
    expect(profileText("paymentMethods", profile)).toBe(
      "Online (website or invoices); Mobile (phone or tablet on the go)",
    );
    expect(profileText("currentProcessor", profile)).toBe("");
  });
});
