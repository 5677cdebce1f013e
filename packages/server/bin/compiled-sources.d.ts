// Types of compiled-sources.js (plain JavaScript, see there), for the TypeScript that imports it.
export declare const COMPILED_DIR: string;
export declare function compiledName(source: Uint8Array): string;
export declare function serveCompiledSources(dir?: string): boolean;
export declare function sourceDirectories(packageRoot?: string): string[];
export declare function compileSources(directories?: readonly string[], out?: string): number;
