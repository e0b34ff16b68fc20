import { Link2 } from "lucide-react";
import { buttonVariants } from "~/components/ui/button-variants";
import { toast } from "~/components/ui/use-toast";

/** Copies the current page's address, with a toast saying whether it worked. */
export function CopyLinkButton({ label = "Copy link" }: { label?: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(window.location.href.split("#")[0]!);
      toast({ title: "Link copied", description: "Paste it into an e-mail or message to share this page." });
    } catch {
      toast({
        variant: "destructive",
        title: "Couldn't copy the link",
        description: "Your browser blocked the clipboard. Copy the address from the address bar instead.",
      });
    }
  }
  return (
    <button type="button" className={buttonVariants({ variant: "outline", size: "sm" })} onClick={copy}>
      <Link2 className="size-4" aria-hidden />
      {label}
    </button>
  );
}
