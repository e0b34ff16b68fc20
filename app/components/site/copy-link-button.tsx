import { Link2 } from "lucide-react";
import { buttonVariants } from "~/components/ui/button-variants";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

/**
 * A button that copies the current page's address, with a toast saying whether it worked: the
 * behaviour is app/enhance/copy-link.ts (public pages are not hydrated, decision 0037).
 */
export function CopyLinkButton({ label = "Copy link" }: { label?: string }) {
  return (
    <button
      type="button"
      {...dataProps(dataAttr.copyLink)}
      className={buttonVariants({ variant: "outline", size: "sm" })}
    >
      <Link2 className="size-4" aria-hidden />
      {label}
    </button>
  );
}
