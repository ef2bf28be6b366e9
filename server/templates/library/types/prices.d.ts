export interface PriceOptions {
  /** An ISO 4217 code (default 'USD'). */
  currency?: string
  /** A BCP 47 locale (default 'en-US'). */
  locale?: string
}
export declare function formatPrice(amount: number, options?: PriceOptions): string
export declare function parsePrice(text: string): number
export declare function sumPrices(amounts: Iterable<number>): number
