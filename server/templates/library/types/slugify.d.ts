export interface SlugOptions {
  /** Between words (default '-'). */
  separator?: string
  /** The longest slug, cut at a word's end (default 80). */
  maxLength?: number
}
export declare function slugify(text: string, options?: SlugOptions): string
export declare function uniqueSlug(text: string, taken: Iterable<string>, options?: SlugOptions): string
