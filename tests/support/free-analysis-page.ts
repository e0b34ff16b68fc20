import type { Page } from "playwright-core";

export interface Visitor {
  name: string;
  business: string;
  email: string;
  phone: string;
}

/**
 * Fills in a Free Analysis form on the open page as a visitor would: who they are, a volume of
 * $10,000 – $50,000 a month, taking payments in person. Consent, a statement and sending are
 * left to the test.
 */
export async function fillFreeAnalysis(page: Page, visitor: Visitor): Promise<void> {
  await page.getByLabel(/^Your name/).fill(visitor.name);
  await page.getByLabel(/^Business name/).fill(visitor.business);
  await page.getByLabel(/^E-mail/).fill(visitor.email);
  await page.getByLabel(/^Phone/).fill(visitor.phone);
  await page.getByLabel(/^Monthly card volume/).selectOption({ label: "$10,000 – $50,000" });
  await page.getByLabel(/^In person \(card terminal or POS\)/).check();
}
