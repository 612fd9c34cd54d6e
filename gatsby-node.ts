/** Gatsby Node APIs: each lives in src/gatsby/ and is only re-exported here. */
export {};
