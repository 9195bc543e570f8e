// Types of bundler.mjs (plain JavaScript: the command line's start uses it before any TypeScript loader).
export declare const bundleDir: (root: string) => string;
export declare function bundleTo(
  root: string,
  entry: { contents: string; sourcefile: string },
  file: string,
): Promise<string | undefined>;
export declare function pruneBundles(root: string, keep: string, name: string): void;
export declare function sourcesKey(root: string, dirs: readonly string[]): string;
export declare function cliBundle(root: string): Promise<string | undefined>;
