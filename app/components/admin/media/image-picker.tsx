import { useQuery } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import { useState } from "react";
import { imageOriginalUrl } from "@common/media";
import type { MediaResponse } from "@server/media/api";
import type { MediaImage } from "@server/media/images";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { mediaKeys } from "~/lib/query-keys";
import { ImageUploader } from "./image-uploader";

/**
 * Choosing an image from the media library, or uploading one on the spot: a dialog with the
 * uploaded images (newest first) and an upload tab. The editors' cover image field and
 * "Insert image" button open it.
 */
export function ImagePickerDialog({
  open,
  onOpenChange,
  title,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onPick: (image: MediaImage) => void;
}) {
  const media = useQuery<MediaResponse>({ queryKey: mediaKeys.list(), enabled: open });
  const pick = (image: MediaImage) => {
    onPick(image);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Pick an uploaded image or upload a new one.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="library" className="mt-4">
          <TabsList aria-label="Where the image comes from">
            <TabsTrigger value="library">Media library</TabsTrigger>
            <TabsTrigger value="upload">Upload new</TabsTrigger>
          </TabsList>
          <TabsContent value="library">
            {media.isPending ? (
              <ListSkeleton label="Loading images..." />
            ) : media.isError ? (
              <Alert variant="error">{failureMessage(media.error)}</Alert>
            ) : media.data.images.length === 0 ? (
              <EmptyState title="No images yet" description="Upload one in the other tab." />
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Uploaded images">
                {media.data.images.map((image) => (
                  <li key={image.id}>
                    <button
                      type="button"
                      onClick={() => pick(image)}
                      className={
                        "grid w-full gap-1 rounded-md border border-border p-2 text-left text-sm hover:border-ring " +
                        "focus-visible:outline-2 focus-visible:outline-ring"
                      }
                      aria-label={`Use: ${image.alt}`}
                    >
                      <ResponsiveImage
                        image={image}
                        sizes="12rem"
                        alt=""
                        className="aspect-video w-full rounded object-cover"
                      />
                      <span className="line-clamp-2 text-foreground">{image.alt}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
          <TabsContent value="upload">
            <ImageUploader onUploaded={pick} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A cover image field: the chosen image (by id) with Choose / Replace / Remove. The alt text
 * comes from the media library (edited there), so every use of an image is described.
 */
export function CoverImagePicker({
  imageId,
  onChange,
}: {
  imageId: string | null;
  onChange: (image: MediaImage | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const media = useQuery<MediaResponse>({ queryKey: mediaKeys.list(), enabled: !!imageId });
  const chosen = imageId ? media.data?.images.find((image) => image.id === imageId) : undefined;
  return (
    <div className="grid gap-2" data-slot="cover-image">
      <span className="text-sm font-medium text-foreground">Cover image</span>
      {chosen ? (
        <ResponsiveImage
          image={chosen}
          sizes="20rem"
          className="aspect-video w-full max-w-xs rounded-md border border-border object-cover"
        />
      ) : imageId && media.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the image...</p>
      ) : imageId ? (
        <Alert variant="warning">The chosen image was deleted. Choose another one.</Alert>
      ) : (
        <p className="text-sm text-muted-foreground">No cover image.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
          <ImagePlus className="size-4" aria-hidden />
          {imageId ? "Replace image" : "Choose image"}
        </Button>
        {imageId ? (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
            Remove image
          </Button>
        ) : null}
      </div>
      <ImagePickerDialog open={open} onOpenChange={setOpen} title="Choose a cover image" onPick={onChange} />
    </div>
  );
}

/** "Insert image": picks or uploads an image and hands back its Markdown (`![alt](/media/<id>/original)`). */
export function InsertImageButton({ onInsert }: { onInsert: (markdown: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ImagePlus className="size-4" aria-hidden />
        Insert image
      </Button>
      <ImagePickerDialog
        open={open}
        onOpenChange={setOpen}
        title="Insert an image"
        onPick={(image) => onInsert(imageMarkdown(image))}
      />
    </>
  );
}

/** The Markdown of an uploaded image (square brackets in the alt text escaped). */
export function imageMarkdown(image: Pick<MediaImage, "id" | "alt">): string {
  return `![${image.alt.replace(/([[\]\\])/g, "\\$1")}](${imageOriginalUrl(image.id)})`;
}

/**
 * Puts a Markdown block (an image) into `text` in place of the selection from `start` to
 * `end`, as its own paragraph; returns the new text and where the caret goes (after it).
 */
export function insertMarkdownBlock(text: string, start: number, end: number, block: string) {
  const before = text.slice(0, start);
  const gap = !before || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const inserted = `${gap}${block}\n\n`;
  return { text: before + inserted + text.slice(end), caret: start + inserted.length };
}
