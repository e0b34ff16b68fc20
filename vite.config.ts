import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};

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
                  test: /[\\/]app[\\/](components[\\/]ui[\\/](input|checkbox|select|textarea|field|label|use-result-feedback)|components[\\/]site[\\/](form-guard-inputs|form-error-summary)|lib[\\/]api-error)\.tsx?$/,
                  priority: 5,
                },
                // What the blog list, the posts and the resources overview share: post cards, images.
                {
                  name: "articles",
                  test: /[\\/]app[\\/]components[\\/](resources[\\/]post-card|site[\\/]responsive-image)\.tsx$|[\\/]common[\\/]media\.ts$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](rss|user-round|arrow-left)\.mjs$/,
                  priority: 4,
                },
                {
                  name: "shell",
                  test: /[\\/]app[\\/](components[\\/]site[\\/](header|desktop-nav|mobile-nav|footer|logo|linkedin-icon|scroll-to-top|section|page-header|breadcrumbs|cta-band|json-ld|check-list)|components[\\/]ui[\\/](button-variants|loading|route-error|deferred-toaster|use-toast)|lib[\\/](nav|site|seo|cx|nonce|use-page-loading|structured-data|first-touch))\.tsx?$|[\\/]common[\\/]attribution\.ts$|[\\/]node_modules[\\/](clsx|class-variance-authority)[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](defaultAttributes|createLucideIcon|Icon|shared[\\/].*|icons[\\/](chevron-down|menu|phone|mail|map-pin|arrow-right|check|clock|circle-check|building-complex|headset|shield-check|badge-percent|calculator|file-text))\.m?js$/,
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
