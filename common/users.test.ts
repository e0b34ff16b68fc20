import { describe, expect, it } from "vitest";
import { checkInput } from "./result";
import {
  changePasswordSchema,
  inviteSchema,
  passwordPairSchema,
  tokenPasswordSchema,
  totpCodeSchema,
  userChangeSchema,
} from "./users";

describe("staff account schemas", () => {
  it("normalises an invitation and names each bad field", () => {
    expect(checkInput(inviteSchema, { email: " Ann@Example.COM ", name: " Ann ", role: "admin" })).toEqual({
      ok: true,
      data: { email: "ann@example.com", name: "Ann", role: "admin" },
    });
    const bad = checkInput(inviteSchema, { email: "ann@", name: "", role: "owner" });
    expect(bad.ok ? {} : bad.fieldErrors).toEqual({
      email: "Please enter a valid e-mail address.",
      name: "Please enter a name.",
      role: "Choose admin or editor.",
    });
  });

  it("checks that two passwords match in one place, for every form that asks twice", () => {
    const long = "a long enough passphrase";
    for (const schema of [passwordPairSchema, tokenPasswordSchema, changePasswordSchema]) {
      const result = checkInput(schema, { token: "t", currentPassword: "old", password: long, confirm: `${long}!` });
      expect(result.ok ? {} : result.fieldErrors).toEqual({ confirm: "The two passwords differ." });
    }
    const short = checkInput(passwordPairSchema, { password: "short", confirm: "short" });
    expect(short.ok ? {} : short.fieldErrors).toEqual({
      password: "The password must be at least 12 characters long.",
    });
  });

  it("takes an authenticator code with the spaces apps show, and a change of role or access", () => {
    expect(checkInput(totpCodeSchema, { code: "123 456" })).toEqual({ ok: true, data: { code: "123456" } });
    expect(checkInput(totpCodeSchema, { code: "12" }).ok).toBe(false);
    expect(checkInput(userChangeSchema, { disabled: true }).ok).toBe(true);
    expect(checkInput(userChangeSchema, {}).ok).toBe(false);
  });
});
