export declare function readJsonOrNull(file: string): unknown;
