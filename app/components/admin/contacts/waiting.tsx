import { Clock } from "lucide-react";
import { waitingLabel } from "@common/response-clock";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";

/**
 * "waiting 12 min" on a contact whose lead nobody has answered yet (decision 0048): wall-clock
 * time since it arrived; red once it is past the response target (counted in business minutes).
 */
export function WaitingBadge({ since, overdue, className }: { since: string; overdue: boolean; className?: string }) {
  return (
    <Badge
      variant={overdue ? "destructive" : "outline"}
      className={className}
      title={`Unanswered since ${formatDateTime(since)} (Arizona)${overdue ? ", past the response target" : ""}`}
    >
      <Clock className="size-3" aria-hidden />
      waiting {waitingLabel(since)}
      {overdue ? <span className="sr-only">, past the response target</span> : null}
    </Badge>
  );
}
