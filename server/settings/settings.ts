import { CHECK_FIELDS_MESSAGE, parseInput, ServiceError } from "@common/result";
import { slugify } from "@common/slug";
import {
  defaultSiteSettings,
  ownerFirstName,
  ownerPath,
  siteSettingsPatchSchema,
  siteSettingsSchema,
  type SettingKey,
  type SiteSettings,
} from "@common/settings";
import { writeAuditBy } from "../audit/audit";
import { bumpContentVersion } from "../content-version/content-version";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { recordRedirect, removeRedirectFrom } from "../redirects/redirects";
import type { Actor } from "../auth/actor";

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
  // Stores from before the owner slug was a setting: the page stays at the first name's slug.
  if (!rows.some((row) => row.key === "ownerSlug") && typeof merged.ownerName === "string")
    merged.ownerSlug = slugify(ownerFirstName({ ownerName: merged.ownerName })) || defaultSiteSettings.ownerSlug;
  const parsed = siteSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const fixed: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as SettingKey;
    fixed[key] = defaultSiteSettings[key];
  }
  return siteSettingsSchema.parse(fixed);
}

/**
 * Writes the given settings (validated) and returns the full, updated set. Only values that
 * differ are written; a change bumps the content version (the page cache and search follow),
 * is audited with the changed keys, and a new owner page path 301s the old one.
 */
export async function updateSiteSettings(db: DB, patch: unknown, actor?: Actor): Promise<SiteSettings> {
  const valid = parseInput(siteSettingsPatchSchema, patch);
  if (valid.shareImageId) {
    const image = await db.selectFrom("images").select("id").where("id", "=", valid.shareImageId).executeTakeFirst();
    if (!image)
      throw new ServiceError("validation", CHECK_FIELDS_MESSAGE, {
        shareImageId: "That image no longer exists. Choose another one.",
      });
  }
  const updatedAt = nowIso();
  const changed: SettingKey[] = [];
  await db.transaction().execute(async (trx) => {
    const before = await getSiteSettings(trx);
    for (const [key, value] of Object.entries(valid) as Array<[SettingKey, unknown]>) {
      if (value === undefined || JSON.stringify(value) === JSON.stringify(before[key])) continue;
      changed.push(key);
      await trx
        .insertInto("site_settings")
        .values({ key, value: JSON.stringify(value), updated_at: updatedAt })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: updatedAt }))
        .execute();
    }
    if (!changed.length) return;
    const after = { ...before, ...valid };
    if (ownerPath(before) !== ownerPath(after)) {
      await recordRedirect(trx, ownerPath(before), ownerPath(after), { table: "site_settings", id: "ownerSlug" });
      await removeRedirectFrom(trx, ownerPath(after));
    }
    await bumpContentVersion(trx);
    await writeAuditBy(trx, actor, { action: "settings.updated", target: "site settings", details: { changed } });
  });
  return getSiteSettings(db);
}

/** Inserts every default that has no row yet; never overwrites a value staff changed. */
export async function seedSiteSettings(db: DB): Promise<void> {
  const updatedAt = nowIso();
  const current = await getSiteSettings(db);
  await db
    .insertInto("site_settings")
    .values(
      Object.entries({ ...defaultSiteSettings, ownerSlug: current.ownerSlug }).map(([key, value]) => ({
        key,
        value: JSON.stringify(value),
        updated_at: updatedAt,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
