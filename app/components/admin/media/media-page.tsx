import { useQuery } from "@tanstack/react-query";
import { Image as ImageIcon } from "lucide-react";
import type { MediaResponse } from "@server/media/api";
import { ImageUploader } from "./image-uploader";
import { MediaRow } from "./media-row";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { mediaKeys } from "~/lib/query-keys";

/** Uploaded images (GET /api/admin/media): upload, describe, see where each is used, delete. */
export function MediaPage() {
  const media = useQuery<MediaResponse>({ queryKey: mediaKeys.list() });
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Media</h1>
        <p className="mt-2 text-muted-foreground">
          Images for posts, guides and pages. Each upload is resized for phones and large screens.
        </p>
      </div>
      <Card title="Upload an image">
        <div className="mt-4">
          <ImageUploader />
        </div>
      </Card>
      <Card title="Images" description={media.data ? `${media.data.images.length} uploaded, newest first` : undefined}>
        <div className="mt-4">
          {media.isPending ? (
            <ListSkeleton label="Loading images..." />
          ) : media.isError ? (
            <Alert variant="error">{failureMessage(media.error)}</Alert>
          ) : media.data.images.length === 0 ? (
            <EmptyState icon={ImageIcon} title="No images yet" description="Upload one above; it is listed here." />
          ) : (
            <ul className="divide-y divide-border" aria-label="Uploaded images">
              {media.data.images.map((image) => (
                <MediaRow key={image.id} image={image} />
              ))}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}
