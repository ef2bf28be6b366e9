export declare function parseDuration(text: string): number
export declare function formatDuration(ms: number, options?: { parts?: number }): string
