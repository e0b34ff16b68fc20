import { parseInput } from "@common/result";
import {
  defaultSiteSettings,
  siteSettingsPatchSchema,
  siteSettingsSchema,
  type SettingKey,
  type SiteSettings,
} from "@common/settings";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { bumpContentVersion } from "../content/version";

/*
 * The settings store: one row per key (JSON value), so a new key needs no migration. The
 * schema, the defaults (also the seed) and the owner-path rule live in common/settings.ts.
 */
/** All settings, stored values over defaults; a stored value that no longer parses is ignored. */
export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const merged: Record<string, unknown> = { ...defaultSiteSettings };
  for (const row of rows) {
    if (!(row.key in defaultSiteSettings)) continue;
    try {
      merged[row.key] = JSON.parse(row.value);
    } catch {
      // keep the default for a corrupt value
    }
  }
  const parsed = siteSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const fixed: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as SettingKey;
    fixed[key] = defaultSiteSettings[key];
  }
  return siteSettingsSchema.parse(fixed);
}

/** Writes the given settings (validated); returns the full, updated set. */
export async function updateSiteSettings(db: DB, patch: unknown): Promise<SiteSettings> {
  const valid = parseInput(siteSettingsPatchSchema, patch);
  const updatedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(valid)) {
      if (value === undefined) continue;
      await trx
        .insertInto("site_settings")
        .values({ key, value: JSON.stringify(value), updated_at: updatedAt })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: updatedAt }))
        .execute();
    }
    // Settings show on every public page: cached pages are rebuilt (page cache, decision 0016).
    await bumpContentVersion(trx);
  });
  return getSiteSettings(db);
}

/** Inserts every default that has no row yet; never overwrites a value staff changed. */
export async function seedSiteSettings(db: DB): Promise<void> {
  const updatedAt = nowIso();
  await db
    .insertInto("site_settings")
    .values(
      Object.entries(defaultSiteSettings).map(([key, value]) => ({
        key,
        value: JSON.stringify(value),
        updated_at: updatedAt,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
