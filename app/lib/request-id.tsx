import { createContext, useContext, useState, type ReactNode } from "react";

/**
 * The request id of a server-rendered error page (5xx only, so no cached page ever carries
 * one). The error page shows it and puts it in a meta tag, from which the browser reads it
 * again when it hydrates the same page.
 */
const RequestIdContext = createContext<string>("");

export const REQUEST_ID_META = "meritum-request-id";

export function RequestIdProvider({ value, children }: { value: string; children: ReactNode }) {
  return <RequestIdContext.Provider value={value}>{children}</RequestIdContext.Provider>;
}

export function useErrorRequestId(): string {
  const fromServer = useContext(RequestIdContext);
  const [fromPage] = useState(() =>
    typeof document === "undefined"
      ? ""
      : (document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_ID_META}"]`)?.content ?? ""),
  );
  return fromServer || fromPage;
}
