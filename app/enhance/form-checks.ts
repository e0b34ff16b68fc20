/**
 * The public forms' checks in the browser before sending. They carry the schema library
 * (zod/mini), so app/enhance/forms.ts loads this module on demand with `loadFormChecks()`:
 * when the visitor first moves into the form, or at the latest on submit, not with the page
 * (decision 0009). The server runs the same checks on every post.
 */
export { validateLeadForm } from "@common/lead-schema";
export { formDataReader, validateAnswers } from "@common/forms";
