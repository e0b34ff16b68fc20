import { ShieldCheck } from "lucide-react";
import type { ConsentEvidence } from "@common/consent";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";

/**
 * What a submission's consent field proves (decision 0049), read-only: ticked or not, the exact
 * text shown and its version, then when, from where and on which version of the form. On the
 * submission all of it shows; on the contact's timeline the request facts fold away.
 */
export function ConsentEvidenceView({ evidence, folded = false }: { evidence: ConsentEvidence; folded?: boolean }) {
  const facts = (
    <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)]">
      <Fact label="Time">
        <time dateTime={evidence.at}>{formatDateTime(evidence.at)}</time>
      </Fact>
      <Fact label="IP address">{evidence.ip || "—"}</Fact>
      <Fact label="Browser">{evidence.userAgent || "—"}</Fact>
      <Fact label="Page">{evidence.pageUrl || "Not known (the browser sent no page)"}</Fact>
      <Fact label="Form version">
        {evidence.formVersion ? <code className="font-mono">{evidence.formVersion}</code> : "Not recorded"}
      </Fact>
    </dl>
  );
  return (
    <div className="rounded-md border border-border bg-subtle p-4 text-sm" data-testid="consent-evidence">
      <div className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="size-4 text-muted-foreground" aria-hidden />
        <span className="font-medium text-foreground">Consent</span>
        <Badge variant={evidence.given ? "success" : "warning"}>{evidence.given ? "Given" : "Not given"}</Badge>
        <span className="text-muted-foreground">
          version <code className="font-mono text-foreground">{evidence.version}</code>
        </span>
      </div>
      <blockquote className="mt-2 border-l-2 border-border pl-3 break-words text-foreground">
        {evidence.text || "The text of this version was not kept."}
      </blockquote>
      {folded ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium text-link">When, where and which form version</summary>
          {facts}
        </details>
      ) : (
        facts
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
