/**
 * The sizes every input is held to, in one place: the schemas in common/ check them, the
 * forms put them in maxLength, the services and the request readers enforce them.
 */

/** The Free Analysis form's text fields (characters). */
export const LEAD_LIMITS = {
  name: 100,
  businessName: 150,
  email: 254,
  phone: 30,
  website: 200,
  currentProcessor: 100,
  message: 2000,
} as const;

/** An uploaded processing statement. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/** Staff accounts. */
export const USER_LIMITS = { email: 254, name: 120, search: 254 } as const;

/** Blog posts and help guides. */
export const ARTICLE_LIMITS = {
  slug: 120,
  title: 200,
  excerpt: 600,
  body: 200_000,
  coverImageUrl: 2000,
  coverImageAlt: 300,
  authorName: 120,
  authorUserId: 64,
  category: 80,
  tag: 40,
  tags: 20,
  seoTitle: 200,
  seoDescription: 320,
  sortOrder: 100_000,
} as const;

export const FAQ_LIMITS = { slug: 120, question: 300, answer: 20_000, category: 80, sortOrder: 100_000 } as const;

export const INDUSTRY_LIMITS = {
  slug: 120,
  name: 120,
  summary: 400,
  body: 50_000,
  listItem: 300,
  listItems: 20,
  sortOrder: 100_000,
} as const;

/** Entries per page of the audit log (the API and the screen), and the lengths of its filters. */
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_FILTER_LIMITS = { search: 254, action: 100 } as const;

/** Form definitions (/admin/forms) and the answers their public forms take. */
export const FORM_LIMITS = {
  name: 100,
  slug: 80,
  description: 500,
  fields: 40,
  key: 40,
  label: 200,
  help: 300,
  option: 100,
  options: 50,
  recipients: 10,
  successMessage: 500,
  answerText: 500,
  answerLongText: 5000,
  /** Files attached to one submission, and the size of each. */
  files: 3,
  fileBytes: 10 * 1024 * 1024,
} as const;

/** Contacts (the admin pipeline): notes, the lost reason, list pages and bulk changes. */
export const CONTACT_LIMITS = {
  name: 100,
  businessName: 150,
  email: 254,
  phone: 30,
  website: 200,
  currentProcessor: 100,
  note: 5000,
  lostReason: 300,
  search: 100,
  pageSize: 25,
  bulk: 200,
} as const;

/** Uploaded content images: the size limit, the alt text and the widths of the resized variants. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_LIMITS = { alt: 300, filename: 200 } as const;
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** Outgoing webhooks (/admin/integrations): the endpoint's name and URL, endpoints in all, log page size. */
export const WEBHOOK_LIMITS = { name: 80, url: 2000, endpoints: 20, pageSize: 25 } as const;
