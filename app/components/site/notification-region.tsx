import { X } from "lucide-react";
import { TOAST_VIEWPORT_CLASS } from "~/enhance/toast-classes";
import { NOTIFICATIONS_LABEL } from "~/enhance/toast-store";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

/**
 * The notifications region of a public page (spec section 9), the same landmark the admin's
 * Radix viewport renders: app/enhance/toaster.ts puts the toasts in its list, and F8 focuses it
 * from the moment the scripts run, before any toast. The list lets clicks through; a toast takes
 * them (`pointer-events-auto`). The template holds the close button's icon, for the script to clone.
 */
export function NotificationRegion() {
  return (
    <div
      role="region"
      aria-label={NOTIFICATIONS_LABEL}
      tabIndex={-1}
      {...dataProps(dataAttr.toaster)}
      className="pointer-events-none"
    >
      <ol tabIndex={-1} className={TOAST_VIEWPORT_CLASS} />
      <template {...dataProps(dataAttr.toastCloseIcon)}>
        <X className="size-4" aria-hidden />
      </template>
    </div>
  );
}
