import { toast } from "./toast-store";
import { dataAttr, dataSelector } from "./data-attributes";

/** The page's address as a visitor would share it: without the #fragment. */
export const shareableAddress = (href: string) => href.split("#")[0]!;

/**
 * Copies `href` (without its #fragment) to the clipboard and says how it went in a toast: "Link
 * copied", or a destructive "Couldn't copy the link" when the browser refuses (no permission, or
 * no clipboard at all on an insecure page).
 */
export async function copyLink(href: string, clipboard: Pick<Clipboard, "writeText"> | undefined): Promise<boolean> {
  try {
    if (!clipboard) throw new Error("No clipboard");
    await clipboard.writeText(shareableAddress(href));
    toast({ title: "Link copied", description: "Paste it into an e-mail or message to share this page." });
    return true;
  } catch {
    toast({
      variant: "destructive",
      title: "Couldn't copy the link",
      description: "Your browser blocked the clipboard. Copy the address from the address bar instead.",
    });
    return false;
  }
}

/** The "Copy link" buttons (CopyLinkButton) copy the current page's address. */
export function enhanceCopyLinks(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(`button${dataSelector(dataAttr.copyLink)}`)) {
    button.addEventListener("click", () => void copyLink(window.location.href, navigator.clipboard));
  }
}
