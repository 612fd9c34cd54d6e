// Vitest configuration for tests/build: each test builds a scratch copy of the site with `gatsby build`
// (minutes, not milliseconds), so they run as their own step of npm test, not with the unit tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/build/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/unit/setup/no-network.ts"],
    // A cold build of the whole site, CMS admin included, on a shared 2-core machine.
    testTimeout: 30 * 60_000,
    hookTimeout: 30 * 60_000,
    fileParallelism: false,
  },
});
