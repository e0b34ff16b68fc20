/**
 * Query keys for the admin screens, one factory per domain. A key is the API URL's
 * segments (the default query function GETs their join with "/"), so a key says what it
 * reads; the last segment may carry the query string. Invalidating a domain's `all` prefix
 * refetches every list and detail of that domain.
 *
 *   useQuery({ queryKey: usersKeys.list("ann") })          // GET /api/admin/users/?q=ann
 *   queryClient.invalidateQueries({ queryKey: usersKeys.all })
 *
 * A Markdown preview's key, `preview(markdown)`, is the exception that proves the rule: it is
 * read with `POST <all>/preview {markdown}` (MarkdownField), the text being the last segment.
 */

/** `?a=1&b=x` as a final key segment; nothing when every value is empty. */
export function querySegment(params: Record<string, string | number | undefined | null>): string[] {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? [`?${text}`] : [];
}

export const usersKeys = {
  all: ["/api/admin/users"] as const,
  list: (filter: { q?: string } = {}) => [...usersKeys.all, ...querySegment(filter)],
  auditLog: (filter: { q?: string; action?: string; page?: number } = {}) => [
    ...usersKeys.all,
    "audit-log",
    ...querySegment(filter),
  ],
};

export const securityKeys = {
  all: ["/api/admin/security"] as const,
  /** Two-factor status, sessions and recent activity of the signed-in user. */
  overview: () => [...securityKeys.all],
  me: () => [...securityKeys.all, "me"],
};

export const formsKeys = {
  all: ["/api/admin/forms"] as const,
  list: () => [...formsKeys.all],
  detail: (id: string) => [...formsKeys.all, id],
  submissions: (id: string, filter: { tab?: string; q?: string; from?: string; to?: string; page?: number } = {}) => [
    ...formsKeys.all,
    id,
    "submissions",
    ...querySegment(filter),
  ],
  submission: (id: string, submissionId: string) => [...formsKeys.all, id, "submissions", submissionId],
  autoReplyPreview: (id: string, subject: string, body: string) => [
    ...formsKeys.all,
    "auto-reply-preview",
    id,
    subject,
    body,
  ],
};

/** Blog posts or help guides (`kind` is the section key and the API area). */
export const contentKeys = (kind: "blog-posts" | "help-guides") => {
  const all = [`/api/admin/${kind}`] as const;
  return {
    all,
    list: (filter: { q?: string; status?: string; category?: string; sort?: string; page?: number } = {}) => [
      ...all,
      ...querySegment(filter),
    ],
    detail: (id: string) => [...all, id],
    revisions: (id: string) => [...all, id, "revisions"],
    revision: (id: string, revisionId: string) => [...all, id, "revisions", revisionId],
    slugCheck: (slug: string, id?: string) => [...all, ...querySegment({ slug, id }).map((s) => `slug-check${s}`)],
    preview: (markdown: string) => [...all, "preview", markdown],
  };
};

export type ContactListFilter = {
  q?: string;
  status?: string;
  owner?: string;
  source?: string;
  proposal?: string;
  from?: string;
  to?: string;
  sort?: string;
  page?: number;
};

export const contactsKeys = {
  all: ["/api/admin/contacts"] as const,
  list: (filter: ContactListFilter = {}) => [...contactsKeys.all, ...querySegment(filter)],
  detail: (id: string) => [...contactsKeys.all, encodeURIComponent(id)],
};

/** A contact's statement reviews and proposals (decision 0043), inside the contacts area. */
export const proposalsKeys = {
  all: [...contactsKeys.all, "proposals"] as const,
  contact: (id: string) => [...proposalsKeys.all, "contact", encodeURIComponent(id)],
  funnel: () => [...proposalsKeys.all, "funnel"],
};

export const pricingKeys = {
  all: ["/api/admin/pricing"] as const,
  detail: () => [...pricingKeys.all],
};

export const dashboardKeys = {
  all: ["/api/admin/dashboard"] as const,
  /** The "Visitors" section for the last `days` days; `<visitors>/<table>.csv?days=` downloads a table. */
  visitors: (days: number) => [...dashboardKeys.all, "visitors", ...querySegment({ days })],
};

export const faqKeys = {
  all: ["/api/admin/faq-items"] as const,
  list: () => [...faqKeys.all],
  preview: (markdown: string) => [...faqKeys.all, "preview", markdown],
};

export const industriesKeys = {
  all: ["/api/admin/industries"] as const,
  list: () => [...industriesKeys.all],
  detail: (id: string) => [...industriesKeys.all, id],
  preview: (markdown: string) => [...industriesKeys.all, "preview", markdown],
  slugCheck: (slug: string, id?: string) => [
    ...industriesKeys.all,
    ...querySegment({ slug, id }).map((s) => `slug-check${s}`),
  ],
};

export const mediaKeys = {
  all: ["/api/admin/media"] as const,
  list: () => [...mediaKeys.all],
};

export const settingsKeys = {
  all: ["/api/admin/settings"] as const,
  detail: () => [...settingsKeys.all],
};

export const integrationsKeys = {
  all: ["/api/admin/integrations"] as const,
  list: () => [...integrationsKeys.all],
  /** The delivery log: GET …/deliveries?endpoint=&page= */
  deliveries: (filter: { endpoint?: string; page?: number } = {}) => [
    ...integrationsKeys.all,
    `deliveries${querySegment(filter)[0] ?? ""}`,
  ],
};

export const privacyKeys = {
  all: ["/api/admin/privacy"] as const,
  /** The requests: GET /api/admin/privacy/ */
  requests: () => [...privacyKeys.all],
  /** One person's data: GET …/search?email= */
  search: (email: string) => [...privacyKeys.all, `search${querySegment({ email })[0] ?? ""}`],
};
