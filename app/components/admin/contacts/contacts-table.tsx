import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Users } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, sourceLabel, type ContactStatus } from "@common/contacts";
import type { ContactsResponse } from "@server/contacts/api";
import { ConfirmDialog } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { Select } from "~/components/ui/select";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { apiAction, ApiRequestError } from "~/lib/queryClient";
import { contactsKeys } from "~/lib/query-keys";
import { ContactFilters } from "./contact-filters";
import { StatusBadge } from "./status";
import { WaitingBadge } from "./waiting";
import { ProposalCell } from "~/components/admin/proposals/proposal-summary";

const FILTER_KEYS = ["q", "status", "owner", "source", "proposal", "from", "to", "sort"] as const;

/** The contacts list: filters in the URL, a page of rows with checkboxes, bulk changes and the CSV export. */
export function ContactsTable() {
  const [params] = useSearchParams();
  const filter = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ""]));
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const list = useQuery<ContactsResponse>({
    queryKey: contactsKeys.list({ ...filter, page }),
    placeholderData: (prev) => prev,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkOutcome, setBulkOutcome] = useState<Outcome>();
  const bulkFeedback = useResultFeedback(bulkOutcome);
  const exportQuery = new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString();
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `?${next.toString()}`;
  };
  const fieldErrors = list.error instanceof ApiRequestError ? (list.error.fields ?? {}) : {};
  const rows = list.data?.rows ?? [];
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Card
      title="All contacts"
      description={list.data ? `${list.data.total.toLocaleString("en-US")} matching` : undefined}
      actions={
        <Button asChild variant="outline" size="sm">
          <a href={`${contactsKeys.all[0]}/export.csv${exportQuery ? `?${exportQuery}` : ""}`} download>
            <Download className="size-4" aria-hidden />
            Export CSV
          </a>
        </Button>
      }
    >
      <ContactFilters data={list.data} fieldErrors={fieldErrors} />
      {selected.size ? (
        <BulkBar
          ids={[...selected]}
          owners={list.data?.owners ?? []}
          fieldErrors={bulkFeedback.fieldErrors}
          formError={bulkFeedback.formError}
          onOutcome={setBulkOutcome}
          onDone={() => setSelected(new Set())}
        />
      ) : null}
      <div className="mt-4">
        {list.isPending ? (
          <ListSkeleton label="Loading contacts..." rows={8} />
        ) : list.isError ? (
          <Alert variant="error">{failureMessage(list.error)}</Alert>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={Users}
            title="No contacts match"
            description="Try another search or fewer filters. New leads from the website appear here."
          />
        ) : (
          <Table>
            <TableCaption className="sr-only">Contacts, page {list.data.page}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead className="w-10">
                  <Checkbox
                    aria-label="Select every contact on this page"
                    checked={allChecked}
                    onChange={(e) => rows.forEach((r) => toggle(r.id, e.currentTarget.checked))}
                  />
                </TableHead>
                <TableHead>Contact</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Owner</TableHead>
                <TableHead className="hidden lg:table-cell">Source</TableHead>
                <TableHead className="hidden md:table-cell">Proposal</TableHead>
                <TableHead className="hidden sm:table-cell">Created (Arizona)</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <Checkbox
                      aria-label={`Select ${c.name}`}
                      checked={selected.has(c.id)}
                      onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                    />
                  </TableCell>
                  <TableCell>
                    <Link
                      to={`/admin/contacts/${encodeURIComponent(c.id)}`}
                      className="font-medium text-link underline-offset-2 hover:underline"
                    >
                      {c.name}
                    </Link>
                    <p className="text-muted-foreground">{c.businessName || "—"}</p>
                    <p className="break-all text-muted-foreground">{c.email}</p>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-col items-start gap-1">
                      <StatusBadge status={c.status} />
                      {c.waitingSince ? (
                        <WaitingBadge since={c.waitingSince} overdue={list.data.overdue.includes(c.id)} />
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{c.ownerName ?? "Unassigned"}</TableCell>
                  <TableCell className="hidden lg:table-cell">{sourceLabel(c.source)}</TableCell>
                  <TableCell className="hidden md:table-cell">
                    <ProposalCell state={c.proposalState} annualCents={c.proposalAnnualSavingsCents} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">
                    {formatDateTime(c.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
      {list.data ? (
        <Pagination
          className="mt-4"
          label="Contact pages"
          page={list.data.page}
          pages={list.data.pages}
          hrefFor={pageLink}
        />
      ) : null}
    </Card>
  );
}

/** Status and/or owner for the selected contacts, asked once in a dialog. */
function BulkBar({
  ids,
  owners,
  fieldErrors,
  formError,
  onOutcome,
  onDone,
}: {
  ids: string[];
  owners: ContactsResponse["owners"];
  fieldErrors: Record<string, string>;
  formError: string | undefined;
  onOutcome: (outcome: Outcome) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ContactStatus | "">("");
  const [lostReason, setLostReason] = useState("");
  const [owner, setOwner] = useState("");
  const [confirming, setConfirming] = useState(false);
  const bulk = useMutation({
    mutationFn: () =>
      apiAction("POST", `${contactsKeys.all[0]}/bulk`, {
        ids,
        ...(status ? { status, lostReason } : {}),
        ...(owner ? { ownerId: owner === "none" ? null : owner } : {}),
      }),
    onSuccess: (result) => {
      onOutcome(result);
      onDone();
    },
    onError: onOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKeys.all }),
  });
  const ownerName = owner === "none" ? "nobody" : owners.find((o) => o.id === owner)?.name;
  const what = [status ? `status → ${CONTACT_STATUS_LABELS[status]}` : "", owner ? `owner → ${ownerName}` : ""]
    .filter(Boolean)
    .join(", ");
  return (
    <div
      role="region"
      aria-label="Change selected contacts"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-md border border-border bg-subtle p-3"
    >
      <p className="w-full text-sm font-medium text-foreground">{ids.length} selected</p>
      <Field label="Set status" id="bulk-status">
        <Select value={status} onChange={(e) => setStatus(e.currentTarget.value as ContactStatus | "")}>
          <option value="">Keep status</option>
          {CONTACT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CONTACT_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </Field>
      {status === "lost" ? (
        <Field label="Why lost" id="bulk-lost-reason" error={fieldErrors.lostReason}>
          <Input name="lostReason" value={lostReason} onChange={(e) => setLostReason(e.currentTarget.value)} />
        </Field>
      ) : null}
      <Field label="Set owner" id="bulk-owner">
        <Select value={owner} onChange={(e) => setOwner(e.currentTarget.value)}>
          <option value="">Keep owner</option>
          <option value="none">Unassigned</option>
          {owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="button" disabled={!what || bulk.isPending} onClick={() => setConfirming(true)}>
        {bulk.isPending ? "Applying..." : "Apply to selected"}
      </Button>
      <Button type="button" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      {formError ? <p className="w-full text-sm text-destructive-text">{formError}</p> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Change ${ids.length} ${ids.length === 1 ? "contact" : "contacts"}?`}
        description={`${what}. Each change is recorded on the contact and in the audit log.`}
        confirmLabel="Apply"
        onConfirm={() => {
          setConfirming(false);
          bulk.mutate();
        }}
      />
    </div>
  );
}
