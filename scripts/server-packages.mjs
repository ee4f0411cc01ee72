// The packages the server bundle leaves in node_modules (scripts/build-server.mjs), each with why it
// cannot be bundled: it finds files of its own at run time (a native library, WebAssembly, fonts,
// tables), through its own folder, which a bundle in dist/server would not carry. Everything else
// the server imports is bundled. The container image keeps only these packages and what they
// depend on at the versions in package-lock.json (scripts/container/keep-runtime-packages.mjs).
export const RUNTIME_PACKAGES = {
  "@electric-sql/pglite":
    "the embedded database: its WebAssembly build, data files and extensions, found from its own module",
  sharp: "photos: a native addon and libvips, loaded from @img/sharp-<platform> at run time",
  pdfkit:
    "PDF exports: the standard fonts' metrics (its #standard-fonts imports), the colour profile in its js/data, and fontkit's Unicode tables beside fontkit's code",
  "dejavu-fonts-ttf":
    "PDF exports: the DejaVu Sans files, resolved at run time (src/server/modules/exports/formats/pdf.ts)",
};

// Bundled though they can find files of their own, on paths the server never takes: pino's and
// thread-stream's worker files, for log transports (the server logs to its output);
// @fastify/swagger's package.json, read for a title and version where the description gives none
// (src/server/plugins/openapi.ts gives both).

/**
 * Required by a bundled package only when it is installed, which it is not: pg's native bindings,
 * asked for only by `pg.native`, which nothing reads. Left as a run-time `require` that would fail
 * as it does without a bundle.
 */
export const ABSENT_OPTIONAL_PACKAGES = ["pg-native"];
