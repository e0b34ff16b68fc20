import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { siteScripts } from "./scripts/vite-site-scripts.ts";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};

/**
 * Server libraries the production build carries in its own files instead of importing them from
 * node_modules (decision 0055): published as hundreds of small ES modules each, they made Node
 * find, read and link some 260 files at every start; bundled, a start takes about 40% less CPU.
 * Only pure JavaScript that plays no part in rendering: React, React Router and the CommonJS
 * packages stay external (bundled React rendered pages a quarter slower), as does sharp (native).
 */
const SERVER_BUNDLED = ["kysely", "better-auth", /^@better-auth\//, "better-call", "zod", "jose", /^@noble\//, "rou3"];

// The Express app (server/main.ts) is the entry of the server build, so the app, its
// services and the React Router build share one module graph (one DB pool, one config).
export default defineConfig(({ command }) => ({
  resolve: { alias },
  environments: {
    ssr: {
      resolve: command === "build" ? { noExternal: SERVER_BUNDLED } : {},
      build: { rolldownOptions: { input: "./server/main.ts" } },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The framework (React, React DOM, React Router) in one file for the staff screens,
            // instead of a dozen small ones. Public pages load none of it (decision 0037).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 20,
                },
                // The public pages' scripts in one file with the entry's shared pieces (decision 0037),
                // not eight: the staff screens that share a module (the toast store, the lead
                // fields) load it with them. The form checks (they carry zod) and the proof of work stay
                // apart: they load on demand, when focus first enters a form.
                {
                  name: "site-scripts-shared",
                  test: /[\\/]app[\\/]enhance[\\/](?!(site|form-checks|load-form-checks|form-proof|form-proof-worker)\.ts$)[^\\/]+\.ts$|[\\/]common[\\/](lead|limits|savings|attribution)\.ts$|vite[\\/]preload-helper/,
                  priority: 15,
                },
                // The small pieces every staff screen (sign-in included) loads, in one file.
                {
                  name: "staff-kit",
                  test: /[\\/]app[\\/](lib[\\/](nonce|site|seo|utils|request-id)|components[\\/]ui[\\/](button-variants|button|use-toast|route-error|loading|alert|input|label|field)|components[\\/]site[\\/]logo)\.tsx?$|[\\/]node_modules[\\/](clsx|class-variance-authority|tailwind-merge)[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](defaultAttributes|createLucideIcon|Icon|shared[\\/].*)\.m?js$/,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), siteScripts()],
}));
