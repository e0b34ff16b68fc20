import { useSearchParams } from "react-router";
import { PersonLookup } from "~/components/admin/privacy/person-lookup";
import { RequestList } from "~/components/admin/privacy/request-list";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Privacy requests · Admin",
    description: "Requests to see or delete personal data: find, export and erase what is held about a person.",
    noindex: true,
  });

/**
 * Privacy requests (admins only, the "privacy" permission; decision 0050): the confirmed
 * requests with their due dates, and a person's data looked up by e-mail, exported and erased.
 * Data from /api/admin/privacy (server/privacy/api.ts).
 */
export default function PrivacyPage() {
  const [params, setParams] = useSearchParams();
  const email = params.get("email") ?? "";
  const requestId = params.get("request");
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Privacy requests</h1>
        <p className="mt-2 text-muted-foreground">
          People may ask for a copy of what we hold about them, or for its deletion, through the privacy request form.
          Answer confirmed requests within 45 days.
        </p>
      </div>
      <RequestList
        onLookUp={(r) => r.email && setParams({ email: r.email, request: r.id }, { preventScrollReset: true })}
      />
      <PersonLookup
        email={email}
        requestId={requestId}
        onSearch={(next) => setParams(next ? { email: next } : {}, { preventScrollReset: true })}
      />
    </div>
  );
}
