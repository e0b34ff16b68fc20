import { useQuery } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { imageVariantUrl } from "@common/media";
import type { SiteSettings } from "@common/settings";
import { siteSettingsSchema } from "@common/settings";
import type { MediaResponse } from "@server/media/api";
import { formSchema } from "~/components/admin/form-values";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { apiAction } from "~/lib/queryClient";
import { openingHoursFromForm, ResponseTimesCard } from "./response-times-card";
import { RetentionCard } from "./retention-card";
import { mediaKeys, settingsKeys } from "~/lib/query-keys";

const NUMBERS = [
  "copyrightYear",
  "calculatorInterchangePercent",
  "calculatorMarkupPercent",
  "calculatorPerTransactionFee",
  "calculatorMonthlyFee",
  "responseTargetMinutes",
  "spamRetentionDays",
  "statementRetentionDays",
];
const flatSchema = formSchema(siteSettingsSchema, { numbers: NUMBERS });
const schema: typeof flatSchema = {
  safeParse: (input) => flatSchema.safeParse(openingHoursFromForm(input as Record<string, unknown>)),
};

/**
 * Every site setting in one form, grouped as staff think of them. Only the values that
 * changed are sent (PATCH), so two admins editing different settings do not overwrite each
 * other.
 */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const ref = useRef<HTMLFormElement>(null);
  const form = useApiForm(ref, {
    schema,
    send: (values: SiteSettings) => {
      const changed = Object.fromEntries(
        Object.entries(values).filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(settings[key as keyof SiteSettings]),
        ),
      );
      return apiAction("PATCH", settingsKeys.all[0], changed);
    },
    // The retention preview (under the same key) is counted again with the saved days.
    invalidate: settingsKeys.all,
    keepValues: true,
  });
  const errors = form.fieldErrors;
  const text = (
    key: keyof SiteSettings,
    label: string,
    props: { hint?: ReactNode; type?: string; maxLength?: number; autoComplete?: string } = {},
  ) => (
    <Field
      label={label}
      id={`settings-${key}`}
      required={key !== "streetAddress" && key !== "postalCode"}
      error={errors[key]}
      hint={props.hint}
    >
      <Input
        name={key}
        type={props.type ?? "text"}
        defaultValue={String(settings[key])}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete ?? "off"}
      />
    </Field>
  );
  const number = (key: keyof SiteSettings, label: string, step: string, hint?: string) => (
    <Field label={label} id={`settings-${key}`} required error={errors[key]} hint={hint}>
      <Input name={key} type="number" inputMode="decimal" step={step} min="0" defaultValue={String(settings[key])} />
    </Field>
  );
  return (
    <form ref={ref} method="post" noValidate onSubmit={form.onSubmit} className="grid gap-6">
      <Card
        title="Company and contact"
        description="Shown in the header, the footer, the contact page and search results' business details."
      >
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {text("companyName", "Company name", { maxLength: 100 })}
          {text("legalName", "Legal name", { maxLength: 200, hint: "In the copyright line and the legal pages." })}
          {text("phone", "Phone", { type: "tel", maxLength: 40 })}
          {text("email", "E-mail", { type: "email", maxLength: 254 })}
          {text("linkedinUrl", "LinkedIn URL", { type: "url", maxLength: 300 })}
          {text("experience", "Experience claim", { maxLength: 40, hint: "For example “35+ years”." })}
        </div>
      </Card>
      <Card title="Owner page" description="The “Meet …” page and its item in the navigation.">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {text("ownerName", "Owner's name", {
            maxLength: 100,
            hint: "The navigation says “Meet” and the first name.",
          })}
          {text("ownerTitle", "Owner's title", { maxLength: 100 })}
          <Field
            label="Owner page address"
            id="settings-ownerSlug"
            required
            error={errors.ownerSlug}
            hint="The page lives at /meet-… ; the old address keeps working (it redirects) after a change."
          >
            <div className="flex items-center gap-1">
              <span className="text-sm text-muted-foreground" aria-hidden>
                /meet-
              </span>
              <Input name="ownerSlug" defaultValue={settings.ownerSlug} maxLength={60} />
            </div>
          </Field>
        </div>
      </Card>
      <Card title="Address and opening hours">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {text("location", "City and state", { maxLength: 100, hint: "For example “Gilbert, Arizona”." })}
          {text("streetAddress", "Street address (optional)", { maxLength: 200 })}
          {text("postalCode", "Postal code (optional)", { maxLength: 20 })}
          {text("businessHours", "Opening hours", {
            maxLength: 120,
            hint: "As visitors read it. Response times use the hours by day under “Response to leads”.",
          })}
          {number("copyrightYear", "Copyright year", "1")}
        </div>
      </Card>
      <Card
        title="Savings calculator"
        description="The published interchange-plus illustration the calculator compares a visitor's costs with."
      >
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {number("calculatorInterchangePercent", "Interchange (%)", "0.01")}
          {number("calculatorMarkupPercent", "Markup (%)", "0.01")}
          {number("calculatorPerTransactionFee", "Per-transaction fee ($)", "0.01")}
          {number("calculatorMonthlyFee", "Monthly fee ($)", "0.01")}
        </div>
      </Card>
      <ResponseTimesCard settings={settings} errors={errors} />
      <SeoCard settings={settings} errors={errors} />
      <RetentionCard settings={settings} errors={errors} />
      {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={form.pending}>
          {form.pending ? "Saving..." : "Save settings"}
        </Button>
      </div>
    </form>
  );
}

function SeoCard({ settings, errors }: { settings: SiteSettings; errors: Record<string, string> }) {
  const [description, setDescription] = useState(settings.seoDescription);
  const [shareImageId, setShareImageId] = useState(settings.shareImageId);
  const media = useQuery<MediaResponse>({ queryKey: mediaKeys.list() });
  const chosen = media.data?.images.find((image) => image.id === shareImageId);
  const thumb = chosen?.variants.find((v) => v.format === "webp");
  return (
    <Card title="Search and sharing" description="Used by pages that do not set their own.">
      <div className="mt-4 grid gap-4">
        <Field
          label="Default search description"
          id="settings-seoDescription"
          required
          error={errors.seoDescription}
          hint={`${description.length} of 320 characters; search engines show about 155.`}
        >
          <Textarea
            name="seoDescription"
            rows={3}
            maxLength={320}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-[1fr_auto]">
          <Field
            label="Share image"
            id="settings-shareImageId"
            error={errors.shareImageId}
            hint="What link previews (LinkedIn, messages) show. Upload images under Media; 1200 × 630 px works best."
          >
            <Select name="shareImageId" value={shareImageId} onChange={(e) => setShareImageId(e.target.value)}>
              <option value="">The built-in Meritum image</option>
              {media.data?.images.map((image) => (
                <option key={image.id} value={image.id}>
                  {image.filename} ({image.alt})
                </option>
              ))}
            </Select>
          </Field>
          {chosen && thumb ? (
            <img
              src={imageVariantUrl(chosen.id, thumb)}
              alt={chosen.alt}
              width={160}
              height={Math.round((160 * chosen.height) / chosen.width)}
              className="rounded-md border border-border"
            />
          ) : null}
        </div>
      </div>
    </Card>
  );
}
