import type { ReactNode } from "react";
import { Link } from "react-router";
import { describeCounts, type PrivacySearchResponse } from "@common/privacy";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One group of what was found: its heading with the count, and its rows (or "None"). */
function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="rounded-md border border-border p-4" aria-label={`${title}: ${count}`}>
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold text-foreground">
        {title}
        <Badge variant={count ? "info" : "neutral"}>{count}</Badge>
      </h3>
      {count ? (
        <ul className="mt-2 grid gap-1.5 text-sm text-soft-foreground">{children}</ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">None.</p>
      )}
    </section>
  );
}

/** Everything held about the person, grouped, with counts (the search's answer). */
export function PersonFindings({ data }: { data: PrivacySearchResponse }) {
  const { counts } = data;
  return (
    <div>
      <p className="text-sm text-foreground">
        {data.total ? (
          <>
            Held about <strong className="[overflow-wrap:anywhere]">{data.email}</strong>: {describeCounts(counts)}.
          </>
        ) : (
          <>
            Nothing is held about <strong className="[overflow-wrap:anywhere]">{data.email}</strong>.
          </>
        )}
      </p>
      <div className="mt-4 grid gap-3 lg:grid-cols-2">
        <Group title="Contact" count={counts.contacts}>
          {data.contacts.map((c) => (
            <li key={c.id}>
              <Link className="text-link underline" to={`/admin/contacts/${c.id}`}>
                {c.name || "(no name)"}
              </Link>
              {c.businessName ? `, ${c.businessName}` : ""} · {c.status} · since {formatDateTime(c.createdAt)}
            </li>
          ))}
        </Group>
        <Group title="Submissions" count={counts.submissions}>
          {data.submissions.map((s) => (
            <li key={s.id}>
              <Link className="text-link underline" to={`/admin/forms/${s.formId}/submissions/${s.id}`}>
                {s.formName}
              </Link>{" "}
              · {formatDateTime(s.createdAt)}
              {s.spam ? (
                <Badge variant="warning" className="ml-2">
                  Spam
                </Badge>
              ) : null}
            </li>
          ))}
        </Group>
        <Group title="Uploaded files" count={counts.files}>
          {data.submissions.flatMap((s) =>
            s.files.map((f) => (
              <li key={f.id} className="[overflow-wrap:anywhere]">
                {f.filename} · {size(f.size)}
              </li>
            )),
          )}
        </Group>
        <Group title="Timeline and notes" count={counts.notes}>
          {data.notes.map((n) => (
            <li key={n.id}>
              {n.kind === "note" ? `Note: ${n.body ?? ""}` : n.kind} · {formatDateTime(n.createdAt)}
            </li>
          ))}
        </Group>
        <Group title="Statement reviews and proposals" count={counts.reviews + counts.proposals}>
          {data.reviews.map((r) => (
            <li key={r.id}>
              Review of the {r.statementMonth} statement · {formatDateTime(r.createdAt)}
            </li>
          ))}
          {data.proposals.map((p) => (
            <li key={p.id}>
              Proposal sent {formatDateTime(p.createdAt)}
              {p.acceptedAt ? ", accepted" : ""}
            </li>
          ))}
        </Group>
        <Group title="Audit entries and webhook deliveries" count={counts.audit + counts.webhookDeliveries}>
          {data.audit.map((a) => (
            <li key={a.id}>
              {a.action} · {formatDateTime(a.createdAt)}
            </li>
          ))}
          {data.webhookDeliveries.map((d) => (
            <li key={d.id}>
              Webhook {d.event} · {formatDateTime(d.createdAt)}
            </li>
          ))}
        </Group>
      </div>
    </div>
  );
}
