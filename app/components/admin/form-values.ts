import type { SchemaParser } from "@common/result";

/**
 * Adapts a shared schema to what a form posts: checkboxes as booleans (present = true) and
 * one-per-line textareas as lists. The result still parses with the schema the API uses.
 */
export function formSchema<T>(
  schema: SchemaParser<T>,
  fields: { checkboxes?: string[]; lines?: string[]; numbers?: string[] },
): SchemaParser<T> {
  return {
    safeParse(input: unknown) {
      const values = { ...(input as Record<string, unknown>) };
      for (const name of fields.checkboxes ?? []) values[name] = values[name] === "on" || values[name] === "true";
      for (const name of fields.lines ?? [])
        values[name] = String(values[name] ?? "")
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
      for (const name of fields.numbers ?? [])
        if (typeof values[name] === "string" && values[name] !== "") values[name] = Number(values[name]);
      return schema.safeParse(values);
    },
  };
}
