export declare function chunk<T>(items: readonly T[], size: number): T[][]
export declare function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]>
export declare function unique<T>(items: Iterable<T>, keyOf?: (item: T) => unknown): T[]
