// After `vite build` (package.json's postbuild): writes FILE.br and FILE.gz next to every
// compressible file of the build output, so that the server sends the smaller copy as it is
// (src/buccaneer/server/webclient.py picks one by the request's Accept-Encoding) instead of
// compressing the same bytes again for every request, or not at all.
//
// Only Node's own zlib, at its slowest and smallest settings: this runs once per build.
// Tiny files are left alone (the encoding's header and the client's decoding gain nothing),
// and so is any copy that does not come out smaller than its original.
//
// usage: node scripts/compress.mjs [DIR]   (DIR: the build output, ../src/buccaneer/server/static)
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json"]);
const MIN_BYTES = 1024;

const dir =
  process.argv[2] ?? fileURLToPath(new URL("../../src/buccaneer/server/static", import.meta.url));

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase())) yield path;
  }
}

const encoders = {
  // gzip's header carries no time and no name here (Node writes mtime 0): the same input
  // gives the same bytes, build after build.
  gz: (data) => gzipSync(data, { level: 9 }),
  br: (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
};

const total = { files: 0, raw: 0, gz: 0, br: 0 };
for (const path of files(dir)) {
  const data = readFileSync(path);
  const sizes = {};
  for (const [suffix, encode] of Object.entries(encoders)) {
    const copy = data.length >= MIN_BYTES ? encode(data) : null;
    if (copy !== null && copy.length < data.length) {
      writeFileSync(`${path}.${suffix}`, copy);
      sizes[suffix] = copy.length;
    } else {
      // A copy left from an earlier run would be served for a file it no longer matches.
      rmSync(`${path}.${suffix}`, { force: true });
      sizes[suffix] = data.length;
    }
    total[suffix] += sizes[suffix];
  }
  total.files += 1;
  total.raw += data.length;
  if (data.length >= 64 * 1024) {
    console.log(
      `compress: ${relative(dir, path)}: ${data.length} bytes, gzip ${sizes.gz}, br ${sizes.br}`,
    );
  }
}
console.log(
  `compress: ${total.files} files in ${dir}: ${total.raw} bytes, gzip ${total.gz}, br ${total.br}`,
);
