// Vitest configuration: unit and component tests under tests/unit, Node by default, no network.
import { defineConfig } from "vitest/config";
import { abFlagsScript, bundleLoaderScript } from "./src/gatsby/inlineCode";
import { serverRendererConstants } from "./src/gatsby/onCreateWebpackConfig";

const SERVER_TESTS = [
  "tests/unit/server/**/*.test.{ts,tsx}",
  "tests/unit/security/**/*.test.{ts,tsx}",
  // The scripts GitHub Actions runs (.github/workflows/), on the Node 24 they run on there.
  "tests/unit/workflows/**/*.test.{ts,tsx}",
];

export default defineConfig({
  // What the server renderer gets from the build (gatsby-ssr's head script), for the tests that render it.
  define: serverRendererConstants(),
  test: {
    // The inline scripts as the build compiles them: esbuild cannot run inside a jsdom environment, so the
    // DOM tests of the compiled scripts take them from here (tests/unit/setup/inlineScripts.d.ts).
    provide: { inlineScripts: { abFlags: abFlagsScript(), bundleLoader: bundleLoaderScript() } },
    // Two projects: the functions, the headers they send and the workflows' scripts run on the hosts' Node
    // (npm test's `server` step runs that project with it), everything else on this machine's.
    projects: [
      {
        extends: true,
        test: {
          name: "site",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: SERVER_TESTS,
        },
      },
      { extends: true, test: { name: "server", include: SERVER_TESTS } },
    ],
    // Component tests opt into a DOM with a `// @vitest-environment jsdom` comment at the top.
    environment: "node",
    // Refuses requests to anything but loopback, so a test can never reach a real upstream.
    setupFiles: ["tests/unit/setup/no-network.ts"],
    // A hang still fails, but a busy 2-core machine (a build beside the suite) must not fail a slow test.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
