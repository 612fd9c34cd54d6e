// Vitest configuration: unit and component tests under tests/unit, Node by default, no network.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
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
