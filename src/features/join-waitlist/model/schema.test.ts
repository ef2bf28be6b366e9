import { validateYupSchema, yupToFormErrors } from 'formik'
import { TEXT_MESSAGES, validateWaitlist } from '@/shared/lib/validation'
import { waitlistSchema, type WaitlistValues } from './schema'

const valid: WaitlistValues = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Compiler Co',
  role: 'architect',
  useCase: '',
  hear: '',
  website: '',
}

/** The errors the form shows for `values`, as Formik computes them from the schema. */
const formErrors = async (values: WaitlistValues): Promise<Record<string, string>> => {
  try {
    await validateYupSchema(values, waitlistSchema)
    return {}
  } catch (error) {
    return yupToFormErrors(error) as Record<string, string>
  }
}

/** The server's errors with its `source` named as the form's `hear`. */
const serverErrors = ({ hear, website: _website, ...fields }: WaitlistValues): Record<string, string> => {
  const { source, ...errors } = validateWaitlist({ ...fields, source: hear })
  return { ...errors, ...(source && { hear: source }) }
}

describe('waitlistSchema', () => {
  it.each<[string, Partial<WaitlistValues>]>([
    ['a valid signup', {}],
    ['a signup with every optional answer', { useCase: 'Internal tools', hear: 'search' }],
    ['blanks everywhere', { name: ' ', email: ' ', company: ' ', role: '' }],
    ['a long name', { name: 'n'.repeat(101) }],
    ['an invalid address', { email: 'grace@example' }],
    ['a long address', { email: `${'g'.repeat(250)}@b.co` }],
    ['a long company', { company: 'c'.repeat(201) }],
    ['a long use case', { useCase: 'u'.repeat(2001) }],
  ])('agrees with the server’s rules on %s', async (_case, change) => {
    const values = { ...valid, ...change }
    expect(await formErrors(values)).toEqual(serverErrors(values))
  })
})

describe('waitlistSchema and text that cannot be stored', () => {
  it.each(['name', 'email', 'company', 'useCase'] as const)('gives the server’s message for a NUL or a lone surrogate in %s', async (field) => {
    for (const bad of ['\u0000', '\uDFFF']) {
      const errors = await formErrors({ ...valid, [field]: `${valid[field] || 'text'}${bad}` })
      expect(errors[field]).toBe(TEXT_MESSAGES.unstorable)
    }
  })
})
