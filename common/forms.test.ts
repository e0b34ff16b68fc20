import { describe, expect, it } from "vitest";
import { answerText, fieldKeyFor, formDefinitionSchema, validateAnswers, type FormField } from "./forms";

const field = (f: Partial<FormField> & Pick<FormField, "key" | "type">): FormField => ({
  label: f.key,
  help: null,
  required: false,
  options: [],
  ...f,
});

describe("form definitions", () => {
  const base = {
    name: "Partner enquiry",
    slug: "partners",
    successMessage: "Thanks.",
    fields: [{ key: "email", type: "email", label: "E-mail", required: true }],
  };

  it("accepts a minimal form and fills the defaults", () => {
    const parsed = formDefinitionSchema.safeParse(base);
    expect(parsed.success).toBe(true);
    if (parsed.success)
      expect(parsed.data).toMatchObject({ active: true, recipients: [], description: null, fields: [{ options: [] }] });
  });

  it("lower-cases recipients and refuses bad ones", () => {
    const ok = formDefinitionSchema.safeParse({ ...base, recipients: [" Sales@Meritum.com "] });
    expect(ok.success && ok.data.recipients).toEqual(["sales@meritum.com"]);
    expect(formDefinitionSchema.safeParse({ ...base, recipients: ["nope"] }).success).toBe(false);
  });

  it("needs a required e-mail field, options on choices only, unique keys and one field per contact detail", () => {
    const issues = (input: unknown) => {
      const r = formDefinitionSchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(issues({ ...base, fields: [{ key: "name", type: "text", label: "Name" }] })).toEqual([
      expect.stringContaining("fields: Every form needs a required e-mail field"),
    ]);
    expect(
      issues({
        ...base,
        fields: [
          ...base.fields,
          { key: "size", type: "text", label: "Size", options: ["S"] },
          { key: "pick", type: "multiselect", label: "Pick", options: ["A", "A"] },
          { key: "n1", type: "text", label: "N1", contact: "name" },
          { key: "n2", type: "text", label: "N2", contact: "name" },
          { key: "mail2", type: "text", label: "Mail 2", contact: "email" },
        ],
      }),
    ).toEqual([
      "fields.1.options: Only drop-downs and check boxes have options.",
      "fields.2.options: Each option once only.",
      "fields.5.contact: The contact's e-mail must come from an e-mail field.",
      "fields: Each contact detail can come from one field only.",
    ]);
  });

  it("lets a field feed a lead profile entry of a fitting kind (the definition's mapping)", () => {
    const parsed = formDefinitionSchema.safeParse({
      ...base,
      fields: [
        ...base.fields,
        { key: "volume", type: "select", label: "Volume", options: ["Under $10,000"], contact: "monthlyVolume" },
        { key: "ticket", type: "number", label: "Ticket", contact: "averageTicketCents" },
        {
          key: "ways",
          type: "multiselect",
          label: "Ways",
          options: ["Online (website or invoices)"],
          contact: "paymentMethods",
        },
      ],
    });
    expect(parsed.success).toBe(true);
    const wrong = formDefinitionSchema.safeParse({
      ...base,
      fields: [...base.fields, { key: "ticket", type: "text", label: "Ticket", contact: "averageTicketCents" }],
    });
    expect(wrong.success ? [] : wrong.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "fields.1.contact: The lead profile's “Average sale (ticket)” comes from number fields.",
    ]);
  });

  it("makes camelCase keys from labels, unique and never reserved", () => {
    expect(fieldKeyFor("How did you hear about us?", [])).toBe("howDidYouHearAboutUs");
    expect(fieldKeyFor("Company", ["company"])).toBe("company2");
    expect(fieldKeyFor("2nd phone", [])).toBe("field2ndPhone");
    expect(fieldKeyFor("Café size", [])).toBe("cafeSize");
    expect(fieldKeyFor("Source", [])).toBe("sourceField");
  });
});

describe("answers against a definition", () => {
  const fields = [
    field({ key: "email", type: "email", required: true, label: "E-mail" }),
    field({ key: "qty", type: "number", label: "Quantity" }),
    field({ key: "plan", type: "select", options: ["Basic", "Pro"], required: true, label: "Plan" }),
    field({ key: "ways", type: "multiselect", options: ["Web", "Store"], label: "Ways" }),
    field({ key: "news", type: "checkbox", label: "News" }),
    field({ key: "ok", type: "consent", required: true, label: "I agree." }),
    field({ key: "doc", type: "file", label: "Document" }),
  ];
  const read = (values: Record<string, string | string[]>) => (key: string) => values[key];

  it("returns typed answers in field order", () => {
    const result = validateAnswers(
      fields,
      read({ email: " A@B.co ", qty: "1,200", plan: "Pro", ways: ["Web", "Web"], news: "yes", ok: "yes" }),
    );
    expect(result).toEqual({
      ok: true,
      answers: [
        { key: "email", label: "E-mail", type: "email", value: "a@b.co" },
        { key: "qty", label: "Quantity", type: "number", value: 1200 },
        { key: "plan", label: "Plan", type: "select", value: "Pro" },
        { key: "ways", label: "Ways", type: "multiselect", value: ["Web"] },
        { key: "news", label: "News", type: "checkbox", value: true },
        { key: "ok", label: "I agree.", type: "consent", value: true },
      ],
    });
  });

  it("names each field in error", () => {
    const result = validateAnswers(fields, read({ email: "nope", qty: "ten", plan: "Gold", ways: ["Fax"] }));
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        email: expect.stringContaining("valid e-mail address"),
        qty: "“Quantity” must be a number, e.g. 42.",
        plan: "Please choose an option for “Plan”.",
        ways: "Please choose from the listed options for “Ways”.",
        ok: "Please agree: “I agree”.",
      },
    });
  });

  it("writes answers as text", () => {
    expect(answerText({ type: "multiselect", value: ["A", "B"] })).toBe("A; B");
    expect(answerText({ type: "checkbox", value: false })).toBe("No");
    expect(
      answerText({ type: "file", value: { fileId: "x", filename: "a.pdf", size: 1, mimeType: "application/pdf" } }),
    ).toBe("a.pdf");
    expect(answerText({ type: "text", value: null })).toBe("");
  });
});
