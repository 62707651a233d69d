// The types of build-state.mjs (plain JavaScript, read by `npm start` before anything is compiled).
export type BuildName = 'client' | 'server';
export declare const root: string;
export declare const BUILDS: Record<BuildName, { outputs: string[]; sources: string[] }>;
export declare function isStale(name: BuildName): boolean;
export declare function staleBuilds(): BuildName[];
