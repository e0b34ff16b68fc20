import { ChevronDown } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "~/lib/cx";

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
  /** Controlled open values; leave out to let the accordion keep its own state. */
  open?: string[];
  onOpenChange?: (open: string[]) => void;
  /** Give each item the element id `value` (for `#value` links). */
  itemIds?: boolean;
  className?: string;
  itemClassName?: string;
  triggerClassName?: string;
  panelClassName?: string;
}

const TRIGGER = "data-accordion-trigger";

/**
 * The WAI-ARIA APG accordion, hand-written instead of Radix Accordion (decision 0009: about
 * 8 KB gz and several script requests less on the pages that show one). Each question is a
 * button in a heading, with `aria-expanded` and `aria-controls` naming its answer, a region
 * labelled by the button. Enter/Space toggle (native button), ArrowDown/ArrowUp move between
 * questions (wrapping), Home/End go to the first/last. Closed answers stay in the HTML with
 * `hidden`, so search engines and find-in-page after opening still have them.
 */
export function Accordion({
  items,
  multiple = false,
  open: controlled,
  onOpenChange,
  itemIds = false,
  className,
  itemClassName,
  triggerClassName,
  panelClassName,
}: AccordionProps) {
  const baseId = useId();
  const [own, setOwn] = useState<string[]>([]);
  const open = controlled ?? own;
  const root = useRef<HTMLDivElement>(null);

  function toggle(value: string) {
    const isOpen = open.includes(value);
    const next = isOpen ? open.filter((v) => v !== value) : multiple ? [...open, value] : [value];
    if (controlled === undefined) setOwn(next);
    onOpenChange?.(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const triggers = [...(root.current?.querySelectorAll<HTMLButtonElement>(`[${TRIGGER}]`) ?? [])];
    const index = triggers.indexOf(event.currentTarget);
    const last = triggers.length - 1;
    const next =
      event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    triggers[next]?.focus();
  }

  return (
    <div ref={root} className={className}>
      {items.map((item, index) => {
        const isOpen = open.includes(item.value);
        const state = isOpen ? "open" : "closed";
        const triggerId = `${baseId}-t${index}`;
        const panelId = `${baseId}-p${index}`;
        return (
          <div key={item.value} id={itemIds ? item.value : undefined} className={itemClassName} data-state={state}>
            <h3 className="m-0">
              <button
                type="button"
                id={triggerId}
                data-accordion-trigger=""
                aria-expanded={isOpen}
                aria-controls={panelId}
                data-state={state}
                onClick={() => toggle(item.value)}
                onKeyDown={onKeyDown}
                className={cx(
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
              hidden={!isOpen}
              className={cx("px-5 pb-5", panelClassName)}
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
