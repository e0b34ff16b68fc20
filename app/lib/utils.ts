import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names (clsx), a later Tailwind utility replacing an earlier one for the same
 * property (tailwind-merge). The one class helper of the app, public components included: they
 * are rendered on the server only (decision 0037), so tailwind-merge is not in any public page's
 * JavaScript. Prefer a variant to an override where a component has one (decision 0009).
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
