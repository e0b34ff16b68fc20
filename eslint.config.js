// ESLint (flat config): typescript-eslint, React hooks, JSX accessibility, and the import
// boundaries that keep the three folders apart (see docs/decisions/0014-lint-and-import-boundaries.md):
//   common/  imports zod/mini and itself only (it runs on both sides);
//   server/  never imports app/;
//   app/ components and lib import only types from server/ (routes may call services);
//   app/enhance/ (the public pages' scripts, decision 0037) imports common/ and itself only: no React.
// Inside server/ (decision 0038): the infrastructure folders (http, db, jobs, files, mail) import no
// domain folder, and only server/main.ts and server/app/ (the composition) import server/app/.
// typescript-eslint reads the TypeScript 6 API (the "typescript" package is aliased to
// @typescript/typescript6); `tsc` is TypeScript 7 (@typescript/native). See decision 0013.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const TYPESCRIPT = ["**/*.{ts,tsx}"];

/** An import path rule for @typescript-eslint/no-restricted-imports. */
const restricted = (regex, message, allowTypeImports = false) => ({ regex, message, allowTypeImports });

/*
 * The server/ rules are written per file depth, because an import path says where it goes only
 * relative to its file: from server/forms/x.ts "../db" is server/db/, from server/db/seed/x.ts
 * it would be "../../db". For a file `depth` folders below server/ (0 for server/main.ts):
 */
const SERVER_DEPTHS = [0, 1, 2, 3, 4];
/** The folders and top-level modules infrastructure may import (everything else is a domain). */
const INFRA_FOLDERS = ["http", "db", "jobs", "files", "mail"];
const INFRA_MODULES = [...INFRA_FOLDERS, "config", "logger", "private-fs", "load-on-first-use"];
const INFRA_NAME = `(?:${INFRA_MODULES.join("|")})(?:/|$)`;
/** The relative way up to server/ itself: "./" in server/, "../" in server/x/, "../../" in server/x/y/. */
const upToServer = (depth) => (depth === 0 ? "\\./" : `(?:\\.\\./){${depth}}`);
const serverFiles = (folder, depth) => `server/${folder}${"*/".repeat(depth - (folder ? 1 : 0))}*.ts`;

const serverImportsApp = (depth) =>
  restricted(
    `^~/|^(?:\\.\\./){${depth + 1}}app/`,
    "server/ never imports app/: move what both need into common/ (schemas, limits, pure helpers).",
  );
const domainImportsComposition = (depth) =>
  restricted(
    `^@server/app(?:/|$)|^${upToServer(depth)}app(?:/|$)`,
    "Only server/main.ts and server/app/ import server/app/: it composes the domains (admin API, seeding, the " +
      "page cache's content source). Move the shared piece down into the folder that owns it (decision 0038).",
  );
const infraImportsDomain = (depth) =>
  restricted(
    `^@server/(?!${INFRA_NAME})|^${upToServer(depth)}(?!\\.\\./)(?!${INFRA_NAME})`,
    `Infrastructure (${INFRA_FOLDERS.join("/, ")}/) imports no domain folder, only ${INFRA_MODULES.join(", ")}: ` +
      "take what a domain provides as a parameter, and let server/app/ or server/main.ts pass it in (decision 0038).",
  );
const serverRules = (patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "data/**",
      "backups/**",
      ".tmp/**",
      "coverage/**",
      "public/**",
      // Broken on purpose: tests/lint/import-boundaries.test.ts lints these as if they sat in the tree.
      "tests/lint/fixtures/**",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: TYPESCRIPT,
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Kysely migrations (and the dialect helpers they share) take Kysely<any> by design: a
    // migration must not depend on today's schema type. Tests read parsed JSON freely.
    files: ["server/db/migrations/**/*.ts", "server/db/dialect.ts", "tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moves on purpose in two places only: the first field in error after a plain
      // (no-JavaScript) post, which nothing else could focus, and the single field of a
      // sign-in step. Everywhere else focus is moved by code (useResultFeedback).
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    files: ["common/**/*.ts"],
    ignores: ["common/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            restricted(
              "^(?!zod/mini$|\\./[^/]+$)",
              "common/ holds pure modules both sides import: it may import zod/mini and its own files (./x), nothing else " +
                "(classic zod would share code with the public pages' bundles; see common/text.ts).",
            ),
          ],
        },
      ],
    },
  },
  // server/: every file never imports app/ and, outside the composition, not server/app/ either;
  // infrastructure imports no domain; server/main.ts and server/app/ may import anything in server/.
  ...SERVER_DEPTHS.flatMap((depth) => [
    {
      files: [serverFiles("", depth)],
      rules: serverRules([serverImportsApp(depth), domainImportsComposition(depth)]),
    },
    ...(depth === 0
      ? [
          { files: ["server/main.ts"], rules: serverRules([serverImportsApp(depth)]) },
          {
            files: INFRA_MODULES.filter((name) => !INFRA_FOLDERS.includes(name)).map((name) => `server/${name}.ts`),
            rules: serverRules([serverImportsApp(depth), infraImportsDomain(depth)]),
          },
        ]
      : [
          {
            files: INFRA_FOLDERS.map((folder) => serverFiles(`${folder}/`, depth)),
            rules: serverRules([serverImportsApp(depth), infraImportsDomain(depth)]),
          },
          { files: [serverFiles("app/", depth)], rules: serverRules([serverImportsApp(depth)]) },
        ]),
  ]),
  {
    files: ["app/enhance/**/*.ts"],
    ignores: ["app/enhance/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            restricted(
              "^(?!@common/[^/]+$|\\./[^/]+$)",
              "app/enhance/ is every public page's whole first-load JavaScript (decision 0037): it may import common/ " +
                "(@common/x) and its own files (./x), nothing else: no React, React Router, Radix, icons or components.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            restricted(
              "^@server/|(^|/)server/",
              "Components and client helpers import only types from server/ (import type ...); data comes from loaders or the JSON API.",
              true,
            ),
            restricted("^zod$", "Browser code validates with the schemas in common/ (zod/mini)."),
          ],
        },
      ],
    },
  },
);
