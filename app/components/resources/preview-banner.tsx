import { Eye } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";

/**
 * The strip above a staff preview: what the public sees of this item now (or that these are
 * unsaved changes), and the way back to the editor.
 */
export function PreviewBanner({
  status,
  live,
  unsaved = false,
  publishedAt,
  editPath,
}: {
  status: string;
  /** Public now (decided by the loader). */
  live: boolean;
  /** Shows the editor's unsaved values (posted by "Preview changes"), not the saved item. */
  unsaved?: boolean;
  publishedAt: string | null;
  editPath: string;
}) {
  const note = unsaved
    ? "Unsaved changes: this is how the page will look once they are saved. Nothing here is public yet."
    : status === "draft"
      ? "This draft is not public."
      : live
        ? "This is public; the preview shows the saved version."
        : `Scheduled: public from ${publishedAt ? formatDateTime(publishedAt) : "its date"} (Arizona time).`;
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p className="flex items-center gap-2">
          <Eye className="size-4" aria-hidden />
          <strong>Preview.</strong> {note}
        </p>
        <Link to={editPath} className="font-semibold underline">
          Back to the editor
        </Link>
      </div>
    </div>
  );
}
