import crypto from "node:crypto";
import { sql } from "kysely";
import { FORM_AUTO_REPLY, FREE_ANALYSIS_AUTO_REPLY, type AutoReplySettings } from "@common/auto-reply";
import {
  formDefinitionSchema,
  PRIVACY_REQUEST_SYSTEM_KEY,
  type FormDefinition,
  type FormDefinitionData,
  type FormField,
  type PublicForm,
} from "@common/forms";
import { parseInput, ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import { bumpContentVersion } from "../content-version/content-version";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { Actor } from "../auth/actor";
import { consentShown, recordConsentShown } from "./consent";
import { lockPrivacyRequestFields, PRIVACY_REQUEST_DEFAULT, privacyRequestFields } from "./privacy-request";
import { assertMayChangeRecipients, mailAdminsRecipientsChanged, recipientsChanged } from "./recipients";
import {
  FREE_ANALYSIS_DEFAULT,
  FREE_ANALYSIS_SYSTEM_KEY,
  freeAnalysisFields,
  lockFreeAnalysisFields,
} from "./free-analysis";

/**
 * Form definitions: staff create, edit and switch off forms; every change is audited. The
 * Free Analysis form is seeded and cannot be deleted; its core fields stay as the code has
 * them (see free-analysis.ts). Every change raises the content version in its transaction, so
 * the page cache (decision 0016) drops its copies of /contact and /forms/<slug>.
 */

type Row = {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  fields: string;
  recipients: string;
  success_message: string;
  active: number | boolean;
  system_key: string | null;
  auto_reply: string | null;
  created_at: string;
  updated_at: string;
};

/** A form's auto-reply: as staff saved it, or the default (on for Free Analysis, off elsewhere). */
function autoReplyOf(row: Pick<Row, "auto_reply" | "system_key">): AutoReplySettings {
  if (row.auto_reply) return JSON.parse(row.auto_reply) as AutoReplySettings;
  return row.system_key === FREE_ANALYSIS_SYSTEM_KEY ? FREE_ANALYSIS_AUTO_REPLY : FORM_AUTO_REPLY;
}

function toDefinition(row: Row): FormDefinition {
  const fields = JSON.parse(row.fields) as FormField[];
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    // The Free Analysis core fields as the code has them (free-analysis.ts), with staff's labels.
    fields: systemFormOf(row.system_key)?.fields(fields) ?? fields,
    recipients: JSON.parse(row.recipients) as string[],
    successMessage: row.success_message,
    active: Boolean(row.active),
    systemKey: row.system_key,
    autoReply: autoReplyOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function publicForm(form: FormDefinition): PublicForm {
  return {
    consentVersion: consentShown(form)?.version ?? "",
    id: form.id,
    name: form.name,
    slug: form.slug,
    description: form.description,
    fields: form.fields,
    successMessage: form.successMessage,
    systemKey: form.systemKey,
  };
}

/** The seeded forms whose core fields the code keeps (server/forms/core-fields.ts), by system key. */
const SYSTEM_FORMS: Record<
  string,
  {
    defaults: FormDefinitionData;
    fields: (fields: readonly FormField[]) => FormField[];
    lock: (fields: FormField[]) => { fields: FormField[] } | { error: string };
  }
> = {
  [FREE_ANALYSIS_SYSTEM_KEY]: {
    defaults: FREE_ANALYSIS_DEFAULT,
    fields: freeAnalysisFields,
    lock: lockFreeAnalysisFields,
  },
  [PRIVACY_REQUEST_SYSTEM_KEY]: {
    defaults: PRIVACY_REQUEST_DEFAULT,
    fields: privacyRequestFields,
    lock: lockPrivacyRequestFields,
  },
};

const systemFormOf = (key: string | null) => (key ? SYSTEM_FORMS[key] : undefined);

const auditFrom = (actor: Actor) => ({
  actorId: actor.id,
  actorEmail: actor.email,
  ip: actor.ip ?? null,
  userAgent: actor.userAgent ?? null,
});

export interface FormSummary extends FormDefinition {
  unread: number;
  total: number;
  spam: number;
  lastSubmissionAt: string | null;
}

export async function listForms(db: DB): Promise<FormSummary[]> {
  const rows = await db.selectFrom("form_definitions").selectAll().orderBy("name").execute();
  const counts = await db
    .selectFrom("submissions")
    .select((eb) => [
      "form_id",
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("spam", "=", sql.lit(true)).then(1).else(0).end()).as("spam"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb("spam", "=", sql.lit(false)), eb("read_at", "is", null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("unread"),
      eb.fn.max("created_at").as("last"),
    ])
    .groupBy("form_id")
    .execute();
  const byForm = new Map(counts.map((c) => [c.form_id, c]));
  return rows.map((row) => {
    const c = byForm.get(row.id);
    return {
      ...toDefinition(row),
      total: Number(c?.total ?? 0),
      spam: Number(c?.spam ?? 0),
      unread: Number(c?.unread ?? 0),
      lastSubmissionAt: (c?.last as string | undefined) ?? null,
    };
  });
}

export async function getForm(db: DB, id: string): Promise<FormDefinition> {
  const row = await db.selectFrom("form_definitions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ServiceError("not_found", "This form does not exist (it may have been deleted).");
  return toDefinition(row);
}

/** The form for a public page: active ones only (undefined otherwise). */
export async function findActiveForm(db: DB, slug: string): Promise<FormDefinition | undefined> {
  const row = await db
    .selectFrom("form_definitions")
    .selectAll()
    .where("slug", "=", slug)
    .where("active", "=", sql.lit(true))
    .executeTakeFirst();
  return row ? toDefinition(row) : undefined;
}

export async function getFreeAnalysisForm(db: DB): Promise<FormDefinition> {
  const row = await db
    .selectFrom("form_definitions")
    .selectAll()
    .where("system_key", "=", FREE_ANALYSIS_SYSTEM_KEY)
    .executeTakeFirst();
  if (row) return toDefinition(row);
  await seedForms(db);
  return getFreeAnalysisForm(db);
}

function parseDefinition(input: unknown, system: string | null) {
  const data = parseInput(formDefinitionSchema, input);
  const systemForm = systemFormOf(system);
  if (systemForm) {
    const locked = systemForm.lock(data.fields);
    if ("error" in locked) throw new ServiceError("validation", locked.error, { fields: locked.error });
    data.fields = locked.fields;
    data.active = true;
  } else {
    data.fields = data.fields.map((f) => ({ ...f, locked: undefined }));
  }
  return data;
}

async function slugTaken(db: DB, slug: string, exceptId?: string) {
  let q = db.selectFrom("form_definitions").select("id").where("slug", "=", slug);
  if (exceptId) q = q.where("id", "!=", exceptId);
  return Boolean(await q.executeTakeFirst());
}

const SLUG_TAKEN = "Another form already uses this slug.";

/** Who may set where submissions are e-mailed (recipients.ts): the caller's "form-recipients" permission. */
export interface FormWriteRights {
  mayChangeRecipients: boolean;
}

export async function createForm(
  db: DB,
  actor: Actor,
  input: unknown,
  rights: FormWriteRights,
): Promise<FormDefinition> {
  const data = parseDefinition(input, null);
  assertMayChangeRecipients([], data.recipients, rights.mayChangeRecipients);
  if (await slugTaken(db, data.slug)) throw new ServiceError("conflict", SLUG_TAKEN, { slug: SLUG_TAKEN });
  const now = nowIso();
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("form_definitions")
      .values({
        id,
        slug: data.slug,
        name: data.name,
        description: data.description,
        fields: JSON.stringify(data.fields),
        recipients: JSON.stringify(data.recipients),
        success_message: data.successMessage,
        active: data.active,
        system_key: null,
        auto_reply: data.autoReply ? JSON.stringify(data.autoReply) : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeAudit(trx, {
      action: "form.created",
      ...auditFrom(actor),
      target: data.slug,
      details: { formId: id, name: data.name, fields: data.fields.length, recipients: data.recipients },
    });
    await recordConsentShown(trx, { id, fields: data.fields }, now);
    await bumpContentVersion(trx);
  });
  if (data.recipients.length)
    await mailAdminsRecipientsChanged(db, actor, { id, name: data.name }, [], data.recipients);
  return getForm(db, id);
}

export async function updateForm(
  db: DB,
  actor: Actor,
  id: string,
  input: unknown,
  rights: FormWriteRights,
): Promise<FormDefinition> {
  const before = await getForm(db, id);
  const data = parseDefinition(input, before.systemKey);
  assertMayChangeRecipients(before.recipients, data.recipients, rights.mayChangeRecipients);
  const recipientsMoved = recipientsChanged(before.recipients, data.recipients);
  if (await slugTaken(db, data.slug, id)) throw new ServiceError("conflict", SLUG_TAKEN, { slug: SLUG_TAKEN });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("form_definitions")
      .set({
        slug: data.slug,
        name: data.name,
        description: data.description,
        fields: JSON.stringify(data.fields),
        recipients: JSON.stringify(data.recipients),
        success_message: data.successMessage,
        active: data.active,
        // Left out of the body, the stored auto-reply is kept.
        ...(data.autoReply ? { auto_reply: JSON.stringify(data.autoReply) } : {}),
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    const keys = (fields: FormField[]) => fields.map((f) => f.key);
    await writeAudit(trx, {
      action: "form.updated",
      ...auditFrom(actor),
      target: data.slug,
      details: {
        formId: id,
        fieldsAdded: keys(data.fields).filter((k) => !keys(before.fields).includes(k)),
        fieldsRemoved: keys(before.fields).filter((k) => !keys(data.fields).includes(k)),
        active: data.active,
        ...(data.autoReply ? { autoReply: data.autoReply.enabled } : {}),
        ...(recipientsMoved ? { recipients: { before: before.recipients, after: data.recipients } } : {}),
      },
    });
    // The consent text as the page will show it (a system form's core fields as the code has them).
    const fields = systemFormOf(before.systemKey)?.fields(data.fields) ?? data.fields;
    await recordConsentShown(trx, { id, fields }, now);
    await bumpContentVersion(trx);
  });
  if (recipientsMoved)
    await mailAdminsRecipientsChanged(db, actor, { id, name: data.name }, before.recipients, data.recipients);
  return getForm(db, id);
}

/** Deletes a staff form that has no submissions (one with submissions is switched off instead). */
export async function deleteForm(db: DB, actor: Actor, id: string): Promise<void> {
  const form = await getForm(db, id);
  if (form.systemKey) throw new ServiceError("conflict", `The ${form.name} form is built in and cannot be deleted.`);
  const used = await db.selectFrom("submissions").select("id").where("form_id", "=", id).executeTakeFirst();
  if (used)
    throw new ServiceError(
      "conflict",
      "This form has submissions. Delete them first, or switch the form off so it takes no more.",
    );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("form_definitions").where("id", "=", id).execute();
    await trx.deleteFrom("form_consent_texts").where("form_id", "=", id).execute();
    await writeAudit(trx, { action: "form.deleted", ...auditFrom(actor), target: form.slug, details: { formId: id } });
    await bumpContentVersion(trx);
  });
}

/**
 * Seeds the system forms (Free Analysis, the privacy request), once each, then puts every form's
 * consent text as its page shows it on record (the forms from before migration 0090, a text the
 * code changed). Idempotent: a definition staff edited is left as it is.
 */
export async function seedForms(db: DB): Promise<void> {
  const now = nowIso();
  for (const [systemKey, form] of Object.entries(SYSTEM_FORMS)) {
    const d = form.defaults;
    const seeded = await db
      .selectFrom("form_definitions")
      .select("id")
      .where("system_key", "=", systemKey)
      .executeTakeFirst();
    if (seeded) continue;
    await db
      .insertInto("form_definitions")
      .values({
        id: crypto.randomUUID(),
        slug: d.slug,
        name: d.name,
        description: d.description,
        fields: JSON.stringify(d.fields),
        recipients: JSON.stringify(d.recipients),
        success_message: d.successMessage,
        active: true,
        system_key: systemKey,
        auto_reply: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const row of await db.selectFrom("form_definitions").selectAll().execute()) {
    const form = toDefinition(row);
    await db.transaction().execute((trx) => recordConsentShown(trx, form, now));
  }
}
