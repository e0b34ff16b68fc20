import * as z from "zod/mini";
import { IMAGE_LIMITS } from "./limits";
import { requiredText } from "./text";

/** The alt-text rule: required, every image on the site is described (URLs are in `./media`). */
export const imageAltSchema = z.object({
  alt: requiredText("a description of the image (alt text)", IMAGE_LIMITS.alt, {
    missing: "Describe the image for people who cannot see it (alt text).",
  }),
});
export type ImageAltInput = z.input<typeof imageAltSchema>;

/** Deleting an image: `?force=1` deletes it even where it is still used (the screen's "Delete anyway"). */
export const imageDeleteQuerySchema = z.object({
  force: z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => value === "1"),
    ),
    false,
  ),
});
