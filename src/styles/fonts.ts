/** The self-hosted variable font files (from npm), shared by GlobalStyle and the preload link. */
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2";

export const fontFiles = { interLatin, interLatinExt } as const;
