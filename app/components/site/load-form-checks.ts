/** Loads the public forms' checks (form-checks.ts) once; call it early to have them ready. */
export const loadFormChecks = () => import("./form-checks");
