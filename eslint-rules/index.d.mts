// Types for the local ESLint plugin, so TypeScript tests can import its rules.
import type { Rule } from "eslint";

declare const plugin: {
  meta: { name: string };
  rules: Record<"named-chunks" | "theme-from-module", Rule.RuleModule>;
};
export default plugin;
