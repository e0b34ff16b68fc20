import { seedContent } from "../content";
import type { DB } from "../db";
import { seedForms } from "../forms/definitions";
import { seedIndustries } from "../industries/industries";
import { seedSiteSettings } from "../settings/settings";

/**
 * The seed rows of every domain, assembled here (server/app/ composes the domains; db/ knows
 * none of them). Idempotent: every step inserts only what is missing, so running it on every start (and
 * twice in a row) leaves the same rows and never overwrites what staff edited.
 */
export async function seedDatabase(db: DB): Promise<void> {
  await seedSiteSettings(db);
  await seedIndustries(db);
  await seedContent(db);
  await seedForms(db);
}
