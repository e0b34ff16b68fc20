import crypto from "node:crypto";
import { REFERENCE_ALPHABET } from "@common/auto-reply";
import type { DB } from "../db";

/**
 * A submission's short human reference ("MER-7K3QX", decision 0047): "MER-" and five
 * characters of an alphabet without look-alikes (30^5, about 24 million). Unique in the
 * `submissions` table (a unique index); one already taken is drawn again.
 */
export function randomReference(): string {
  let code = "";
  for (let i = 0; i < 5; i++) code += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return `MER-${code}`;
}

/** A reference no submission has yet (pass the storing transaction). */
export async function newSubmissionReference(db: DB): Promise<string> {
  for (;;) {
    const reference = randomReference();
    const taken = await db.selectFrom("submissions").select("id").where("reference", "=", reference).executeTakeFirst();
    if (!taken) return reference;
  }
}
