import { createContext } from "react-router";
import type { AuthSession } from "./auth";

/** The request's session, resolved once by the Express layer (server/auth/express.ts). */
export const sessionContext = createContext<AuthSession | null>(null);
