import * as z from "zod/mini";
import { INDUSTRY_LIMITS as L } from "./limits";
import { slugSchema } from "./slug";
import { requiredText, sortOrder } from "./text";

/** An industry page (/industries/:slug) as staff or the seed write it. */
const list = (label: string) =>
  z._default(
    z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, `Remove the empty ${label}.`),
            z.maxLength(L.listItem, `Each ${label} must be ${L.listItem} characters or fewer.`),
          ),
      )
      .check(z.maxLength(L.listItems, `Use at most ${L.listItems} ${label}s.`)),
    [],
  );

export const industryInputSchema = z.object({
  slug: slugSchema(L.slug),
  name: requiredText("a name", L.name),
  summary: requiredText("a summary", L.summary),
  body: requiredText("the body", L.body),
  needs: list("need"),
  recommendedSetup: list("setup item"),
  sortOrder: sortOrder(L.sortOrder),
  published: z._default(z.boolean(), true),
});

export type IndustryInput = z.input<typeof industryInputSchema>;

/** The industry editor's as-you-type slug check (`?slug=&id=`): the slug, and the industry being edited. */
export const industrySlugCheckSchema = z.object({
  slug: slugSchema(L.slug),
  id: z.optional(z.string({ error: "Send the industry's id as text." }).check(z.maxLength(64, "Unknown industry id."))),
});
