// The client is built into the Python package (src/buccaneer/server/static), which serves it.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL("../src/buccaneer/server/static", import.meta.url)),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
  },
  server: {
    // `npm run dev` next to `buccaneer serve`: the API and the WebSocket go to the server.
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/ws": { target: "ws://127.0.0.1:8000", ws: true },
    },
  },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    environment: "node",
    // A guard against a test that never ends, not a figure a test must meet: the log tests
    // write every line of whole recorded games (about a second each alone) and ran past
    // vitest's 5 s default beside the Python suite on a loaded 2-core machine.
    testTimeout: 120_000,
  },
});
