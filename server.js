// Entry point. Production (`npm start`): runs the bundled server (build/server/index.js).
// Development (`npm run dev`, which passes --dev): runs the TypeScript source through Vite
// with hot reload. Configuration is read by server/config.ts from the environment.
const dev = process.argv.includes("--dev");

// The production build never guesses its mode: without NODE_ENV it would run with the
// development secret, plain cookies and stack traces. `npm start` sets NODE_ENV=production.
if (!dev && !process.env.NODE_ENV) {
  console.error(
    "NODE_ENV is not set. Start the production server with `npm start` (which sets NODE_ENV=production), " +
      "or set NODE_ENV=production (or development/test) explicitly.",
  );
  process.exit(1);
}

try {
  if (dev) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    const { startServer } = await viteDevServer.ssrLoadModule("./server/main.ts");
    await startServer({ viteDevServer });
  } else {
    const { startServer } = await import("./build/server/index.js");
    await startServer();
  }
} catch (err) {
  console.error(err instanceof Error && err.name === "ConfigError" ? err.message : err);
  process.exit(1);
}
