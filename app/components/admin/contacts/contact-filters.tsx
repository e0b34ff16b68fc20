import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { CONTACT_SORTS, CONTACT_STATUS_LABELS, CONTACT_STATUSES, sourceLabel } from "@common/contacts";
import type { ContactsResponse } from "@server/contacts/api";
import { ProposalFilter } from "~/components/admin/proposals/proposal-summary";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";

/** The list's search, filters and sort: a GET form, so the filter lives in the URL (?q=&status=…). */
export function ContactFilters({
  data,
  fieldErrors,
}: {
  data: ContactsResponse | undefined;
  fieldErrors: Record<string, string>;
}) {
  const [params] = useSearchParams();
  const value = (key: string) => params.get(key) ?? "";
  // On a phone the filters beyond the search fold away until asked for (or in use).
  const inUse = ["status", "owner", "source", "proposal", "from", "to", "sort"].some((k) => params.get(k));
  const [more, setMore] = useState(inUse);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search and filter contacts"
      className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      preventScrollReset
    >
      <Field label="Search" id="contacts-q" className="sm:col-span-2" error={fieldErrors.q}>
        <Input name="q" type="search" defaultValue={value("q")} placeholder="Name, business, e-mail or phone" />
      </Field>
      <div className="sm:hidden">
        <Button type="button" variant="outline" size="sm" aria-expanded={more} onClick={() => setMore(!more)}>
          {more ? "Fewer filters" : "More filters"}
        </Button>
      </div>
      <div className={`${more ? "grid" : "hidden"} grid-cols-1 gap-3 sm:col-span-2 sm:grid sm:grid-cols-2`}>
        <Field label="Status" id="contacts-status" error={fieldErrors.status}>
          <Select name="status" defaultValue={value("status")}>
            <option value="">Any status</option>
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CONTACT_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Owner" id="contacts-owner" error={fieldErrors.owner}>
          <Select name="owner" defaultValue={value("owner")}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Unassigned</option>
            {data?.owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div
        className={`${more ? "grid" : "hidden"} grid-cols-1 gap-3 sm:col-span-2 sm:grid sm:grid-cols-2 lg:col-span-4 lg:grid-cols-5`}
      >
        <Field label="Source" id="contacts-source" error={fieldErrors.source}>
          <Select name="source" defaultValue={value("source")}>
            <option value="">Any source</option>
            {(data?.sources ?? []).map((s) => (
              <option key={s} value={s}>
                {sourceLabel(s)}
              </option>
            ))}
          </Select>
        </Field>
        <ProposalFilter value={value("proposal")} error={fieldErrors.proposal} />
        <Field label="Created from" id="contacts-from" error={fieldErrors.from}>
          <Input name="from" type="date" defaultValue={value("from")} />
        </Field>
        <Field label="Created to" id="contacts-to" error={fieldErrors.to}>
          <Input name="to" type="date" defaultValue={value("to")} />
        </Field>
        <Field label="Sort" id="contacts-sort">
          <Select name="sort" defaultValue={value("sort") || "newest"}>
            {Object.entries(CONTACT_SORTS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="secondary">
          Apply filters
        </Button>
        {[...params.keys()].length ? (
          <Button asChild variant="ghost">
            <Link to="/admin/contacts">Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
