import { cleanWaitlist, validateWaitlist } from './waitlist'

const valid = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Compiler Co',
  role: 'architect',
  useCase: '',
  source: '',
}

describe('validateWaitlist', () => {
  it('accepts a complete signup, with or without the optional answers', () => {
    expect(validateWaitlist(valid)).toEqual({})
    expect(validateWaitlist({ ...valid, useCase: 'Internal tools', source: 'conference', plan: 'team', product: 'research-pro' })).toEqual({})
  })

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['email', { email: ' ' }, 'Email is required'],
    ['email', { email: 'grace' }, 'Please enter a valid email'],
    ['email', { email: `${'g'.repeat(250)}@b.co` }, 'Email must be at most 254 characters'],
    ['company', { company: '   ' }, 'Company or project name is required'],
    ['company', { company: 'c'.repeat(201) }, 'Company or project name must be at most 200 characters'],
    ['role', { role: '' }, 'Role is required'],
    ['role', { role: 'intern' }, 'Role is required'],
    ['useCase', { useCase: 'u'.repeat(2001) }, 'Use case must be at most 2000 characters'],
    ['source', { source: 'radio' }, 'Please choose one of the listed options'],
    ['plan', { plan: 'enterprise' }, 'Unknown plan'],
    ['product', { product: 'spaceship' }, 'Unknown product'],
  ])('rejects a bad %s: %j', (field, change, message) => {
    expect(validateWaitlist({ ...valid, ...change })).toEqual({ [field]: message })
  })

  it('names every invalid field at once', () => {
    expect(Object.keys(validateWaitlist({}))).toEqual(['name', 'email', 'company', 'role'])
  })
})

describe('cleanWaitlist', () => {
  it('trims the text and leaves out empty optional answers', () => {
    expect(cleanWaitlist({ ...valid, name: ' Grace ', source: '' })).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      company: 'Compiler Co',
      role: 'architect',
      useCase: '',
    })
    expect(cleanWaitlist({ ...valid, source: 'search', plan: 'developer', product: 'research-basic' })).toMatchObject({
      source: 'search',
      plan: 'developer',
      product: 'research-basic',
    })
  })

  it('refuses an invalid signup', () => {
    expect(() => cleanWaitlist({ ...valid, role: 'intern' })).toThrow()
  })
})
