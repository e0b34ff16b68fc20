import { useState } from "react";
import { WEEKDAY_LABELS, WEEKDAYS, type OpeningHours, type Weekday } from "@common/business-hours";
import type { SiteSettings } from "@common/settings";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldSet } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

const name = (day: Weekday, part: "isOpen" | "open" | "close") => `openingHours.${day}.${part}`;

/**
 * The form's flat fields (`openingHours.monday.open`, ...) as the settings schema's
 * `openingHours` object: a day whose "Open" box is unticked is closed (null).
 */
export function openingHoursFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  const hours: Record<string, unknown> = {};
  for (const day of WEEKDAYS) {
    hours[day] =
      values[name(day, "isOpen")] === "on"
        ? { open: String(values[name(day, "open")] ?? ""), close: String(values[name(day, "close")] ?? "") }
        : null;
    for (const part of ["isOpen", "open", "close"] as const) delete out[name(day, part)];
  }
  out.openingHours = hours;
  return out;
}

/** The opening hours by weekday and the response target: what response times are counted in. */
export function ResponseTimesCard({ settings, errors }: { settings: SiteSettings; errors: Record<string, string> }) {
  return (
    <Card
      title="Response to leads"
      description="Response times count only the opening hours below, in Arizona time (no daylight saving)."
    >
      <div className="mt-4 grid gap-6">
        <FieldSet
          legend="Opening hours by day"
          id="settings-openingHours"
          error={errors.openingHours}
          hint="Untick a day the business is closed."
        >
          <div className="mt-2 grid gap-3">
            {WEEKDAYS.map((day) => (
              <DayRow key={day} day={day} hours={settings.openingHours[day]} errors={errors} />
            ))}
          </div>
        </FieldSet>
        <Field
          label="Response target (business minutes)"
          id="settings-responseTargetMinutes"
          required
          error={errors.responseTargetMinutes}
          hint="A lead not answered within this many minutes of opening hours counts as waiting too long."
          className="sm:max-w-xs"
        >
          <Input
            name="responseTargetMinutes"
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            defaultValue={String(settings.responseTargetMinutes)}
          />
        </Field>
      </div>
    </Card>
  );
}

function DayRow({
  day,
  hours,
  errors,
}: {
  day: Weekday;
  hours: OpeningHours[Weekday];
  errors: Record<string, string>;
}) {
  const [open, setOpen] = useState(!!hours);
  const label = WEEKDAY_LABELS[day];
  const time = (part: "open" | "close", text: string, fallback: string) => (
    <Field
      label={
        <>
          <span className="sr-only">{label} </span>
          {text}
        </>
      }
      id={`settings-${day}-${part}`}
      error={errors[`openingHours.${day}.${part}`]}
    >
      <Input
        name={name(day, part)}
        type="time"
        step="60"
        defaultValue={hours?.[part] ?? fallback}
        disabled={!open}
        required={open}
      />
    </Field>
  );
  return (
    <div className="grid grid-cols-2 items-start gap-x-4 gap-y-2 border-b border-border pb-3 last:border-b-0 sm:grid-cols-[9rem_11rem_11rem]">
      <Field
        label={label}
        id={`settings-${day}-isOpen`}
        orientation="horizontal"
        className="col-span-2 sm:col-span-1 sm:pt-8"
      >
        <Checkbox name={name(day, "isOpen")} checked={open} onChange={(e) => setOpen(e.target.checked)} />
      </Field>
      {time("open", "Opens", "08:00")}
      {time("close", "Closes", "17:00")}
    </div>
  );
}
