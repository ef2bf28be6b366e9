export declare function formatBytes(bytes: number, options?: { decimals?: number }): string
export declare function parseBytes(text: string): number
