// The project's own lint rules (architecture rules an editor shows as you type), as an ESLint plugin.
import { namedChunks } from "./namedChunks.mjs";
import { themeFromModule } from "./themeFromModule.mjs";

export default {
  meta: { name: "local" },
  rules: { "named-chunks": namedChunks, "theme-from-module": themeFromModule },
};
