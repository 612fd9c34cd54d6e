/**
 * A post's reading time from its markdown, as the site shows it ("4 min read") and the CMS preview shows it while
 * the post is written: the words a reader sees at 265 a minute (gatsby-transformer-remark's rate), at least one
 * minute. A character of Chinese or Japanese counts as about half a word, as that plugin counts it.
 *
 * The build works it out once per post from the markdown (onCreateNode.ts). Asking gatsby-transformer-remark for
 * `timeToRead` instead rendered and parsed the post's whole HTML for every card that showed it: 52,669 times in
 * a build of 5,000 posts, in every query worker.
 */

/**
 * What a reader does not read: comments, code fences' lines (their language names), reference definitions,
 * link and image targets, HTML tags.
 */
const UNREAD = [
  /<!--[\s\S]*?-->/g,
  /^ {0,3}(?:`{3,}|~{3,}).*$/gm,
  /^ {0,3}\[[^\]]+\]:\s*\S+.*$/gm,
  /\]\([^)]*\)/g,
  /<[^>]+>/g,
];

const CJ_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

export const WORDS_PER_MINUTE = 265;

/** The words of a markdown text a reader reads (CJ characters at 0.56 of a word each). */
export function readableWords(markdown: string): number {
  const text = UNREAD.reduce((rest, pattern) => rest.replace(pattern, " "), markdown);
  const cj = text.match(CJ_CHARACTER)?.length ?? 0;
  const words = text.replace(CJ_CHARACTER, " ").match(WORD)?.length ?? 0;
  return words + cj * 0.56;
}

/** Minutes to read a markdown text: at least one. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(readableWords(markdown) / WORDS_PER_MINUTE));
}
