import { describe, expect, it } from "vitest";
import {
  checkStatement,
  detectStatementType,
  fileTypeOfMime,
  prefillFromSearch,
  sanitizeFilename,
  volumeRangeFor,
} from "./lead";
import { leadFormSchema, validateLeadForm } from "./lead-schema";
import { MAX_STATEMENT_BYTES } from "./limits";
import { CHECK_FIELDS_MESSAGE } from "./result";

function form(fields: Record<string, string | string[]>): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
  }
  return fd;
}

const valid = {
  name: "Dana Ruiz",
  businessName: "Ruiz Auto Care",
  email: "Dana@RuizAuto.com",
  phone: "(480) 555-0123",
  website: "ruizauto.com",
  monthlyVolume: "50k-100k",
  averageTicket: "$1,250.50",
  currentProcessor: "Square",
  paymentMethods: ["in-person", "online"],
  message: "We switched POS last year.",
  consent: "yes",
};

describe("lead form schema", () => {
  it("accepts a complete form and normalises the values", () => {
    const result = validateLeadForm(form(valid));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      name: "Dana Ruiz",
      email: "Dana@RuizAuto.com",
      website: "https://ruizauto.com",
      averageTicket: 1250.5,
      paymentMethods: ["in-person", "online"],
      source: "contact",
    });
  });

  it("treats the optional fields as optional", () => {
    const result = validateLeadForm(
      form({ ...valid, website: "", averageTicket: "", currentProcessor: "", message: "   " }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.website).toBeUndefined();
    expect(result.data.averageTicket).toBeUndefined();
    expect(result.data.currentProcessor).toBeUndefined();
    expect(result.data.message).toBeUndefined();
  });

  it("names each missing required field with a readable message", () => {
    const result = validateLeadForm(form({}));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.formError).toBe(CHECK_FIELDS_MESSAGE);
    expect(result.fieldErrors).toEqual({
      name: "Please enter your name.",
      businessName: "Please enter your business name.",
      email: "Please enter your e-mail address.",
      phone: "Please enter your phone number.",
      monthlyVolume: "Please choose your monthly card volume.",
      paymentMethods: "Please choose at least one way you take payments.",
      consent: "Please agree to be contacted so we can send you your analysis.",
    });
  });

  it("rejects malformed values with specific messages", () => {
    const result = validateLeadForm(
      form({
        ...valid,
        email: "not-an-email",
        phone: "555-01",
        website: "javascript:alert(1)",
        monthlyVolume: "a-lot",
        averageTicket: "forty",
        paymentMethods: ["carrier-pigeon"],
        consent: "no",
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors?.email).toMatch(/valid e-mail/);
    expect(result.fieldErrors?.phone).toMatch(/area code/);
    expect(result.fieldErrors?.website).toMatch(/web address/);
    expect(result.fieldErrors?.monthlyVolume).toMatch(/monthly card volume/);
    expect(result.fieldErrors?.averageTicket).toMatch(/must be a number/);
    expect(result.fieldErrors?.paymentMethods).toMatch(/listed ways/);
    expect(result.fieldErrors?.consent).toMatch(/agree to be contacted/);
  });

  it("enforces a maximum length on every text field", () => {
    const long = "x".repeat(5000);
    const result = validateLeadForm(
      form({
        ...valid,
        name: long,
        businessName: long,
        email: `${long}@a.com`,
        phone: "1".repeat(40),
        website: `${long}.com`,
        currentProcessor: long,
        message: long,
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(
      ["businessName", "currentProcessor", "email", "message", "name", "phone", "website"].sort(),
    );
    expect(result.fieldErrors?.message).toBe("Message must be 2,000 characters or fewer.");
    expect(result.fieldErrors?.name).toBe("Name must be 100 characters or fewer.");
  });

  it("ignores a forged source and bad calculator figures instead of failing the visitor", () => {
    const parsed = leadFormSchema.parse({
      ...valid,
      paymentMethods: ["mobile", "mobile"],
      source: "admin",
      calcVolume: "-5",
      calcTransactions: "1200",
    });
    expect(parsed.source).toBe("contact");
    expect(parsed.calcVolume).toBeUndefined();
    expect(parsed.calcTransactions).toBe(1200);
    expect(parsed.paymentMethods).toEqual(["mobile"]);
  });
});

describe("statement checks by content", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it("recognises PDF, PNG and JPEG by their magic bytes", () => {
    expect(detectStatementType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    expect(detectStatementType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(detectStatementType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
  });

  it("rejects other content whatever it is called", () => {
    expect(detectStatementType(bytes(0x4d, 0x5a, 0x90, 0x00))).toBeUndefined(); // MZ: a Windows .exe
    expect(detectStatementType(new TextEncoder().encode("PDF-1.7"))).toBeUndefined();
    expect(detectStatementType(bytes(0x89, 0x50, 0x4e))).toBeUndefined(); // truncated PNG signature
    expect(detectStatementType(bytes())).toBeUndefined();
    expect(checkStatement(100, bytes(0x4d, 0x5a))).toEqual({ error: expect.stringMatching(/PDF, PNG or JPEG/) });
  });

  it("limits the size to 10 MB and refuses empty files", () => {
    const pdf = new TextEncoder().encode("%PDF-");
    expect(checkStatement(MAX_STATEMENT_BYTES, pdf)).toEqual({ type: "pdf" });
    expect(checkStatement(MAX_STATEMENT_BYTES + 1, pdf)).toEqual({ error: expect.stringMatching(/10 MB/) });
    expect(checkStatement(0, pdf)).toEqual({ error: expect.stringMatching(/empty/) });
  });

  it("sanitises file names for storage and display", () => {
    expect(sanitizeFilename("C:\\Users\\dana\\March statement.pdf", "pdf")).toBe("March statement.pdf");
    expect(sanitizeFilename("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(sanitizeFilename("a\u0000b<>.pdf", "pdf")).toBe("ab.pdf");
    expect(sanitizeFilename("...", "pdf", "statement")).toBe("statement.pdf");
    expect(sanitizeFilename("", "png")).toBe("file.png");
    const long = sanitizeFilename(`${"n".repeat(300)}.pdf`, "pdf");
    expect(long).toHaveLength(150);
    expect(long.endsWith(".pdf")).toBe(true);
    expect(Array.from(sanitizeFilename("😀".repeat(200), "jpeg")).length).toBe(150);
  });

  it("ends every name with the extension of the detected type, never the visitor's", () => {
    expect(sanitizeFilename("October statement.pdf.bat", "pdf")).toBe("October statement.pdf");
    expect(sanitizeFilename("October statement.pdf.html", "pdf")).toBe("October statement.pdf");
    expect(sanitizeFilename("poly2.html", "png")).toBe("poly2.png");
    expect(sanitizeFilename("photo.JPEG", "jpeg")).toBe("photo.jpg");
    expect(sanitizeFilename("scan.png", "jpeg")).toBe("scan.jpg");
    expect(sanitizeFilename("statement", "pdf")).toBe("statement.pdf");
    expect(sanitizeFilename("run.bat ", "pdf")).toBe("run.pdf");
    expect(sanitizeFilename(".htaccess", "png")).toBe("file.png");
    // One dot: the one before the extension.
    expect(sanitizeFilename("a.b..c....exe.pdf", "pdf")).toBe("a_b__c____exe.pdf");
    expect(sanitizeFilename("invoice.exe  .pdf", "pdf")).toBe("invoice_exe.pdf");
  });

  it("strips bidirectional controls that would disguise the extension", () => {
    // "invoice\u202Efdp.exe" displays as "invoiceexe.pdf".
    expect(sanitizeFilename("invoice\u202Efdp.exe", "pdf")).toBe("invoicefdp.pdf");
    for (const c of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"])
      expect(sanitizeFilename(`a${c}b.pdf`, "pdf")).toBe("ab.pdf");
    expect(sanitizeFilename("Zoë\u0085 Ångström.png", "png")).toBe("Zoë Ångström.png");
  });

  it("maps stored MIME types back to the detected type", () => {
    expect(fileTypeOfMime("application/pdf")).toBe("pdf");
    expect(fileTypeOfMime("IMAGE/JPEG")).toBe("jpeg");
    expect(fileTypeOfMime("text/html")).toBeUndefined();
  });
});

describe("pre-fill from the savings calculator", () => {
  it("chooses the volume range, computes the average ticket and adds the figures to the message", () => {
    const prefill = prefillFromSearch(new URLSearchParams("from=calculator&volume=42000&transactions=800&fees=1180"));
    expect(prefill.source).toBe("calculator");
    expect(prefill.calculator).toEqual({ volume: 42000, transactions: 800, fees: 1180 });
    expect(prefill.values.monthlyVolume).toBe("10k-50k");
    expect(prefill.values.averageTicket).toBe("52.50");
    expect(prefill.values.message).toBe(
      "From the savings calculator: $42,000 monthly card volume, 800 transactions a month, $1,180 in monthly processing fees.",
    );
  });

  it("ignores nonsense figures and plain visits", () => {
    const prefill = prefillFromSearch(new URLSearchParams("from=calculator&volume=abc&transactions=-3"));
    expect(prefill.values.monthlyVolume).toBeUndefined();
    expect(prefill.values.averageTicket).toBeUndefined();
    expect(prefillFromSearch(new URLSearchParams("volume=5000"))).toEqual({ source: "contact", values: {} });
  });

  it("asks for a call with ?topic=call", () => {
    expect(prefillFromSearch(new URLSearchParams("topic=call")).values.message).toMatch(/^Please call me/);
  });

  it("maps amounts to ranges at the boundaries", () => {
    expect(volumeRangeFor(9_999)).toBe("under-10k");
    expect(volumeRangeFor(10_000)).toBe("10k-50k");
    expect(volumeRangeFor(250_000)).toBe("250k-plus");
  });
});
