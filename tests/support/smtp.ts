import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

export interface TestSmtp {
  url: string;
  mails: CapturedMail[];
  /** Messages refused so far (see failNext). */
  readonly refused: number;
  /** Refuses the next `count` messages with a temporary failure (451), as a busy mail server does. */
  failNext: (count: number) => void;
  /**
   * Waits for the next mail to `to` that arrives after `since` mails were already captured (and,
   * with `match`, passes it: a lead's address also gets the form's auto-reply).
   */
  waitFor: (
    to: string,
    options?: { since?: number; timeoutMs?: number; match?: (mail: CapturedMail) => boolean },
  ) => Promise<CapturedMail>;
  close: () => Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on 127.0.0.1 (a free port unless one is given) that keeps every message it receives. */
export async function startTestSmtp(options: { port?: number } = {}): Promise<TestSmtp> {
  const mails: CapturedMail[] = [];
  let toRefuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        if (toRefuse > 0) {
          toRefuse--;
          refused++;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(error);
        }
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get refused() {
      return refused;
    },
    failNext: (count) => {
      toRefuse = count;
    },
    waitFor: async (to, options = {}) => {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      const since = options.since ?? 0;
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to.toLowerCase()) && (options.match?.(m) ?? true));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail whose path is `path` (e.g. "/admin/reset-password"). */
export function linkIn(mail: CapturedMail, path: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/]/g, "\\/")}\\?token=[^\\s"<>]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail:\n${mail.text}`);
  return new URL(match[0].replace(/&amp;/g, "&"));
}

/**
 * One part of a captured multipart mail ("text/plain" or "text/html"), its body decoded
 * (base64 too); throws when the mail has no such part.
 */
export function mailPart(mail: CapturedMail, type: "text/plain" | "text/html"): string {
  const start = mail.text.search(new RegExp(`Content-Type: ${type.replace("/", "\\/")}`, "i"));
  if (start < 0) throw new Error(`no ${type} part in mail:\n${mail.text}`);
  const rest = mail.text.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd).replace(/^\r?\n\r?\n/, "");
  const end = body.search(/\r?\n--/);
  const raw = end < 0 ? body : body.slice(0, end);
  return /Content-Transfer-Encoding: base64/i.test(headers)
    ? Buffer.from(raw.replace(/\s+/g, ""), "base64").toString("utf8")
    : raw.replace(/\r\n/g, "\n");
}
