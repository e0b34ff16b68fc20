/**
 * Creates an administrator: `npm run admin:create -- --email <email> --name "<name>"`.
 * The password comes from ADMIN_PASSWORD when set, otherwise from a prompt that does not
 * echo. Refuses weak passwords and existing e-mails (exit code 1, with a message).
 */
import { parseArgs } from "node:util";
import { getConfig } from "../config";
import { closeDb, getDb, migrateToLatest } from "../db";
import { passwordProblem } from "../auth/password-policy";
import { passwordPairSchema } from "@common/users";
import { ServiceError } from "@common/result";
import { createUserWithPassword, findUserByEmail } from "./users";

function fail(message: string): never {
  process.stderr.write(`admin:create: ${message}\n`);
  process.exit(1);
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    if (!stdin.isTTY) {
      // Piped input: read the first line.
      let buffer = "";
      stdin.setEncoding("utf8");
      stdin.on("data", (chunk) => (buffer += chunk));
      stdin.on("end", () => resolve(buffer.split(/\r?\n/)[0] ?? ""));
      stdin.on("error", reject);
      return;
    }
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const onData = (char: string) => {
      for (const c of char) {
        if (c === "\r" || c === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          return resolve(value);
        }
        if (c === "\u0003") {
          process.stdout.write("\n");
          process.exit(130);
        }
        if (c === "\u007f" || c === "\b") value = value.slice(0, -1);
        else value += c;
      }
    };
    stdin.on("data", onData);
  });
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string", default: "admin" } },
    strict: true,
  });
  const email = values.email?.trim();
  const name = values.name?.trim();
  if (!email || !name) fail('usage: npm run admin:create -- --email <email> --name "<name>"');
  const role =
    values.role === "editor" ? "editor" : values.role === "admin" ? "admin" : fail("--role must be admin or editor");

  getConfig();
  const db = getDb();
  try {
    await migrateToLatest(db);
    if (await findUserByEmail(db, email)) fail(`a user with the e-mail ${email.toLowerCase()} already exists.`);
    let password = process.env.ADMIN_PASSWORD;
    if (!password) {
      password = await promptHidden("Password (min. 12 characters, not a common one): ");
      const problem = passwordProblem(password);
      if (problem) fail(problem);
      const again = await promptHidden("Repeat the password: ");
      const pair = passwordPairSchema.safeParse({ password, confirm: again });
      if (!pair.success) fail(pair.error.issues[0]!.message);
    }
    const problem = passwordProblem(password);
    if (problem) fail(problem);
    await createUserWithPassword(db, { email, name, role, password });
    process.stdout.write(`Created ${role} ${email.toLowerCase()}. Sign in at ${getConfig().siteUrl}/login\n`);
  } catch (err) {
    if (err instanceof ServiceError) fail(err.fields ? Object.values(err.fields).join(" ") : err.message);
    throw err;
  } finally {
    await closeDb();
  }
}

main().catch((err) => {
  process.stderr.write(`admin:create failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
