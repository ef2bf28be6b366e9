'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { isEmail, normalizeEmail, validateEmails } = require('../src/emails')

test('isEmail accepts the addresses people use', () => {
  for (const address of ['ada@example.com', 'first.last+tag@mail.example.co.uk', " o'brien@example.ie ", 'x@sub-domain.example.org']) {
    assert.equal(isEmail(address), true, address)
  }
})

test('isEmail refuses what is not an address', () => {
  for (const address of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@@example.com', 'a..b@example.com', '.ada@example.com', 'ada@-example.com', 'ada@example.c0m', 'ada smith@example.com', 'x'.repeat(65) + '@example.com']) {
    assert.equal(isEmail(address), false, address)
  }
  // @ts-expect-error deliberately wrong type: callers in plain JavaScript get false
  assert.equal(isEmail(null), false)
})

test('normalizeEmail trims and lower-cases the domain', () => {
  assert.equal(normalizeEmail('  Ada@Example.COM '), 'Ada@example.com')
  assert.throws(() => normalizeEmail('nope'), TypeError)
})

test('validateEmails sorts a list into valid (normalized, once each) and invalid', () => {
  assert.deepEqual(validateEmails(['a@example.com', 'A@EXAMPLE.com', 'bad', 'a@Example.com']), { valid: ['a@example.com', 'A@example.com'], invalid: ['bad'] })
})
