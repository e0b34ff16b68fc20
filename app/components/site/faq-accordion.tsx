import type { ReactNode } from "react";
import { Accordion } from "./accordion";

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/**
 * Questions that open one at a time (the APG accordion in `./accordion`, made to work by
 * `app/enhance/accordion.ts`: buttons with aria-expanded and aria-controls, arrow keys between
 * questions). Closed answers stay in the HTML, hidden, so search engines still get them.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion
      items={items.map((item, index) => ({ value: `faq-${index}`, question: item.question, answer: item.answer }))}
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
      triggerClassName="rounded-xl"
      panelClassName="leading-7 text-slate-600"
    />
  );
}
