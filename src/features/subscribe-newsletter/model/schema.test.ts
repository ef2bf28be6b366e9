import { validateYupSchema, yupToFormErrors } from 'formik'
import { NEWSLETTER_MESSAGES, TEXT_MESSAGES } from '@/shared/lib/validation'
import { newsletterSchema } from './schema'

const formErrors = async (email: string): Promise<Record<string, string>> => {
  try {
    await validateYupSchema({ email }, newsletterSchema)
    return {}
  } catch (error) {
    return yupToFormErrors(error) as Record<string, string>
  }
}

describe('newsletterSchema', () => {
  it('accepts an address and refuses a blank one', async () => {
    expect(await formErrors('ada@example.com')).toEqual({})
    expect(await formErrors('  ')).toEqual({ email: NEWSLETTER_MESSAGES.emailRequired })
  })

  it('gives the server’s message for a NUL or a lone surrogate in the address', async () => {
    expect(await formErrors('ada\u0000@example.com')).toEqual({ email: TEXT_MESSAGES.unstorable })
    expect(await formErrors('ada\uD83D@example.com')).toEqual({ email: TEXT_MESSAGES.unstorable })
  })
})
