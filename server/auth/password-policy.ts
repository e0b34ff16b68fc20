import fs from "node:fs";
import path from "node:path";

import { passwordLengthProblem } from "@common/users";

/*
 * The password rule (PASSWORD_RULE in common/users.ts): the length, checked by the shared
 * schema on both sides, and not a common password, checked here on the server against
 * the bundled list.
 */

let common: Set<string> | undefined;

/**
 * The bundled list (server/auth/common-passwords.txt, see scripts/generate-common-passwords.mjs).
 * Read from beside this module (tsx, dev) or from the project folder (the bundled build runs
 * from there). A missing list is an error, never a silently weaker rule.
 */
function commonPasswords(): Set<string> {
  if (common) return common;
  const candidates = [
    path.join(import.meta.dirname, "common-passwords.txt"),
    path.resolve(process.cwd(), "server/auth/common-passwords.txt"),
    path.resolve(import.meta.dirname, "../../server/auth/common-passwords.txt"),
  ];
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file) throw new Error(`common-passwords.txt not found (looked in ${candidates.join(", ")})`);
  common = new Set(
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith("#")),
  );
  return common;
}

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (commonPasswords().has(password.toLowerCase())) return "This password is too common. Please choose another one.";
  return null;
}
