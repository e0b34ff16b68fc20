/**
 * Loads the public forms' checks (form-checks.ts) once; call it early to have them ready.
 * Null when they cannot be loaded (for example, a deploy replaced the file since the page was
 * opened): the form is then sent without the browser's check, and the server's check answers.
 */
export const loadFormChecks = () => import("./form-checks").catch(() => null);
