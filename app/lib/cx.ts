import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names without tailwind-merge, for the public site (decision 0009: tailwind-merge
 * is 8.5 KB gz of first-load JS). Callers must not pass conflicting utilities (two values for
 * the same property): add a variant instead, or use a responsive prefix that wins by CSS order.
 * The admin area keeps `cn()` from `~/lib/utils`.
 */
export function cx(...inputs: ClassValue[]) {
  return clsx(inputs);
}
