import express from "express";
import { MAX_IMAGE_BYTES } from "@common/limits";
import { imageDeleteQuerySchema } from "@common/media";
import { parseInput, ServiceError } from "@common/result";
import { apiActor } from "../auth/express";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { storedFileResponse } from "../files/files";
import { readNodeBody } from "../http/body";
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
 * alt text, delete; uploads in mediaUploadApi. An upload is the raw file as the request body
 * (so the browser can report progress), its name in `X-File-Name` and its alt text in
 * `X-Alt-Text` (both URI-encoded).
 */
/** GET /api/admin/media */
export interface MediaResponse {
  images: Array<MediaImage & { uses: ImageUse[] }>;
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

  router.patch("/:id", async (req, res) => {
    const image = await updateImageAlt(getDb(), req.params.id, req.body ?? {}, apiActor(req, res));
    sendSuccess(res, { message: "Description saved.", data: { image } });
  });

  router.delete("/:id", async (req, res) => {
    const { force } = parseInput(imageDeleteQuerySchema, req.query);
    await deleteImage(getDb(), req.params.id, { force }, apiActor(req, res));
    sendSuccess(res, { message: "Image deleted." });
  });

  return router;
}

/**
 * POST /api/admin/media: the image file as the raw body (mounted before the admin JSON
 * reader). Refused before reading without alt text; the body is read through
 * server/http/body.ts (413 by Content-Length or counted bytes, the connection then closed).
 */
export function mediaUploadApi() {
  const router = express.Router();
  router.post("/", async (req, res) => {
    const alt = header(req, "x-alt-text") ?? "";
    if (!alt.trim())
      throw new ServiceError("validation", "Describe the image before uploading it.", {
        alt: "Describe the image for people who cannot see it (alt text).",
      });
    let bytes: Uint8Array;
    try {
      bytes = await readNodeBody(req, MAX_IMAGE_BYTES);
    } catch (error) {
      if (error instanceof ServiceError && error.code === "payload_too_large")
        throw new ServiceError("payload_too_large", "The image is larger than 10 MB. Upload a smaller file.");
      throw error;
    }
    const image = await uploadImage(getDb(), { bytes, filename: header(req, "x-file-name"), alt }, apiActor(req, res));
    sendSuccess(res, { message: `${image.filename} uploaded.`, data: { image } }, 201);
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
