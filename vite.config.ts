import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};

/** A RegExp matching any of the patterns (RegExp sources; `[\\/]` is a path separator on any OS). */
const anyOf = (...patterns: string[]) => new RegExp(patterns.join("|"));
const oneOf = (names: readonly string[]) => `(${names.join("|")})`;

/** The public shell chunk: the site frame, the kit pieces and helpers every public page uses, and their icons. */
const SHELL = {
  site: [
    "header",
    "desktop-nav",
    "mobile-nav",
    "footer",
    "logo",
    "linkedin-icon",
    "scroll-to-top",
    "section",
    "page-header",
    "breadcrumbs",
    "cta-band",
    "json-ld",
    "check-list",
  ],
  ui: ["button-variants", "loading", "route-error", "deferred-toaster", "use-toast"],
  lib: ["nav", "site", "seo", "cx", "nonce", "use-page-loading", "structured-data", "first-touch"],
  icons: [
    "chevron-down",
    "menu",
    "phone",
    "mail",
    "map-pin",
    "arrow-right",
    "check",
    "clock",
    "circle-check",
    "building-complex",
    "headset",
    "shield-check",
    "badge-percent",
    "calculator",
    "file-text",
  ],
} as const;

// The Express app (server/main.ts) is the entry of the server build, so the app, its
// services and the React Router build share one module graph (one DB pool, one config).
export default defineConfig({
  resolve: { alias },
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/main.ts" } } },
    // Fewer, larger first-load chunks (decision 0009): the framework in one file, the public
    // shell and its shared components in another, instead of some forty small ones.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 20,
                },
                // The public form controls (on /contact and /forms/<slug>; the admin uses the kit's
                // too) in one chunk.
                {
                  name: "form",
                  test: anyOf(
                    String.raw`[\\/]app[\\/]components[\\/]ui[\\/](input|checkbox|select|textarea|field|label|use-result-feedback)\.tsx?$`,
                    String.raw`[\\/]app[\\/]components[\\/]site[\\/](form-guard-inputs|form-error-summary|load-form-checks)\.tsx?$`,
                    String.raw`[\\/]app[\\/]lib[\\/]api-error\.tsx?$`,
                  ),
                  priority: 5,
                },
                // What the blog list, the posts and the resources overview share: post cards, images.
                {
                  name: "articles",
                  test: anyOf(
                    String.raw`[\\/]app[\\/]components[\\/](resources[\\/]post-card|site[\\/]responsive-image)\.tsx$`,
                    String.raw`[\\/]common[\\/]media\.ts$`,
                    String.raw`[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](rss|user-round|arrow-left)\.mjs$`,
                  ),
                  priority: 4,
                },
                {
                  name: "shell",
                  test: anyOf(
                    String.raw`[\\/]app[\\/]components[\\/]site[\\/]${oneOf(SHELL.site)}\.tsx?$`,
                    String.raw`[\\/]app[\\/]components[\\/]ui[\\/]${oneOf(SHELL.ui)}\.tsx?$`,
                    String.raw`[\\/]app[\\/]lib[\\/]${oneOf(SHELL.lib)}\.tsx?$`,
                    String.raw`[\\/]common[\\/]attribution\.ts$`,
                    String.raw`[\\/]node_modules[\\/](clsx|class-variance-authority)[\\/]`,
                    String.raw`[\\/]lucide-react[\\/]dist[\\/]esm[\\/](defaultAttributes|createLucideIcon|Icon|shared[\\/].*)\.m?js$`,
                    String.raw`[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]${oneOf(SHELL.icons)}\.m?js$`,
                  ),
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
