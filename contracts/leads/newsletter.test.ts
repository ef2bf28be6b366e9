import { normalizeEmail, validateNewsletter } from './newsletter'

describe('validateNewsletter', () => {
  it.each([
    [{}, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 42 }, 'Email is required'],
    [{ email: 'plainaddress' }, 'Please enter a valid email address'],
    [{ email: 'a@b' }, 'Please enter a valid email address'],
    [{ email: 'a b@c.de' }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@b.co` }, 'Email must be at most 254 characters'],
  ])('rejects %j with "%s"', (input, message) => {
    expect(validateNewsletter(input)).toEqual({ email: message })
  })

  it('accepts a valid address, ignoring surrounding blanks', () => {
    expect(validateNewsletter({ email: '  Ada.Lovelace@Example.org ' })).toEqual({})
  })

  it('normalises addresses for storage', () => {
    expect(normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org')
  })
})
