import crypto from "node:crypto";
import { sanitizeFilename } from "@common/lead";
import {
  imageAltSchema,
  imageIdOfUrl,
  imageIdsIn,
  type ImageFormat,
  type ImageInfo,
  type ImageVariant,
} from "@common/media";
import { parseInput, ServiceError } from "@common/result";
import { writeAuditBy } from "../audit/audit";
import { bumpContentVersion } from "../content-version/content-version";
import type { Selectable } from "kysely";
import type { DB } from "../db";
import type { ImagesTable } from "../db/schema";
import { nowIso } from "../db/dialect";
import { deleteStoredFiles, readStoredFile, storeFile, type StoredFile } from "../files/files";
import { getSiteSettings } from "../settings/settings";
import type { Actor } from "../auth/actor";
import { MIME_TYPES, processImage } from "./image-files";

/*
 * Content images: upload (checked and resized in image-files.ts, every file stored in the
 * file store, decision 0012), alt text, the media list with where each image is used, delete
 * (warned when in use), and the lookups public pages render them from.
 */

type StoredVariant = ImageVariant & { fileId: string };

export interface MediaImage extends ImageInfo {
  filename: string;
  size: number;
  createdAt: string;
  createdBy: string | null;
}

/** A place an image appears: a page staff can open to change it. */
export interface ImageUse {
  kind: "blog post" | "help guide" | "FAQ item" | "industry" | "site settings";
  title: string;
  /** The admin screen where it is edited. */
  editPath: string;
}

type Row = Selectable<ImagesTable>;

function storedVariants(json: string): StoredVariant[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as StoredVariant[]) : [];
  } catch {
    return [];
  }
}

function toImage(row: Row): MediaImage {
  return {
    id: row.id,
    alt: row.alt,
    width: Number(row.width),
    height: Number(row.height),
    format: row.format as ImageFormat,
    variants: storedVariants(row.variants).map(({ width, height, format, size }) => ({ width, height, format, size })),
    filename: row.filename,
    size: Number(row.size_bytes),
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

const audit = (db: DB, actor: Actor | undefined, action: string, target: string, details: Record<string, unknown>) =>
  writeAuditBy(db, actor, { action, target, details });

/**
 * Stores an uploaded image: refuses a missing description (400), a file over 10 MB (413) and
 * anything that is not a JPEG, PNG, WebP or AVIF by content (415) before storing anything;
 * then the original and its variants are stored with the image row in one transaction.
 */
export async function uploadImage(
  db: DB,
  upload: { bytes: Uint8Array; filename?: string; alt: unknown },
  actor?: Actor,
): Promise<MediaImage> {
  const { alt } = parseInput(imageAltSchema, { alt: upload.alt });
  const processed = await processImage(upload.bytes);
  // The one filename rule (common/lead.ts): "poly2.html" holding a PNG is stored as "poly2.png".
  const filename = sanitizeFilename(upload.filename ?? "", processed.format, "image");
  return db.transaction().execute(async (trx) => {
    const original = await storeFile(trx, {
      purpose: "image",
      filename,
      mimeType: MIME_TYPES[processed.format],
      bytes: processed.original,
    });
    const variants: StoredVariant[] = [];
    for (const variant of processed.variants) {
      const stored: StoredFile = await storeFile(trx, {
        purpose: "image",
        filename: `${filename.replace(/\.[a-z0-9]+$/i, "")}-${variant.width}.${variant.format}`,
        mimeType: MIME_TYPES[variant.format],
        bytes: variant.bytes,
      });
      variants.push({
        width: variant.width,
        height: variant.height,
        format: variant.format,
        size: stored.size,
        fileId: stored.id,
      });
    }
    const now = nowIso();
    const row = await trx
      .insertInto("images")
      .values({
        id: crypto.randomUUID(),
        filename,
        alt,
        width: processed.width,
        height: processed.height,
        format: processed.format,
        size_bytes: original.size,
        original_file_id: original.id,
        variants: JSON.stringify(variants),
        created_by: actor?.email ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpContentVersion(trx);
    await audit(trx, actor, "image.uploaded", filename, { imageId: row.id, bytes: upload.bytes.byteLength });
    return toImage(row);
  });
}

export async function getImage(db: DB, id: string): Promise<MediaImage | undefined> {
  const row = await db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toImage(row) : undefined;
}

/** What public pages need for the given ids (unknown ids are left out). */
export async function getImageInfos(db: DB, ids: Iterable<string>): Promise<Map<string, ImageInfo>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, ImageInfo>();
  if (!unique.length) return found;
  const rows = await db.selectFrom("images").selectAll().where("id", "in", unique).execute();
  for (const row of rows) {
    const { id, alt, width, height, format, variants } = toImage(row);
    found.set(id, { id, alt, width, height, format, variants });
  }
  return found;
}

/** The image behind a site image URL ("/media/<id>/original"), if it is one. */
export async function getImageInfoByUrl(db: DB, url: string | null | undefined): Promise<ImageInfo | undefined> {
  const id = imageIdOfUrl(url);
  return id ? (await getImageInfos(db, [id])).get(id) : undefined;
}

/** The bytes behind /media/<id>/<name> ("original" or "<width>.<format>"). */
export async function readImageFile(db: DB, id: string, name: string) {
  const row = await db
    .selectFrom("images")
    .select(["original_file_id", "variants"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  let fileId: string | undefined = row.original_file_id;
  if (name !== "original") {
    const match = /^(\d+)\.(avif|webp)$/.exec(name);
    fileId = match
      ? storedVariants(row.variants).find((v) => v.width === Number(match[1]) && v.format === match[2])?.fileId
      : undefined;
  }
  return fileId ? readStoredFile(db, fileId) : undefined;
}

/** Where each image is used: covers and bodies of posts and guides, FAQ answers, industry pages, the share image. */
export async function imageUses(db: DB): Promise<Map<string, ImageUse[]>> {
  const uses = new Map<string, ImageUse[]>();
  const add = (ids: Iterable<string>, use: ImageUse) => {
    for (const id of new Set(ids)) uses.set(id, [...(uses.get(id) ?? []), use]);
  };
  const like = "%/media/%";
  for (const [table, kind, path] of [
    ["blog_posts", "blog post", "/admin/blog-posts"],
    ["help_guides", "help guide", "/admin/help-guides"],
  ] as const) {
    const rows = await db
      .selectFrom(table)
      .select(["id", "title", "cover_image_url", "cover_image_id", "body"])
      .where((eb) =>
        eb.or([eb("cover_image_id", "is not", null), eb("cover_image_url", "like", like), eb("body", "like", like)]),
      )
      .execute();
    for (const row of rows)
      add(
        [
          ...(row.cover_image_id ? [row.cover_image_id] : []),
          ...imageIdsIn(`${row.cover_image_url ?? ""}\n${row.body}`),
        ],
        {
          kind,
          title: row.title,
          editPath: `${path}/${row.id}`,
        },
      );
  }
  for (const row of await db
    .selectFrom("faq_items")
    .select(["question", "answer"])
    .where("answer", "like", like)
    .execute())
    add(imageIdsIn(row.answer), { kind: "FAQ item", title: row.question, editPath: "/admin/faq-items" });
  for (const row of await db
    .selectFrom("industries")
    .select(["id", "name", "body"])
    .where("body", "like", like)
    .execute())
    add(imageIdsIn(row.body), { kind: "industry", title: row.name, editPath: `/admin/industries?edit=${row.id}` });
  const { shareImageId } = await getSiteSettings(db);
  if (shareImageId) add([shareImageId], { kind: "site settings", title: "Share image", editPath: "/admin/settings" });
  return uses;
}

export async function listImages(db: DB): Promise<Array<MediaImage & { uses: ImageUse[] }>> {
  const [rows, uses] = await Promise.all([
    db.selectFrom("images").selectAll().orderBy("created_at", "desc").orderBy("id").execute(),
    imageUses(db),
  ]);
  return rows.map((row) => ({ ...toImage(row), uses: uses.get(row.id) ?? [] }));
}

export async function updateImageAlt(db: DB, id: string, input: unknown, actor?: Actor): Promise<MediaImage> {
  const { alt } = parseInput(imageAltSchema, input);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("images")
      .set({ alt, updated_at: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ServiceError("not_found", "That image no longer exists.");
    await bumpContentVersion(trx);
    await audit(trx, actor, "image.updated", row.filename, { imageId: id });
    return toImage(row);
  });
}

/**
 * Deletes an image and its files. An image still in use is refused with 409 and the list of
 * places unless `force` (the screen's "Delete anyway" after its warning).
 */
export async function deleteImage(db: DB, id: string, options: { force?: boolean } = {}, actor?: Actor) {
  const image = await getImage(db, id);
  if (!image) throw new ServiceError("not_found", "That image no longer exists.");
  const uses = (await imageUses(db)).get(id) ?? [];
  if (uses.length && !options.force) {
    const where = uses.map((use) => `${use.kind} “${use.title}”`).join(", ");
    throw new ServiceError(
      "conflict",
      `This image is used in ${uses.length === 1 ? "" : `${uses.length} places: `}${where}. Deleting it leaves a broken image there.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("images")
      .where("id", "=", id)
      .returning(["original_file_id", "variants", "filename"])
      .executeTakeFirst();
    if (!row) throw new ServiceError("not_found", "That image no longer exists.");
    await deleteStoredFiles(trx, [row.original_file_id, ...storedVariants(row.variants).map((v) => v.fileId)]);
    await bumpContentVersion(trx);
    await audit(trx, actor, "image.deleted", row.filename, { imageId: id, usedIn: uses.length });
  });
}

/**
 * Items with their cover image's render data (`cover`, null when none or deleted), for the
 * blog cards and post pages (one query for the whole list).
 */
export async function withCovers<T extends { coverImageId?: string | null }>(
  db: DB,
  items: T[],
): Promise<Array<T & { cover: ImageInfo | null }>> {
  const infos = await getImageInfos(
    db,
    items.map((item) => item.coverImageId).filter((id): id is string => !!id),
  );
  return items.map((item) => ({ ...item, cover: (item.coverImageId && infos.get(item.coverImageId)) || null }));
}

/** A post page's data with the covers of the post and of its related posts. */
export async function withPostCovers<
  V extends { article: { coverImageId?: string | null }; related: Array<{ coverImageId?: string | null }> },
>(
  db: DB,
  view: V,
): Promise<
  Omit<V, "article" | "related"> & {
    article: V["article"] & { cover: ImageInfo | null };
    related: Array<V["related"][number] & { cover: ImageInfo | null }>;
  }
> {
  const [article, ...related] = await withCovers(db, [view.article, ...view.related]);
  return {
    ...view,
    article: article as V["article"] & { cover: ImageInfo | null },
    related: related as Array<V["related"][number] & { cover: ImageInfo | null }>,
  };
}
