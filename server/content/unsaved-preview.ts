import { createContext, data, type RouterContextProvider } from "react-router";
import { ServiceError } from "@common/result";
import { ADMIN_JSON_LIMIT, actionForm } from "../http/body";

/*
 * The staff preview of unsaved changes. The editor posts its current values (one field,
 * `values`: the JSON the editor would save, as multipart form data) to the item's preview
 * address in a new tab. The preview route's action reads them into this request's context;
 * its loader, which React Router runs right after in the same request, renders the item
 * with them through the public page's components. Nothing is stored: the public page, the
 * item and its history stay as they were. The route is staff-only, no-store and noindex
 * like every preview.
 */

/** The editor's unsaved values for this request's preview (null: show the saved item). */
export const unsavedChangesContext = createContext<object | null>(null);

const UNREADABLE = "The preview needs the editor's values. Go back to the editor and press Preview changes again.";

/** For the preview routes' action: reads the posted values into the request's context. */
export async function readUnsavedChanges(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<null> {
  // As large as a save may be (the admin API's JSON limit).
  const form = await actionForm(args, { limit: ADMIN_JSON_LIMIT });
  const raw = form.get("values");
  let values: unknown;
  try {
    values = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    values = undefined;
  }
  if (!values || typeof values !== "object" || Array.isArray(values)) throw data(UNREADABLE, { status: 400 });
  args.context.set(unsavedChangesContext, values);
  return null;
}

/** Runs the preview's work; values the shared schema refuses become a 400 page that lists why. */
export async function previewOrRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ServiceError) || err.code !== "validation") throw err;
    const reasons = err.fields ? Object.values(err.fields).join(" ") : "";
    throw data(`These changes cannot be previewed yet: ${reasons || err.message}`, { status: 400 });
  }
}
