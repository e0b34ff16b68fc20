import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries in eslint.config.js, proven on fixtures that break them: each
 * fixture is linted as if it sat in the folder it names, and must fail with the boundary
 * rule, on exactly its forbidden imports.
 */
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/**
 * The lines of `fixture` that break an import boundary when it sits at `pretendPath`. The
 * fixture must really be linted there: an ignored path ("File ignored ...") or a parse
 * error would report no boundary errors and pass an `[]` expectation by accident.
 */
async function boundaryErrors(fixture: string, pretendPath: string) {
  const code = fs.readFileSync(path.join(import.meta.dirname, "fixtures", fixture), "utf8");
  const [result] = await eslint.lintText(code, { filePath: path.join(root, pretendPath), warnIgnored: true });
  const notLinted = result!.messages.filter((m) => m.fatal || m.message.startsWith("File ignored"));
  expect(notLinted.map((m) => m.message)).toEqual([]);
  return result!.messages
    .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((m) => code.split("\n")[m.line - 1]!.trim());
}

// The first lint loads the config and its plugins: allow it time on a busy machine.
describe("import boundaries", { timeout: 60_000 }, () => {
  it("common/ may import zod/mini and its own files, nothing of server or app", async () => {
    expect(await boundaryErrors("common-imports-server.ts", "common/boundary-fixture.ts")).toEqual([
      'import { z as classic } from "zod";',
      'import { getDb } from "@server/db";',
      'import { cn } from "~/lib/utils";',
      'import { ROLES } from "../common/roles";',
    ]);
  });

  it("server/ never imports app/", async () => {
    expect(await boundaryErrors("server-imports-app.ts", "server/boundary-fixture.ts")).toEqual([
      'import { seo } from "~/lib/seo";',
      'import { telHref } from "../app/lib/site";',
    ]);
  });

  // Decision 0038: the infrastructure folders import no domain, and only server/main.ts and
  // server/app/ (the composition) import server/app/.
  const INFRA_DOMAIN_IMPORTS = [
    'import { requireApi } from "../auth/express";',
    'import type { Actor } from "@server/auth/actor";',
    'import { getContentVersion } from "../content-version/content-version";',
    'import { seedForms } from "../forms/definitions";',
    'import { jobsScreen } from "../jobs-admin/api";',
    'import { adminApi } from "../app/admin-api";',
    'import { seo } from "~/lib/seo";',
  ];

  it.each(["http", "db", "jobs", "files", "mail"])("server/%s/ imports no domain folder", async (folder) => {
    expect(await boundaryErrors("infra-imports-domain.ts", `server/${folder}/boundary-fixture.ts`)).toEqual(
      INFRA_DOMAIN_IMPORTS,
    );
  });

  it("infrastructure imports no domain from a nested folder either", async () => {
    expect(await boundaryErrors("infra-nested-imports-domain.ts", "server/db/seed/boundary-fixture.ts")).toEqual([
      'import { seedContent } from "../../content";',
      'import { seedForms } from "@server/forms/definitions";',
      'import { seedIndustries } from "../../industries/industries";',
    ]);
    // The same file in a domain folder may import them.
    expect(await boundaryErrors("infra-nested-imports-domain.ts", "server/forms/seed/boundary-fixture.ts")).toEqual([]);
  });

  it("server/config.ts, logger.ts and private-fs.ts are infrastructure too", async () => {
    expect(await boundaryErrors("main-imports-composition.ts", "server/logger.ts")).toEqual([
      'import { adminApi } from "./app/admin-api";',
      'import { formsApi } from "./forms/api";',
      'import type { Actor } from "@server/auth/actor";',
      'import { telHref } from "../app/lib/site";',
    ]);
  });

  it("only server/main.ts and server/app/ import the composition (server/app/)", async () => {
    expect(await boundaryErrors("domain-imports-composition.ts", "server/forms/boundary-fixture.ts")).toEqual([
      'import { adminApi } from "../app/admin-api";',
      'import { seedDatabase } from "@server/app/seed";',
      'import { telHref } from "../../app/lib/site";',
    ]);
    expect(await boundaryErrors("domain-imports-composition.ts", "server/app/boundary-fixture.ts")).toEqual([
      'import { telHref } from "../../app/lib/site";',
    ]);
    expect(await boundaryErrors("main-imports-composition.ts", "server/main.ts")).toEqual([
      'import { telHref } from "../app/lib/site";',
    ]);
  });

  it("components import only types from server/", async () => {
    expect(await boundaryErrors("component-imports-server.tsx", "app/components/boundary-fixture.tsx")).toEqual([
      'import { listUsers } from "@server/users/users";',
      'import { z } from "zod";',
    ]);
  });

  it("the public pages' scripts (app/enhance/) import common/ and their own files only", async () => {
    expect(await boundaryErrors("enhance-imports-react.ts", "app/enhance/boundary-fixture.ts")).toEqual([
      'import { useState } from "react";',
      'import { Link } from "react-router";',
      'import { Menu } from "lucide-react";',
      'import { cn } from "~/lib/utils";',
      'import { getDb } from "@server/db";',
    ]);
  });

  it("lets routes call services and parse with zod (loaders and actions run on the server)", async () => {
    expect(await boundaryErrors("component-imports-server.tsx", "app/routes/boundary-fixture.tsx")).toEqual([]);
  });

  it("refuses to pass a fixture that ESLint ignores instead of linting", async () => {
    await expect(boundaryErrors("component-imports-server.tsx", "build/boundary-fixture.tsx")).rejects.toThrow();
  });
});
