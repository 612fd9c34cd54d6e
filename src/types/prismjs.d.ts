/** The part of Prism's API the highlighter uses (the package ships no types; its language files are side effects). */
declare module "prismjs" {
  interface Grammar {
    [token: string]: unknown;
  }
  const Prism: {
    languages: Record<string, Grammar | undefined>;
    highlight(text: string, grammar: Grammar, language: string): string;
  };
  export default Prism;
}
declare module "prismjs/components/*";
