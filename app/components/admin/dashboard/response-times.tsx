import { Link } from "react-router";
import { businessDurationLabel } from "@common/response-clock";
import type { DashboardResponse } from "@server/dashboard/api";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

type Responses = DashboardResponse["responses"];

/**
 * Speed to lead (decision 0048): the median first response over 7 and 30 days, in business
 * minutes, and the contacts waiting past the target, linking to the list sorted by waiting.
 */
export function ResponseTimes({ data }: { data: Responses }) {
  const late = data.waitingPastTarget;
  return (
    <Card
      title="Speed to lead"
      description={`Time to the first response (a note, status, owner or logged call), in business hours, Arizona time. Target: ${businessDurationLabel(data.targetMinutes)}.`}
    >
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        <Median label="Median first response, last 7 days" period={data.week} target={data.targetMinutes} />
        <Median label="Median first response, last 30 days" period={data.month} target={data.targetMinutes} />
        <Link
          to="/admin/contacts?sort=waiting"
          className={cn(
            "rounded-lg border p-3 hover:bg-muted sm:p-5",
            late ? "border-warning-border bg-warning-muted" : "border-border bg-card",
          )}
        >
          <p className="text-sm text-muted-foreground">Waiting past the target</p>
          <p className={cn("mt-1 text-2xl font-bold sm:text-3xl", late ? "text-warning" : "text-foreground")}>
            {late.toLocaleString("en-US")}
          </p>
          <p className="mt-1 text-sm text-link underline">{late ? "Answer them now" : "See who is waiting"}</p>
        </Link>
      </div>
    </Card>
  );
}

function Median({ label, period, target }: { label: string; period: Responses["week"]; target: number }) {
  const value = period.medianMinutes;
  return (
    <div className="rounded-lg border border-border bg-card p-3 sm:p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold text-foreground sm:text-3xl">
        {value === null ? "—" : businessDurationLabel(value)}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {period.answered === 0
          ? "No leads answered yet"
          : `${period.answered.toLocaleString("en-US")} ${period.answered === 1 ? "lead" : "leads"} answered` +
            (value !== null && value > target ? " · above target" : "")}
      </p>
    </div>
  );
}
