import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const srcDir = fileURLToPath(new URL("./src", import.meta.url));
const clientRoot = fileURLToPath(new URL("./src/client", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/client", import.meta.url));

/** Where `npx vite` forwards API and object requests: the API server started beside it in development. */
const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3001";

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": srcDir },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Read by scripts/check-bundle-budget.mjs: which chunks each page loads.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/objects": { target: apiTarget, changeOrigin: false },
    },
  },
});
