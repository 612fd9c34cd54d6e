/**
 * V8's explicit compile hints for the chunks a visitor's first tap runs through.
 *
 * V8 compiles a function lazily, on its first call, on the main thread. A first tap calls much code for the first
 * time (React's event system and renderer, Amplitude's click capture), and the bench's traces show that compiling
 * it took about as long as running it, inside the tap's frame (docs/performance.md). A script whose first line is
 * the magic comment below has every function compiled when the script itself is compiled: for a script loaded
 * from the network that is on a background thread while it streams in, before any tap.
 *
 * Only the chunks every tap uses get the hint: eager compilation costs memory and compile time for functions that
 * may never run, so page chunks and the rest stay lazy. The comment is added after minification (which would
 * strip it) and before the content hashes are computed, so the file names change with it.
 */
import type { Compiler } from "webpack";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** What the plugin knows of a chunk: its name and where its modules come from. */
export interface ChunkFacts {
  name: string | null | undefined;
  resources: Iterable<string>;
}

/**
 * Chunks named here are hinted whole: React (framework), the site's own start-up code (app), and the analytics
 * runner, whose click listener runs in every tap of a visitor who allowed analytics (compiling it took about 1 ms
 * of a tap's processing at 4x, on the header menu and on the lead submit alike).
 */
export const HINTED_CHUNK_NAMES: readonly string[] = ["framework", "app", "analytics-runner"];

/** Chunks holding a module from these packages are hinted too: Amplitude's click capture runs on every tap. */
export const HINTED_PACKAGES: readonly string[] = ["@amplitude/"];

export function wantsCompileHint(chunk: ChunkFacts): boolean {
  if (chunk.name && HINTED_CHUNK_NAMES.includes(chunk.name)) return true;
  for (const resource of chunk.resources) {
    const normalized = resource.replace(/\\/g, "/");
    if (HINTED_PACKAGES.some((pkg) => normalized.includes(`/node_modules/${pkg}`))) return true;
  }
  return false;
}

/** COMPILE_HINTS=0 (or false) builds without the hints, to measure what they change. */
export function compileHintsWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  return !["0", "false"].includes((env["COMPILE_HINTS"] ?? "").trim().toLowerCase());
}

export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("CompileHintsPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        // After Terser (OPTIMIZE_SIZE), before the real content hashes (OPTIMIZE_HASH).
        { name: "CompileHintsPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            const resources = function* () {
              for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
                // A concatenated module answers for its root only; the packages are among its parts.
                const parts = (module as { modules?: Iterable<typeof module> }).modules ?? [module];
                for (const part of parts) {
                  const resource = part.nameForCondition();
                  if (resource) yield resource;
                }
              }
            };
            if (!wantsCompileHint({ name: chunk.name, resources: resources() })) continue;
            for (const file of chunk.files) {
              if (!file.endsWith(".js")) continue;
              compilation.updateAsset(file, (old) => {
                const text = old.source().toString();
                if (text.startsWith(COMPILE_HINT)) return old;
                return new sources.ConcatSource(`${COMPILE_HINT}\n`, old);
              });
            }
          }
        },
      );
    });
  }
}
