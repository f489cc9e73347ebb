/** Types of scripts/server.mjs (see there). */
export declare const SERVER_ENTRY: string;
export declare const IMPORT_ENTRY: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare function buildServer(): Promise<void>;
export declare function serverArgs(): string[];
export declare function importNodeFlags(env: Record<string, string | undefined>): string[];
export declare function importArgs(args: string[], env?: Record<string, string | undefined>): string[];
export declare function serverEnv(): Record<string, string>;
export declare function undeclaredServerPackages(
  metafile: { inputs: Record<string, { imports: { path: string; external?: boolean }[] }> },
  dependencies: Record<string, string>,
): { name: string; from: string }[];
