import type { FormField } from "@common/forms";

/**
 * A seeded system form's core fields (Free Analysis, the privacy request): the code's key,
 * type, required flag, options and contact mapping always apply, staff's label and help text
 * are kept, and staff's own fields come after, optional and feeding no contact detail.
 */
export function applyCoreFields(core: readonly FormField[], fields: readonly FormField[]): FormField[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const coreKeys = core.map((f) => f.key);
  const kept = core.map((f) => {
    const staff = byKey.get(f.key);
    return staff ? { ...f, label: staff.label, help: staff.help } : f;
  });
  const extras = fields
    .filter((f) => !coreKeys.includes(f.key))
    .map((f) => ({ ...f, required: false, contact: null, locked: undefined }));
  return [...kept, ...extras];
}

/** Staff's save of a system form's fields made safe, or an error sentence when a core field was removed. */
export function lockCoreFields(
  formName: string,
  core: readonly FormField[],
  fields: FormField[],
): { fields: FormField[] } | { error: string } {
  const keys = new Set(fields.map((f) => f.key));
  const missing = core.filter((f) => !keys.has(f.key));
  if (missing.length)
    return {
      error: `The ${formName} form's core fields cannot be removed (missing: ${missing.map((f) => f.label).join(", ")}).`,
    };
  return { fields: applyCoreFields(core, fields) };
}
