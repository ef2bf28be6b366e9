/**
 * The one rule for text anywhere in the API and the forms: it must be storable as PostgreSQL
 * text, which holds UTF-8 without NUL. So U+0000 and a UTF-16 surrogate without its partner (which
 * no UTF-8 encodes) are refused, with the same message on the server and in the forms.
 */
// The NUL is the point of this pattern.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const TEXT_MESSAGES = {
  unstorable: 'Must not contain the NUL character (U+0000) or an unpaired surrogate',
  notFinite: 'Must be a finite number',
  tooDeep: 'Nested too deeply',
} as const

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text)

/** `text` as a literal inside a regular expression. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
