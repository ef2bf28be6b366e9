export interface CsvOptions {
  /** Between fields (default ','). */
  delimiter?: string
}
export declare function parseCsv(text: string, options?: CsvOptions): string[][]
export declare function csvToObjects(text: string, options?: CsvOptions): Record<string, string>[]
export declare function stringifyCsv(rows: readonly (readonly unknown[])[], options?: CsvOptions): string
export declare function objectsToCsv(objects: readonly Record<string, unknown>[], options?: CsvOptions): string
