import { createContext, RouterContextProvider } from "react-router";

/** What the Express layer knows about a request and hands to loaders and actions. */
export interface RequestInfo {
  requestId: string;
  nonce: string;
  clientIp: string;
  /** Ends the connection after this answer (a refused body is then never read to its end). */
  closeConnection?: () => void;
}

export const requestInfoContext = createContext<RequestInfo>();

export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}
