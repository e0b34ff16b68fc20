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
  },
  plugins: [tailwindcss(), reactRouter()],
});
