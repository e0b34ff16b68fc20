import crypto from "node:crypto";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { getConfig } from "../config";
import { ensurePrivateDir, writePrivateFile } from "../private-fs";
import { log } from "../logger";
import { loadOnFirstUse } from "../load-on-first-use";

/** nodemailer, loaded with the first e-mail (decision 0056). */
const loadNodemailer = loadOnFirstUse(() => import("nodemailer").then((m) => m.default));

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface SentMail {
  /** "smtp" when handed to the SMTP server, "outbox" when written as an .eml file. */
  via: "smtp" | "outbox";
  messageId: string;
  /** The .eml file, when written to the outbox. */
  file?: string;
}

/** The one SMTP transport, made with the first e-mail (two first e-mails at once share it). */
let smtp: Promise<Transporter> | undefined;

function smtpTransport(url: string): Promise<Transporter> {
  smtp ??= loadNodemailer().then(
    (nodemailer) => nodemailer.createTransport(url),
    (err: unknown) => {
      smtp = undefined;
      throw err;
    },
  );
  return smtp;
}

/**
 * Sends one e-mail: over SMTP when SMTP_URL is set, otherwise as an .eml file in
 * DATA_DIR/outbox (so a local install without a mail server loses nothing). Throws on
 * failure; callers that must not fail (a lead already stored) catch and record it.
 */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  const config = getConfig();
  const envelope = { from: config.mailFrom, ...message };
  if (config.smtpUrl) {
    const info = await (await smtpTransport(config.smtpUrl)).sendMail(envelope);
    log.info("mail sent", { to: message.to, subject: message.subject, via: "smtp" });
    return { via: "smtp", messageId: String(info.messageId) };
  }
  const outbox = path.join(config.dataDir, "outbox");
  ensurePrivateDir(outbox);
  const info = await (
    await loadNodemailer()
  )
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(envelope);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
  writePrivateFile(file, info.message as Buffer);
  log.info("mail written to outbox", { to: message.to, subject: message.subject, file });
  return { via: "outbox", messageId: String(info.messageId), file };
}

/** Escapes text for inclusion in an HTML e-mail body. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
