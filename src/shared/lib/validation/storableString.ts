import { string } from 'yup'
import { isStorableText, TEXT_MESSAGES } from '@contracts/text'

/**
 * A Yup string that follows the API's rule for text (no NUL, no unpaired surrogate), with the
 * message the server gives for it: every form's text fields start from this instead of `string()`.
 */
export const storableString = () =>
  string().test('storable', TEXT_MESSAGES.unstorable, (value) => value === undefined || isStorableText(value))
