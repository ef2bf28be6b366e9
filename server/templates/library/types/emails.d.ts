export declare function isEmail(text: string): boolean
export declare function normalizeEmail(text: string): string
export declare function validateEmails(addresses: Iterable<string>): { valid: string[]; invalid: string[] }
