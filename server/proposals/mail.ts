import { statementMonthLabel } from "@common/proposals";
import { formatBp, formatCents } from "@common/proposal-math";
import { getConfig } from "../config";
import type { DB } from "../db";
import { enqueueJob, registerJob } from "../jobs/jobs";
import { escapeHtml, sendMail } from "../mail/mail";
import { getSiteSettings } from "../settings/settings";
import type { ProposalSnapshot } from "./proposals";

/**
 * The two e-mails of a proposal: the merchant's (sent in the request, after the commit: the
 * link's token is never stored, so it cannot wait in a job) and the staff notice of an
 * acceptance (a job, enqueued with the acceptance, which holds no secret).
 */

export const ACCEPTANCE_NOTICE_JOB = "proposal.accepted.notify";

const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 180);

export async function sendProposalMail(
  db: DB,
  message: { to: string; url: string; snapshot: ProposalSnapshot; expiresAt: Date },
): Promise<void> {
  const { snapshot: s, url } = message;
  const settings = await getSiteSettings(db);
  const f = s.figures;
  const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Phoenix" }).format(
    message.expiresAt,
  );
  const headline =
    f.outcome === "saving"
      ? `Based on your ${statementMonthLabel(s.statementMonth)} statement, switching to ${settings.companyName} would save an estimated ${formatCents(f.monthlySavingsCents)} a month (${formatCents(f.annualSavingsCents)} a year).`
      : `We reviewed your ${statementMonthLabel(s.statementMonth)} statement. Your current pricing is already competitive: by our estimate ${settings.companyName} would not lower your costs.`;
  const lines = [
    `Hello ${s.merchant.name},`,
    "",
    headline,
    "",
    `You pay today: ${formatCents(s.statement.feesCents)} (${formatBp(f.effectiveRateBp)} of card volume)`,
    `With ${settings.companyName}: ${formatCents(f.proposedCents)} (${formatBp(f.proposedRateBp)})`,
    ...(s.note ? ["", s.note] : []),
    "",
    `Your proposal, with the figures and the assumptions behind them: ${url}`,
    `The link is yours alone and stays open until ${until}.`,
    "",
    `${s.sentByName}, ${settings.companyName}`,
    settings.phone,
  ];
  const text = lines.join("\n") + "\n";
  const html =
    lines
      .filter((l, i) => !(l === "" && lines[i - 1] === ""))
      .map((l) =>
        l.startsWith("Your proposal")
          ? `<p><a href="${escapeHtml(url)}">Open your proposal</a> to see the figures and the assumptions behind them.</p>`
          : l
            ? `<p>${escapeHtml(l)}</p>`
            : "",
      )
      .join("") + "";
  await sendMail({
    to: message.to,
    subject: oneLine(`Your payment processing proposal from ${settings.companyName}`),
    text,
    html,
    replyTo: getConfig().staffNotifyEmail ?? settings.email,
  });
}

/** Queues the staff notice of an acceptance (inside the acceptance's transaction). */
export async function enqueueAcceptanceNotice(db: DB, proposalId: string): Promise<void> {
  await enqueueJob(db, ACCEPTANCE_NOTICE_JOB, { proposalId }, { key: `${ACCEPTANCE_NOTICE_JOB}:${proposalId}` });
}

async function sendAcceptanceNotice(db: DB, proposalId: string): Promise<void> {
  const row = await db
    .selectFrom("proposals")
    .innerJoin("contacts", "contacts.id", "proposals.contact_id")
    .leftJoin("user", "user.id", "proposals.sent_by")
    .select([
      "proposals.contact_id",
      "proposals.annual_savings_cents",
      "proposals.accepted_at",
      "contacts.name",
      "contacts.business_name",
      "contacts.email",
      "contacts.phone",
      "user.email as sender_email",
    ])
    .where("proposals.id", "=", proposalId)
    .executeTakeFirst();
  // Erased since: nothing to tell.
  if (!row) return;
  const settings = await getSiteSettings(db);
  const staff = getConfig().staffNotifyEmail ?? settings.email;
  const to = [...new Set([staff, row.sender_email].filter((e): e is string => !!e))].join(", ");
  const who = row.business_name || row.name;
  const link = `${getConfig().siteUrl}/admin/contacts/${row.contact_id}`;
  const text =
    `${who} would like to switch: they accepted their proposal (estimated saving ` +
    `${formatCents(Number(row.annual_savings_cents))} a year) at ${row.accepted_at}.\n\n` +
    `Contact: ${row.name}, ${row.email}${row.phone ? `, ${row.phone}` : ""}\n\nOpen the contact: ${link}\n`;
  await sendMail({
    to,
    subject: oneLine(`Proposal accepted: ${who} would like to switch`),
    text,
    html: text
      .split("\n\n")
      .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
      .join("")
      .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
    replyTo: row.email,
  });
}

/** Registers the proposals' background job (server start-up). */
export function registerProposalJobs(): void {
  registerJob<{ proposalId: string }>(ACCEPTANCE_NOTICE_JOB, ({ proposalId }, job) =>
    sendAcceptanceNotice(job.db, proposalId),
  );
}
