// After `vite build` (package.json's postbuild): the server's API page, /docs, from the npm
// package swagger-ui-dist (a devDependency) into the build output's docs/ folder, which the
// server serves (src/buccaneer/server/webclient.py). FastAPI's own /docs loads Swagger UI from
// a CDN: blank without the internet, and a third party's script on the game's origin. This
// page loads only these files, and its one script of our own is a file (init.js), so the
// server's Content-Security-Policy (`script-src` falls back to `default-src 'self'`) holds.
//
// usage: node scripts/api-docs.mjs [DIR]   (DIR: the build output, ../src/buccaneer/server/static)
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir =
  process.argv[2] ?? fileURLToPath(new URL("../../src/buccaneer/server/static", import.meta.url));
const out = join(dir, "docs");
// Its package.json, not the package itself: importing it would load the whole bundle.
const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

mkdirSync(out, { recursive: true });
// The source maps stay behind (megabytes nobody needs); their comment goes too, so that a
// browser's developer tools do not ask for them.
for (const name of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
  const text = readFileSync(join(dist, name), "utf8").replace(
    /\n?\/[/*]# sourceMappingURL=\S+?(\*\/)?\s*$/,
    "\n",
  );
  writeFileSync(join(out, name), text);
}
// Apache-2.0: the licence and notice travel with the copy.
for (const name of ["LICENSE", "NOTICE", "swagger-ui-bundle.js.LICENSE.txt"]) {
  copyFileSync(join(dist, name), join(out, name));
}

writeFileSync(
  join(out, "index.html"),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>buccaneer API</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`,
);

// FastAPI's own settings for its Swagger UI page, less what would reach another site:
// validatorUrl null (no badge from validator.swagger.io), and no ?url= or ?configUrl= from
// the address (queryConfigEnabled stays off), so the page only ever shows this server's API.
writeFileSync(
  join(out, "init.js"),
  `"use strict";
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  presets: [SwaggerUIBundle.presets.apis],
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null,
  queryConfigEnabled: false,
});
`,
);
console.log(
  `api-docs: swagger-ui-dist ${JSON.parse(readFileSync(join(dist, "package.json"), "utf8")).version} into ${out}`,
);
