import express from "express";
import { MAX_IMAGE_BYTES } from "@common/limits";
import { ServiceError } from "@common/result";
import { apiActor } from "../auth/express";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { storedFileResponse } from "../files/files";
import {
  deleteImage,
  listImages,
  readImageFile,
  updateImageAlt,
  uploadImage,
  type ImageUse,
  type MediaImage,
} from "./images";

/**
 * /api/admin/media (the "content" permission): the uploaded images with where each is used,
 * upload, alt text, delete. An upload is the raw file as the request body (so the browser
 * can report progress), its name in `X-File-Name` and its alt text in `X-Alt-Text` (both
 * URI-encoded).
 */
/** GET /api/admin/media */
export interface MediaResponse {
  images: Array<MediaImage & { uses: ImageUse[] }>;
}

/**
 * The request body, refused with 413 before reading when Content-Length is over the limit
 * and as soon as the streamed bytes pass it (nothing is kept). A refused body is read to the
 * end and dropped (up to DISCARD_LIMIT, then the connection is cut) so the client, still
 * sending, gets the answer instead of a broken pipe.
 * TODO(ops): switch to server/http/body.ts once it is on main.
 */
const DISCARD_LIMIT = 64 * 1024 * 1024;

export function discardBody(req: express.Request) {
  let dropped = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > DISCARD_LIMIT) req.destroy();
  });
  req.resume();
}

function readRawBody(req: express.Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new ServiceError("payload_too_large", "The image is larger than 10 MB. Upload a smaller file.");
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    discardBody(req);
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      chunks.length = 0;
      discardBody(req);
      reject(tooLarge());
    };
    req.on("data", onData);
    req.on("end", () => total <= limit && resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on("error", reject);
  });
}

const header = (req: express.Request, name: string) => {
  const value = req.get(name);
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export function mediaApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const body: MediaResponse = { images: await listImages(getDb()) };
    res.json(body);
  });

  router.post("/", async (req, res) => {
    const alt = header(req, "x-alt-text") ?? "";
    if (!alt.trim()) {
      // Refuse before reading the file: nothing is stored without a description.
      discardBody(req);
      throw new ServiceError("validation", "Describe the image before uploading it.", {
        alt: "Describe the image for people who cannot see it (alt text).",
      });
    }
    const bytes = await readRawBody(req, MAX_IMAGE_BYTES);
    const image = await uploadImage(getDb(), { bytes, filename: header(req, "x-file-name"), alt }, apiActor(req, res));
    sendSuccess(res, { message: `${image.filename} uploaded.`, data: { image } }, 201);
  });

  router.patch("/:id", async (req, res) => {
    const image = await updateImageAlt(getDb(), req.params.id, req.body ?? {}, apiActor(req, res));
    sendSuccess(res, { message: "Description saved.", data: { image } });
  });

  router.delete("/:id", async (req, res) => {
    await deleteImage(getDb(), req.params.id, { force: req.query.force === "1" }, apiActor(req, res));
    sendSuccess(res, { message: "Image deleted." });
  });

  return router;
}

/** GET /media/:id/:name: public image files, cached for a year (their bytes never change). */
export function publicMedia() {
  const router = express.Router();
  router.get("/:id/:name", async (req, res) => {
    const found = /^[0-9a-f-]{36}$/.test(req.params.id)
      ? await readImageFile(getDb(), req.params.id, req.params.name)
      : undefined;
    if (!found) {
      res.status(404).type("text/plain").setHeader("Cache-Control", "no-store");
      res.send("Image not found.");
      return;
    }
    if (req.get("if-none-match") === `"${found.file.sha256}"`) {
      res.status(304).setHeader("Cache-Control", "public, max-age=31536000, immutable").end();
      return;
    }
    const response = storedFileResponse(found.file, found.bytes, { disposition: "inline", cache: "immutable" });
    response.headers.forEach((value, key) => res.setHeader(key, value));
    res.status(200).end(Buffer.from(found.bytes));
  });
  return router;
}
