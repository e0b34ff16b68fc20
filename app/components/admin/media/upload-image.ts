import type { ActionSuccess } from "@common/result";
import type { MediaImage } from "@server/media/images";
import { ApiRequestError } from "~/lib/api-error";
import { mediaKeys } from "~/lib/query-keys";

/**
 * POSTs an image to /api/admin/media with upload progress. One of the two admin requests
 * that do not go through `apiRequest` (see app/lib/queryClient.ts): fetch cannot report
 * upload progress, so this uses XMLHttpRequest with the same rules (credentials, the same
 * `"<status>: <body>"` ApiRequestError on failure).
 */
export function uploadImage(
  file: File,
  alt: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ActionSuccess<{ image: MediaImage }>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", mediaKeys.all[0]);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.setRequestHeader("X-Alt-Text", encodeURIComponent(alt));
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText));
      else reject(new ApiRequestError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(file);
  });
}
