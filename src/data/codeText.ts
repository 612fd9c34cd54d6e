/** The code a sample shows: as written, without trailing blank lines. Kept apart from the highlighter so page bundles never load Prism. */
export const sampleCode = (code: string) => code.replace(/\n+$/, "");
