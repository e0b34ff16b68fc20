import crypto from "node:crypto";
import {
  AUTO_REPLY_PLACEHOLDERS,
  autoReplyPreviewSchema,
  fillPlaceholders,
  openingHoursText,
  type AutoReplyPlaceholder,
  type AutoReplyPreview,
  type AutoReplyValues,
} from "@common/auto-reply";
import { FREE_ANALYSIS_SYSTEM_KEY, type Answer, type FormDefinition } from "@common/forms";
import { parseInput } from "@common/result";
import type { SiteSettings } from "@common/settings";
import type { DB } from "../db";
import type { MailMessage } from "../mail/mail";
import { escapeHtml } from "../mail/mail";
import { renderMarkdown } from "../markdown/markdown";
import { getSiteSettings } from "../settings/settings";
import { getForm } from "./definitions";

/**
 * The auto-reply's e-mail (decision 0047): the form's subject and Markdown body with the
 * placeholders filled in. The plain-text part is the Markdown as written (bold and italic
 * marks taken out); the HTML part is the Markdown rendered by the site's sanitising renderer
 * (server/markdown), each value escaped. Files are named by what happened to them, never
 * attached.
 */

type Template = { subject: string; body: string };

/** What {{statement}} says: the Free Analysis statement, or a file a staff form took. */
function statementSentence(form: Pick<FormDefinition, "systemKey">, answers: Answer[], fileNote: string | null) {
  const stored = answers.some((a) => a.type === "file" && a.value && typeof a.value === "object");
  if (form.systemKey === FREE_ANALYSIS_SYSTEM_KEY) {
    if (stored) return "We received your statement and will go through it line by line before we call.";
    if (fileNote)
      return "Your statement could not be accepted today (our daily upload limit was reached): send it again tomorrow, or we'll ask you for it on the call.";
    return "You didn't attach a statement; that's fine, we'll ask for one on the call if it helps.";
  }
  if (stored) return "We received the file you attached.";
  if (fileNote) return "The file you attached could not be accepted today: please send it again tomorrow.";
  return "";
}

function settingsValues(settings: SiteSettings) {
  return {
    owner: settings.ownerName,
    phone: settings.phone,
    hours: openingHoursText(settings.openingHours),
  };
}

const firstWord = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** The values of one stored submission. */
async function submissionValues(db: DB, submissionId: string) {
  const s = await db.selectFrom("submissions").selectAll().where("id", "=", submissionId).executeTakeFirstOrThrow();
  const form = await getForm(db, s.form_id);
  const settings = await getSiteSettings(db);
  const values: AutoReplyValues = {
    name: s.name.trim() || "there",
    firstName: firstWord(s.name) || "there",
    business: s.business_name.trim() || "your business",
    email: s.email,
    reference: s.reference ?? "",
    form: form.name,
    ...settingsValues(settings),
    statement: statementSentence(form, JSON.parse(s.answers) as Answer[], s.file_note),
  };
  return { form, settings, values, to: s.email };
}

/** Sample values for the editor's preview. */
function sampleValues(form: Pick<FormDefinition, "name" | "systemKey">, settings: SiteSettings): AutoReplyValues {
  return {
    name: "Dana Whitfield",
    firstName: "Dana",
    business: "Desert Bloom Café",
    email: "dana@example.com",
    reference: "MER-7K3QX",
    form: form.name,
    ...settingsValues(settings),
    statement: statementSentence(
      form,
      [
        {
          key: "statement",
          label: "Statement",
          type: "file",
          value: { fileId: "", filename: "", size: 1, mimeType: "" },
        },
      ],
      null,
    ),
  };
}

/** Bold and italic marks out of a Markdown template, for the plain-text part. */
const plainMarks = (markdown: string) => markdown.replace(/\*\*([^*\n]+)\*\*/g, "$1").replace(/__([^_\n]+)__/g, "$1");

/** A template with its values: the subject, the plain-text and the HTML part. */
export function renderAutoReply(template: Template, values: AutoReplyValues): AutoReplyPreview {
  const fill = (key: AutoReplyPlaceholder) => values[key];
  const subject = fillPlaceholders(template.subject, fill)
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 250);
  const text = `${fillPlaceholders(plainMarks(template.body), fill).trim()}\n`;
  // Placeholders become tokens Markdown leaves as they are, then each token the escaped value:
  // a value is text, never Markdown or HTML.
  const nonce = crypto.randomBytes(6).toString("hex");
  const keys = AUTO_REPLY_PLACEHOLDERS.map((p) => p.key);
  const token = (key: AutoReplyPlaceholder) => `arph${nonce}${keys.indexOf(key)}z`;
  const rendered = renderMarkdown(fillPlaceholders(template.body, token)).html;
  const body = rendered.replace(new RegExp(`arph${nonce}(\\d+)z`, "g"), (_, index: string) =>
    escapeHtml(values[keys[Number(index)]!] ?? ""),
  );
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${body}</body></html>`;
  return { subject, text, html };
}

/** The auto-reply of a stored submission, to its submitter (replies go to the site's e-mail). */
export async function buildAutoReplyMail(db: DB, submissionId: string): Promise<MailMessage> {
  const { form, settings, values, to } = await submissionValues(db, submissionId);
  return { to, ...renderAutoReply(form.autoReply, values), replyTo: settings.email };
}

/** The editor's preview: a template as typed, with sample data (unknown placeholders are field errors). */
export async function previewAutoReply(db: DB, input: unknown): Promise<AutoReplyPreview> {
  const data = parseInput(autoReplyPreviewSchema, input);
  const form = data.formId ? await getForm(db, data.formId) : { name: "Your form", systemKey: null };
  return renderAutoReply(data, sampleValues(form, await getSiteSettings(db)));
}
