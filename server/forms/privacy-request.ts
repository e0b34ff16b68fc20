import { PRIVACY_REQUEST_CHOICES, PRIVACY_REQUEST_SLUG, type FormDefinitionData, type FormField } from "@common/forms";
import { applyCoreFields, lockCoreFields } from "./core-fields";

/**
 * The privacy-request form (/forms/privacy-request; decision 0050), seeded like Free Analysis
 * and posted through the same pipeline. Its core fields are locked (the requester's e-mail and
 * the kind of request are what server/privacy reads); staff may reword them and add optional
 * fields. It makes no contact: server/privacy registers it as outside the sales side.
 */
export const PRIVACY_REQUEST_CORE_FIELDS: FormField[] = [
  { key: "name", type: "text", label: "Your name", help: null, required: true, options: [], contact: "name" },
  {
    key: "email",
    type: "email",
    label: "E-mail",
    help: "The address you used with us. We send a link there to confirm the request is yours.",
    required: true,
    options: [],
    contact: "email",
  },
  {
    key: "request",
    type: "select",
    label: "What would you like us to do?",
    help: null,
    required: true,
    options: [PRIVACY_REQUEST_CHOICES.access, PRIVACY_REQUEST_CHOICES.delete],
  },
  {
    key: "details",
    type: "textarea",
    label: "Anything that helps us find your data",
    help: "For example, your business name. Optional.",
    required: false,
    options: [],
  },
].map((f) => ({ ...(f as FormField), locked: true }));

export const PRIVACY_REQUEST_DEFAULT: FormDefinitionData = {
  name: "Privacy request",
  slug: PRIVACY_REQUEST_SLUG,
  description:
    "Ask for a copy of the information we hold about you, or for its deletion. We confirm the request by e-mail first, then answer within 45 days.",
  fields: PRIVACY_REQUEST_CORE_FIELDS,
  recipients: [],
  successMessage:
    "Thank you. We have sent you an e-mail with a link: open it within 3 days to confirm the request is yours.",
  active: true,
};

export function privacyRequestFields(fields: readonly FormField[]): FormField[] {
  return applyCoreFields(PRIVACY_REQUEST_CORE_FIELDS, fields);
}

export function lockPrivacyRequestFields(fields: FormField[]) {
  return lockCoreFields("Privacy request", PRIVACY_REQUEST_CORE_FIELDS, fields);
}
