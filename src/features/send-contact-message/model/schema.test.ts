import { validateYupSchema, yupToFormErrors } from 'formik'
import { TEXT_MESSAGES, validateContact } from '@/shared/lib/validation'
import { contactSchema, type ContactValues } from './schema'

const valid: ContactValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: '',
  subject: 'demo',
  message: 'Please show us the platform.',
  website: '',
}

/** The errors the form shows for `values`, as Formik computes them from the schema. */
const formErrors = async (values: ContactValues): Promise<Record<string, string>> => {
  try {
    await validateYupSchema(values, contactSchema)
    return {}
  } catch (error) {
    return yupToFormErrors(error) as Record<string, string>
  }
}

describe('contactSchema', () => {
  it.each<[string, Partial<ContactValues>]>([
    ['a valid message', {}],
    ['blanks everywhere', { name: ' ', email: ' ', subject: '', message: '  ' }],
    ['a long name', { name: 'n'.repeat(101) }],
    ['an address without a dot', { email: 'ada@example' }],
    ['an address with a space', { email: 'a da@example.com' }],
    ['a long address', { email: `${'a'.repeat(250)}@b.co` }],
    ['a long company', { company: 'c'.repeat(201) }],
    ['a message of 9 characters after trimming', { message: '  123456789  ' }],
    ['a message of exactly 10 characters', { message: '1234567890' }],
    ['a long message', { message: 'm'.repeat(5001) }],
  ])('agrees with the server’s rules on %s', async (_case, change) => {
    const values = { ...valid, ...change }
    const { website: _website, ...fields } = values
    expect(await formErrors(values)).toEqual(validateContact(fields))
  })
})

describe('contactSchema and text that cannot be stored', () => {
  it.each(['name', 'email', 'company', 'message'] as const)('gives the server’s message for a NUL or a lone surrogate in %s', async (field) => {
    for (const bad of ['\u0000', '\uD800']) {
      const errors = await formErrors({ ...valid, [field]: `${valid[field] || 'text'}${bad} and more text` })
      expect(errors[field]).toBe(TEXT_MESSAGES.unstorable)
    }
  })
})
