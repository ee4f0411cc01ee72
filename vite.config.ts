import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const srcDir = fileURLToPath(new URL("./src", import.meta.url));
const clientRoot = fileURLToPath(new URL("./src/client", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/client", import.meta.url));

/** The app's version: answers kept on a device by another version are not restored (lib/offline-cache.ts). */
const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};

/** Where `npx vite` forwards API and object requests: the API server started beside it in development. */
const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3001";

export default defineConfig({
  root: clientRoot,
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (src/client/service-worker/sw.ts), built into /sw.js with the list of files
    // it keeps so the app starts offline. Registered by the app itself (app/app-worker.ts), after
    // the first screen shows; off in `npm run dev`.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "service-worker",
      filename: "sw.ts",
      injectRegister: false,
      // public/manifest.webmanifest is the app's own.
      manifest: false,
      injectManifest: {
        // Every screen's code and styles (each screen opens offline), the page, icons, theme.js, the
        // manifest and any font. The compressed copies are written after this list is made.
        globPatterns: ["**/*.{js,css,html,png,svg,ico,webmanifest,woff2}"],
        // Built names carry their content's hash: kept by name, asked for without a revision.
        dontCacheBustURLsMatching: /^assets\//,
        // The largest chunk (the charts) is about 360 KB before compression.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        rollupFormat: "iife",
      },
      devOptions: { enabled: false },
    }),
  ],
  define: { "import.meta.env.VITE_APP_VERSION": JSON.stringify(version) },
  resolve: {
    alias: { "@": srcDir },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Read by scripts/check-bundle-budget.mjs: which chunks each page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // The icons and the query library each in one chunk, not one small chunk per icon or hook:
        // the dashboard's first screen needs 46 files instead of 64, and on a slow phone's
        // connection each file costs a round trip, more than the few KB this adds.
        codeSplitting: {
          groups: [
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
    modulePreload: {
      // A lazy screen or card asks for its own chunk and the browser follows its imports; no
      // `<link rel="modulepreload">` per shared chunk from the page's script. Those links (about 60
      // per lazy card, most for chunks already loaded) cost the dashboard's first render about a
      // tenth of a second on a slow phone. The page's own links (index.html, and those the server
      // adds for the first screen) stay, and so do a lazy chunk's styles.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "html" ? deps : deps.filter((dep) => dep.endsWith(".css")),
    },
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
