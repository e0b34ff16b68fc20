import * as z from "zod/mini";
import { DEFAULT_OPENING_HOURS, openingHoursSchema } from "./business-hours";
import { SLUG_MESSAGE, SLUG_PATTERN, slugify } from "./slug";
import { requiredText } from "./text";

/**
 * Site-wide values staff can change without a deploy: contact details, the owner shown on
 * /meet-{slug}, the claims in the footer, the savings calculator's comparison. The
 * settings service (server/settings) stores them one row per key; the defaults are also
 * the seed.
 */
const text = (label: string, max: number, min = 1) => requiredText(label, max, { min });

const percent = (label: string, max: number) =>
  z
    .number({ error: `Enter ${label.charAt(0).toLowerCase()}${label.slice(1)} as a number.` })
    .check(z.minimum(0, `${label} cannot be negative.`), z.maximum(max, `${label} must be ${max} or less.`));

const optional = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} must be ${max} characters or fewer.`));

/** The longest a retention setting may keep something: ten years. */
export const RETENTION_MAX_DAYS = 3650;

const retentionDays = (label: string, min: number, max: number) =>
  z
    .int({ error: `Enter how many days ${label.toLowerCase()} are kept, as a whole number.` })
    .check(
      z.minimum(min, `${label} must be kept at least ${min} day.`),
      z.maximum(max, `${label} can be kept ${max} days (ten years) at most.`),
    );

/** The longest response target: a week of business minutes at most. */
export const RESPONSE_TARGET_MAX_MINUTES = 7 * 24 * 60;

export const siteSettingsSchema = z.object({
  companyName: text("the company name", 100),
  legalName: text("the legal name", 200),
  phone: text("the phone number", 40, 7),
  email: z.email("Enter a valid e-mail address."),
  ownerName: text("the owner's name", 100),
  ownerTitle: text("the owner's title", 100),
  /** The owner page is /meet-{ownerSlug}; changing it 301s the old path. */
  ownerSlug: z
    .string({ error: "Enter the owner page's address." })
    .check(
      z.trim(),
      z.minLength(1, "Enter the owner page's address."),
      z.maxLength(60, "The owner page's address must be 60 characters or fewer."),
      z.regex(SLUG_PATTERN, SLUG_MESSAGE),
    ),
  linkedinUrl: z.url({ protocol: /^https$/, error: "Enter the full LinkedIn address, starting with https://." }),
  location: text("the location", 100),
  /** The opening hours as visitors read them (the contact page, the confirmation). */
  businessHours: text("the business hours", 120),
  /** The opening hours by weekday, Arizona time: response times count only these (common/business-hours.ts). */
  openingHours: openingHoursSchema,
  /** A lead should have its first response within this many business minutes. */
  responseTargetMinutes: z
    .int({ error: "Enter the response target as a whole number of minutes." })
    .check(
      z.minimum(1, "The response target must be at least 1 minute."),
      z.maximum(
        RESPONSE_TARGET_MAX_MINUTES,
        `The response target must be ${RESPONSE_TARGET_MAX_MINUTES} minutes (one week of 24 hours) or less.`,
      ),
    ),
  streetAddress: optional("The street address", 200),
  postalCode: optional("The postal code", 20),
  experience: text("the experience claim", 40),
  copyrightYear: z
    .int({ error: "Enter a year." })
    .check(z.minimum(2000, "Enter a year from 2000."), z.maximum(2100, "Enter a year up to 2100.")),
  /** The description search engines and link previews show for pages without their own. */
  seoDescription: text("the default search description", 320, 20),
  /** The image link previews show (an uploaded image's id, or empty for the built-in one). */
  shareImageId: optional("The share image", 36),
  /** Savings calculator: the published interchange-plus illustration it compares against. */
  calculatorInterchangePercent: percent("The interchange percentage", 10),
  calculatorMarkupPercent: percent("The markup percentage", 5),
  calculatorPerTransactionFee: percent("The per-transaction fee", 5),
  calculatorMonthlyFee: percent("The monthly fee", 500),
  /** Retention (decision 0049): days a submission held as spam is kept, from when it arrived. */
  spamRetentionDays: retentionDays("Spam", 1, RETENTION_MAX_DAYS),
  /** Days a Free Analysis submission's files (the statement) are kept after its contact is closed. */
  statementRetentionDays: retentionDays("Statements", 1, RETENTION_MAX_DAYS),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SettingKey = keyof SiteSettings;

/** A change to some settings (the settings screen and API send only what changed). */
export const siteSettingsPatchSchema = z.partial(siteSettingsSchema);

export const defaultSiteSettings: SiteSettings = {
  companyName: "Meritum",
  legalName: "Meritum Payment Solutions, LLC",
  phone: "(800) 431-9848",
  email: "hello@meritumpayments.com",
  ownerName: "Mark Ellison",
  ownerTitle: "Founder and Principal",
  ownerSlug: "mark",
  linkedinUrl: "https://www.linkedin.com/company/meritum-payments",
  location: "Gilbert, Arizona",
  businessHours: "Monday to Friday, 8 a.m. to 5 p.m. Arizona time",
  openingHours: DEFAULT_OPENING_HOURS,
  responseTargetMinutes: 15,
  streetAddress: "",
  postalCode: "85233",
  experience: "35+ years",
  copyrightYear: 2025,
  seoDescription:
    "Merchant accounts, mobile payments and online payment gateways with transparent interchange-plus pricing and personal service. 35+ years serving the East Valley and merchants nationwide.",
  shareImageId: "",
  calculatorInterchangePercent: 1.85,
  calculatorMarkupPercent: 0.25,
  calculatorPerTransactionFee: 0.1,
  calculatorMonthlyFee: 10,
  spamRetentionDays: 30,
  statementRetentionDays: 365,
};

/** The owner's first name, as the navigation says it ("Meet Mark"). */
export function ownerFirstName(settings: Pick<SiteSettings, "ownerName">): string {
  return settings.ownerName.trim().split(/\s+/)[0] ?? settings.ownerName;
}

/** The path of the owner page: /meet-{ownerSlug}, or the slug of the first name when none is set. */
export function ownerPath(settings: Pick<SiteSettings, "ownerName"> & { ownerSlug?: string }): string {
  return `/meet-${settings.ownerSlug || slugify(ownerFirstName(settings))}`;
}
