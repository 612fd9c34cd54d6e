// Types for scaleposts.mjs (used by the scale benchmark and its unit test).
export declare function sourcePosts(blogDir: string): string[];
export declare function generatePosts(siteDir: string, count: number): string[];
export declare function isListedPost(siteDir: string, slug: string): boolean;
export declare function editPost(siteDir: string, slug: string, sentence: string): void;
