import { CONTACT_STATUS_LABELS, type ContactStatus } from "@common/contacts";
import { Badge } from "~/components/ui/badge";

const variants: Record<ContactStatus, "info" | "warning" | "neutral" | "success" | "destructive"> = {
  new: "info",
  contacted: "warning",
  qualified: "neutral",
  customer: "success",
  lost: "destructive",
};

/** A contact's pipeline status as a coloured label. */
export function StatusBadge({ status }: { status: ContactStatus }) {
  return <Badge variant={variants[status]}>{CONTACT_STATUS_LABELS[status] ?? status}</Badge>;
}
