import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/** A list of short statements, each with a green check. */
export function CheckList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((item, index) => (
        <li key={index} className="flex gap-3 leading-7 text-slate-700">
          <CircleCheck className="mt-1 size-5 shrink-0 text-accent-600" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
