'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { formatPrice, parsePrice, sumPrices } = require('../src/prices')

test('formatPrice writes an amount in a currency and a locale', () => {
  assert.equal(formatPrice(1234.5), '$1,234.50')
  assert.equal(formatPrice(0), '$0.00')
  assert.equal(formatPrice(-3.2), '-$3.20')
  assert.equal(formatPrice(9.99, { currency: 'EUR', locale: 'en-US' }), '€9.99')
  assert.throws(() => formatPrice(Number.NaN), TypeError)
  assert.throws(() => formatPrice(1, { currency: 'dollars' }), RangeError)
})

test('parsePrice reads the amount of a price as people write it', () => {
  assert.equal(parsePrice('$1,234.50'), 1234.5)
  assert.equal(parsePrice('1.234,50 €'), 1234.5)
  assert.equal(parsePrice('USD 99'), 99)
  assert.equal(parsePrice('-$5.25'), -5.25)
  assert.throws(() => parsePrice('free'), SyntaxError)
})

test('sumPrices adds to the cent without drift', () => {
  assert.equal(sumPrices([0.1, 0.2]), 0.3)
  assert.equal(sumPrices([19.99, 5.01, 0]), 25)
  assert.equal(sumPrices([]), 0)
  assert.throws(() => sumPrices([1, Number.POSITIVE_INFINITY]), TypeError)
})
