import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "@common/settings";

/** What the root loader gives every page: the settings store and derived values. */
export interface RootData {
  settings: SiteSettings;
  owner: { firstName: string; name: string; path: string };
  /** The uploaded share image chosen in the settings (null: the built-in /og-default.png). */
  shareImagePath: string | null;
  siteUrl: string;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useRootData used outside the root route");
  return data;
}

/** The tel: href of a display phone number, e.g. "(800) 431-9848" → "tel:+18004319848". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? "1" + digits : digits}`;
}
