/** Types of what scripts/start.mjs exports, for the test harness. */
export declare const MALLOC_SETTINGS: Readonly<Record<string, string>>;
export declare function buildIsStale(): boolean;
export declare function ensureBuilt(): void;
