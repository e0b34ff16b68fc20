import { ChevronDown } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

export interface AccordionItem {
  /** Stable key; also the item's element id when `itemIds` is set (deep links). */
  value: string;
  question: ReactNode;
  answer: ReactNode;
}

interface AccordionProps {
  items: AccordionItem[];
  /** Several answers open at once (default: one at a time, and it can be closed again). */
  multiple?: boolean;
  /** Give each item the element id `value`: a `#value` link opens it (app/enhance/accordion.ts). */
  itemIds?: boolean;
  className?: string;
  itemClassName?: string;
  triggerClassName?: string;
  panelClassName?: string;
}

/**
 * The WAI-ARIA APG accordion, markup only: every answer starts closed, and
 * `app/enhance/accordion.ts` opens and closes them (decision 0037). Each question is a button in
 * a heading, with `aria-expanded` and `aria-controls` naming its answer, a region labelled by the
 * button. Enter/Space toggle (native button), ArrowDown/ArrowUp move between questions (wrapping),
 * Home/End go to the first/last. Closed answers stay in the HTML with `hidden`, so search engines
 * and find-in-page after opening still have them.
 */
export function Accordion({
  items,
  multiple = false,
  itemIds = false,
  className,
  itemClassName,
  triggerClassName,
  panelClassName,
}: AccordionProps) {
  const baseId = useId();
  return (
    <div {...dataProps(dataAttr.accordion, multiple ? "multiple" : "single")} className={className}>
      {/* Without JavaScript the questions cannot open their answers, so every answer is shown (in
          Tailwind's base layer, where the `[hidden]` rule it must outweigh lives). */}
      <noscript>
        <style>{"@layer base{[data-accordion] [role=region][hidden]{display:block!important}}"}</style>
      </noscript>
      {items.map((item, index) => {
        const triggerId = `${baseId}-t${index}`;
        const panelId = `${baseId}-p${index}`;
        return (
          <div
            key={item.value}
            id={itemIds ? item.value : undefined}
            {...dataProps(dataAttr.accordionItem)}
            {...dataProps(dataAttr.state, "closed")}
            className={itemClassName}
          >
            <h3 className="m-0">
              <button
                type="button"
                id={triggerId}
                {...dataProps(dataAttr.accordionTrigger)}
                aria-expanded={false}
                aria-controls={panelId}
                {...dataProps(dataAttr.state, "closed")}
                className={cn(
                  "group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50",
                  triggerClassName,
                )}
              >
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                  aria-hidden
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={triggerId}
              hidden
              className={cn("px-5 pb-5", panelClassName)}
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
