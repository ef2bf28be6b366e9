export declare function parseDate(text: string): Date
export declare function formatDate(date: Date, pattern?: string): string
export declare function addDays(date: Date, days: number): Date
export declare function daysBetween(from: Date, to: Date): number
export declare function isWeekend(date: Date): boolean
