import { isStorableText } from './text'

describe('isStorableText', () => {
  it('accepts ordinary text, emoji and other astral characters', () => {
    for (const text of ['', 'Ada Lovelace', 'naïve café', '日本語', '👩🏽‍💻 ships', '\t\n\r text'])
      expect(isStorableText(text)).toBe(true)
  })

  it('refuses NUL anywhere in the text', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) expect(isStorableText(text)).toBe(false)
  })

  it('refuses a high or low surrogate without its partner', () => {
    for (const text of ['\uD800', 'a\uD83D', '\uDC00b', 'x\uDE00y', '\uDE00\uD83D']) expect(isStorableText(text)).toBe(false)
  })
})
