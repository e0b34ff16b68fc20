import { z } from "zod";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";

/**
 * Site-wide values staff can change without a deploy: contact details, the owner shown on
 * /meet-{slug}, the claims in the footer. Stored as one row per key (JSON value) so a new
 * key needs no migration; the defaults below are also the seed.
 */
export const siteSettingsSchema = z.object({
  companyName: z.string().min(1).max(100),
  legalName: z.string().min(1).max(200),
  phone: z.string().min(7).max(40),
  email: z.string().email(),
  ownerName: z.string().min(1).max(100),
  ownerTitle: z.string().min(1).max(100),
  linkedinUrl: z.string().url(),
  location: z.string().min(1).max(100),
  businessHours: z.string().min(1).max(120),
  streetAddress: z.string().max(200),
  postalCode: z.string().max(20),
  experience: z.string().min(1).max(40),
  copyrightYear: z.number().int().min(2000).max(2100),
  /** Savings calculator: the published interchange-plus illustration it compares against. */
  calculatorInterchangePercent: z.number().min(0).max(10),
  calculatorMarkupPercent: z.number().min(0).max(5),
  calculatorPerTransactionFee: z.number().min(0).max(5),
  calculatorMonthlyFee: z.number().min(0).max(500),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SettingKey = keyof SiteSettings;

export const defaultSiteSettings: SiteSettings = {
  companyName: "Meritum",
  legalName: "Meritum Payment Solutions, LLC",
  phone: "(800) 431-9848",
  email: "hello@meritumpayments.com",
  ownerName: "Mark Ellison",
  ownerTitle: "Founder and Principal",
  linkedinUrl: "https://www.linkedin.com/company/meritum-payments",
  location: "Gilbert, Arizona",
  businessHours: "Monday to Friday, 8 a.m. to 5 p.m. Arizona time",
  streetAddress: "",
  postalCode: "85233",
  experience: "35+ years",
  copyrightYear: 2025,
  calculatorInterchangePercent: 1.85,
  calculatorMarkupPercent: 0.25,
  calculatorPerTransactionFee: 0.1,
  calculatorMonthlyFee: 10,
};

/** Lower-case, ASCII, hyphen-separated: the one slug rule for every URL the site makes. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** The owner's first name, as the navigation says it ("Meet Mark"). */
export function ownerFirstName(settings: Pick<SiteSettings, "ownerName">): string {
  return settings.ownerName.trim().split(/\s+/)[0] ?? settings.ownerName;
}

/** The path of the owner page: /meet-{slug of the first name}. */
export function ownerPath(settings: Pick<SiteSettings, "ownerName">): string {
  return `/meet-${slugify(ownerFirstName(settings))}`;
}

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
export async function updateSiteSettings(db: DB, patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const valid = siteSettingsSchema.partial().parse(patch);
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
