import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { privacyLookupSchema, type PrivacySearchResponse } from "@common/privacy";
import { checkInput } from "@common/result";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { privacyKeys } from "~/lib/query-keys";
import { PersonActions } from "./person-actions";
import { PersonFindings } from "./person-findings";

/**
 * Look a person up by e-mail address (GET /api/admin/privacy/search?email=): everything held
 * about them, grouped with counts, then the ZIP download and the erasure. The address and the
 * request being answered live in the page's address (?email=&request=).
 */
export function PersonLookup({
  email,
  requestId,
  onSearch,
}: {
  email: string;
  requestId: string | null;
  onSearch: (email: string) => void;
}) {
  const [typed, setTyped] = useState(email);
  const [typedFor, setTypedFor] = useState(email);
  const [error, setError] = useState<string>();
  if (typedFor !== email) {
    // A request's "Look up" set another address: the field shows it.
    setTypedFor(email);
    setTyped(email);
  }
  const found = useQuery<PrivacySearchResponse>({ queryKey: privacyKeys.search(email), enabled: Boolean(email) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInput(privacyLookupSchema, { email: typed });
    if (!checked.ok) return setError(checked.fieldErrors?.email ?? checked.formError);
    setError(undefined);
    onSearch(checked.data.email);
  };

  return (
    <Card
      title="Look up a person"
      description="Everything held about one e-mail address: contact, submissions (spam too), files, timeline, reviews, proposals, audit entries."
    >
      <form className="mt-4 flex flex-wrap items-start gap-3" onSubmit={submit} noValidate>
        <Field label="E-mail address" id="privacy-email" error={error} className="min-w-0 flex-1 basis-64">
          <Input
            type="email"
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
            placeholder="name@example.com"
          />
        </Field>
        <Button type="submit" className="sm:mt-6">
          <Search className="size-4" aria-hidden />
          Look up
        </Button>
      </form>
      {email ? (
        <div className="mt-6" aria-live="polite">
          {found.isError ? <Alert variant="error">{failureMessage(found.error)}</Alert> : null}
          {found.isPending ? <ListSkeleton rows={3} label={`Looking up ${email}`} /> : null}
          {found.data ? (
            <>
              <PersonFindings data={found.data} />
              <PersonActions data={found.data} requestId={requestId} />
            </>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
