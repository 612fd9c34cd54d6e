// Writes a .br and a .gz beside every compressible file of the build, once, as a CDN would serve them.
import { once } from "node:events";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { contentTypeFor, isCompressible } from "../config/contentTypes";
import { bundleThread } from "./threadBundle";

/** Below this, the bytes saved do not pay for the extra file and the decoding on the client. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Files in flight at once. Each waits on libuv's thread pool (four threads) for its reads, writes and
 * compressions in turn; with one or two per core the pool sat half idle between them: 47 s for the 15,400
 * files of a 5,000-post build here with two in flight, 31 s with sixteen.
 */
const IN_FLIGHT = 16;

/** The file extension of each encoding's sibling, as @hono/node-server's serveStatic looks them up. */
export const SIBLINGS = { br: ".br", gzip: ".gz" } as const;

export type Encoding = keyof typeof SIBLINGS;

/** Code and styles: a few files, the same for every page and cached for good. */
const BUNDLE = /\.(?:m?js|css|wasm)$/;
/** Brotli's quality for the site's bundles: the smallest output, paid for once per bundle. */
export const BUNDLE_QUALITY = zlib.constants.BROTLI_MAX_QUALITY;
/**
 * Brotli's quality for the CMS admin's bundle (admin/), which editors alone load: quality 11 took 51 s of a
 * cold build on its 6 MB here, quality 9 3.5 s, for 11% more bytes.
 */
export const ADMIN_QUALITY = 9;
/**
 * Brotli's quality for everything else (pages, page data, feeds): one file or two per page, so thousands on a
 * big blog. Quality 11 took about 0.1-0.5 s per page here and quality 5 about 2 ms, for some 10% more bytes:
 * what a CDN compressing on the fly sends too.
 */
export const PAGE_QUALITY = 5;

/** The brotli quality a file is compressed at, by its path inside the build ("admin/cms.js"). */
export function brotliQuality(relativePath: string): number {
  if (!BUNDLE.test(relativePath)) return PAGE_QUALITY;
  return relativePath.split(/[\\/]/)[0] === "admin" ? ADMIN_QUALITY : BUNDLE_QUALITY;
}

/**
 * gzip's level for a file compressed at brotli `quality`: the best for the bundles; 6 for the pages and the rest,
 * which only clients without brotli receive (level 9 took a fifth more CPU for 0.4 % fewer bytes on a big blog).
 */
const gzipLevel = (quality: number) => (quality === PAGE_QUALITY ? 6 : 9);

const brotliParams = (quality: number, bytes: Buffer) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});

/**
 * A page-like file's siblings made in this thread, at the pages' quality: for the small files whose cost is
 * measured where they are made (the Markdown twins, twinFiles.ts). Null for an encoding that would not be smaller.
 */
export function pageSiblingsSync(bytes: Buffer): Record<Encoding, Buffer | null> {
  const br = zlib.brotliCompressSync(bytes, brotliParams(PAGE_QUALITY, bytes));
  const gz = zlib.gzipSync(bytes, { level: gzipLevel(PAGE_QUALITY) });
  return { br: br.length < bytes.length ? br : null, gzip: gz.length < bytes.length ? gz : null };
}

function compress(quality: number, bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzip(bytes, { level: gzipLevel(quality) });
  return brotli(bytes, brotliParams(quality, bytes));
}

/** Netlify and Vercel compress at their edge and would upload the siblings as pages of their own. */
export function hostCompresses(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NETLIFY) return "Netlify";
  if (env.VERCEL) return "Vercel";
  return null;
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

async function mtimeOrNull(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** Writes one sibling when it is smaller than the original; a stale or useless one is removed. */
async function writeSibling(
  file: string,
  quality: number,
  raw: Buffer,
  encoding: Encoding,
): Promise<boolean> {
  const sibling = file + SIBLINGS[encoding];
  const packed = await compress(quality, raw, encoding);
  if (packed.length >= raw.length) {
    await fs.rm(sibling, { force: true });
    return false;
  }
  await fs.writeFile(sibling, packed);
  return true;
}

export type PrecompressResult = { files: number; written: number; bytesSaved: number };

/**
 * The siblings of one file of the build in `root` (a compressible one: the caller knows its type), unless it is
 * under MIN_COMPRESS_BYTES or they are newer than it. `raw` spares a read when the caller holds the bytes. The
 * page pass calls it for each page it finishes, so a page is not read again for this.
 */
export async function precompressFile(
  root: string,
  file: string,
  raw?: Buffer,
): Promise<PrecompressResult> {
  const stats = await fs.stat(file);
  if (stats.size < MIN_COMPRESS_BYTES) return { files: 0, written: 0, bytesSaved: 0 };
  let bytes = raw ?? null;
  let written = 0;
  for (const encoding of Object.keys(SIBLINGS) as Encoding[]) {
    const siblingTime = await mtimeOrNull(file + SIBLINGS[encoding]);
    if (siblingTime !== null && siblingTime >= stats.mtimeMs) continue;
    bytes ??= await fs.readFile(file);
    const quality = brotliQuality(path.relative(root, file));
    if (await writeSibling(file, quality, bytes, encoding)) written += 1;
  }
  const br = await fs.stat(file + SIBLINGS.br).catch(() => null);
  return { files: 1, written, bytesSaved: br ? stats.size - br.size : 0 };
}

/**
 * Compresses every compressible file of publicDir (or of its folder `under`) at least MIN_COMPRESS_BYTES
 * long. A sibling newer than its original is kept, so a second run over the same build only does the new files.
 * Several files at a time: zlib's asynchronous calls run on libuv's thread pool.
 */
export async function precompressDir(publicDir: string, under = ""): Promise<PrecompressResult> {
  const root = path.resolve(publicDir);
  const candidates = (await listFiles(path.join(root, under))).filter((file) =>
    isCompressible(contentTypeFor(file)),
  );
  const result: PrecompressResult = { files: 0, written: 0, bytesSaved: 0 };
  const queue = [...candidates];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const one = await precompressFile(root, file);
      result.files += one.files;
      result.written += one.written;
      result.bytesSaved += one.bytesSaved;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return result;
}

/**
 * precompressDir in a thread of its own. In Gatsby's process, whose heap holds the whole site (1.6 GiB at 5,000
 * posts), each burst of compressed buffers set off a full garbage collection of that heap: 61 s for the 15,400
 * files of a 5,000-post build there, 26 to 28 s in a thread with a heap of its own.
 */
export async function precompressInThread(
  publicDir: string,
  cacheDir: string,
  under = "",
): Promise<PrecompressResult> {
  const { file } = bundleThread(
    "precompressWorker.ts",
    path.join(cacheDir, "precompress-worker.cjs"),
  );
  const worker = new Worker(file, { workerData: { publicDir, under } });
  try {
    const [message] = (await once(worker, "message")) as [
      { result?: PrecompressResult; error?: string },
    ];
    if (!message.result) throw new Error(`precompress worker: ${message.error ?? "no answer"}`);
    return message.result;
  } finally {
    await worker.terminate();
  }
}

/**
 * The build step, over publicDir or the folder `under` inside it: null when the host compresses by itself, else
 * what was written.
 */
export async function precompressBuild(
  publicDir: string,
  cacheDir: string,
  env: NodeJS.ProcessEnv = process.env,
  under = "",
): Promise<PrecompressResult | null> {
  if (hostCompresses(env)) return null;
  return precompressInThread(publicDir, cacheDir, under);
}
