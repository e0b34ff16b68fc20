import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox";
import { Field, FieldSet } from "./field";
import { Input } from "./input";
import { Select } from "./select";
import { Textarea } from "./textarea";

const attrs = (html: string, tag: string) => {
  const match = html.match(new RegExp(`<${tag}\\b[^>]*>`));
  if (!match) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries(
    [...match[0].matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].slice(1).map((m) => [m[1], m[2] ?? ""]),
  );
};

describe("Field", () => {
  it("labels its control and wires the hint and the error through aria-describedby", () => {
    const html = renderToStaticMarkup(
      <Field
        id="invite-email"
        label="E-mail"
        hint="Their work address."
        error="Please enter a valid e-mail address."
        required
      >
        <Input name="email" type="email" />
      </Field>,
    );
    const input = attrs(html, "input");
    expect(attrs(html, "label").for).toBe("invite-email");
    expect(input.id).toBe("invite-email");
    expect(input["aria-describedby"]).toBe("invite-email-hint invite-email-error");
    expect(input["aria-invalid"]).toBe("true");
    expect(input.required).toBe("");
    expect(html).toContain('id="invite-email-hint"');
    expect(html).toMatch(/id="invite-email-error"[^>]*>.*Please enter a valid e-mail address\./);
  });

  it("leaves out what is not there: no error, no hint, no aria-invalid", () => {
    const html = renderToStaticMarkup(
      <Field id="name" label="Name">
        <Input name="name" />
      </Field>,
    );
    const input = attrs(html, "input");
    expect(input["aria-describedby"]).toBeUndefined();
    expect(input["aria-invalid"]).toBeUndefined();
    expect(input.required).toBeUndefined();
    expect(html).not.toContain("-error");
  });

  it("generates an id when none is given, and the control's own props win", () => {
    const html = renderToStaticMarkup(
      <Field label="Notes" error="Too long.">
        <Textarea name="notes" aria-describedby="counter" />
      </Field>,
    );
    const textarea = attrs(html, "textarea");
    expect(textarea.id).toMatch(/^field[A-Za-z0-9_-]+$/);
    expect(attrs(html, "label").for).toBe(textarea.id);
    expect(textarea["aria-describedby"]).toBe(`${textarea.id}-error counter`);
  });

  it("marks required and optional fields in the label (the asterisk hidden from screen readers)", () => {
    expect(
      renderToStaticMarkup(
        <Field label="Phone" mark="required">
          <Input name="phone" />
        </Field>,
      ),
    ).toContain('<span aria-hidden="true"> *</span>');
    expect(
      renderToStaticMarkup(
        <Field label="Website" mark="optional">
          <Select name="website" />
        </Field>,
      ),
    ).toContain("(optional)");
  });

  it("puts a single checkbox before its label in the horizontal orientation", () => {
    const html = renderToStaticMarkup(
      <Field id="consent" label="I agree" orientation="horizontal" error="Please agree.">
        <Checkbox name="consent" value="yes" />
      </Field>,
    );
    expect(html.indexOf("<input")).toBeLessThan(html.indexOf("<label"));
    expect(attrs(html, "input")["aria-describedby"]).toBe("consent-error");
  });
});

describe("FieldSet", () => {
  it("describes the group by its hint and error", () => {
    const html = renderToStaticMarkup(
      <FieldSet id="methods" legend="How do you take payments?" hint="Choose all that apply." error="Choose one.">
        <Checkbox name="m" value="a" />
      </FieldSet>,
    );
    expect(attrs(html, "fieldset")["aria-describedby"]).toBe("methods-hint methods-error");
    expect(html).toContain("<legend");
  });
});
