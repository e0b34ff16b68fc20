import { z } from "zod";
import { INDUSTRY_LIMITS as L } from "./limits";
import { slugSchema } from "./slug";
import { requiredText, sortOrder } from "./text";

/** An industry page (/industries/:slug) as staff or the seed write it. */
const list = (label: string) =>
  z
    .array(z.string().trim().min(1, `Remove the empty ${label}.`).max(L.listItem))
    .max(L.listItems, `Use at most ${L.listItems} ${label}s.`)
    .default([]);

export const industryInputSchema = z.object({
  slug: slugSchema(L.slug),
  name: requiredText("a name", L.name),
  summary: requiredText("a summary", L.summary),
  body: requiredText("the body", L.body),
  needs: list("need"),
  recommendedSetup: list("setup item"),
  sortOrder: sortOrder(L.sortOrder),
  published: z.boolean().default(true),
});

export type IndustryInput = z.input<typeof industryInputSchema>;
