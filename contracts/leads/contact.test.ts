import { cleanContact, validateContact } from './contact'

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  subject: 'demo',
  message: 'Please show us the DevLoop Matrix.',
}

describe('validateContact', () => {
  it('accepts a complete message, with or without a company or product', () => {
    expect(validateContact(valid)).toEqual({})
    expect(validateContact({ ...valid, company: '' })).toEqual({})
    expect(validateContact({ ...valid, company: undefined, product: 'research-enterprise' })).toEqual({})
  })

  it.each([
    ['name', { name: '  ' }, 'Name is required'],
    ['name', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'ada@example' }, 'Please enter a valid email'],
    ['email', { email: 'ada @example.com' }, 'Please enter a valid email'],
    ['email', { email: `${'a'.repeat(250)}@b.co` }, 'Email must be at most 254 characters'],
    ['company', { company: 'c'.repeat(201) }, 'Company must be at most 200 characters'],
    ['subject', { subject: '' }, 'Please select a subject'],
    ['subject', { subject: 'pricing' }, 'Please select a subject'],
    ['message', { message: ' ' }, 'Message is required'],
    ['message', { message: ' too short ' }, 'Message must be at least 10 characters'],
    ['message', { message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
    ['product', { product: 'spaceship' }, 'Unknown product'],
    ['name', { name: 42 }, 'Name is required'],
  ])('rejects a bad %s: %j', (field, change, message) => {
    expect(validateContact({ ...valid, ...change })).toEqual({ [field]: message })
  })

  it('names every invalid field at once', () => {
    expect(Object.keys(validateContact({}))).toEqual(['name', 'email', 'subject', 'message'])
  })
})

describe('cleanContact', () => {
  it('trims the text and keeps the product only when given', () => {
    expect(cleanContact({ ...valid, name: '  Ada  ', company: undefined })).toEqual({ ...valid, name: 'Ada', company: '' })
    expect(cleanContact({ ...valid, product: 'enterprise' }).product).toBe('enterprise')
  })

  it('refuses an invalid message', () => {
    expect(() => cleanContact({ ...valid, subject: 'nope' })).toThrow()
  })
})
