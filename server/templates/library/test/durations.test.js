'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { parseDuration, formatDuration } = require('../src/durations')

test('parseDuration reads durations as people write them', () => {
  assert.equal(parseDuration('1h 30m'), 5_400_000)
  assert.equal(parseDuration('2 days'), 172_800_000)
  assert.equal(parseDuration('1.5h'), 5_400_000)
  assert.equal(parseDuration('90s'), 90_000)
  assert.equal(parseDuration('1 hour and 5 minutes'), 3_900_000)
  assert.equal(parseDuration('250ms'), 250)
  assert.equal(parseDuration('1:30:00'), 5_400_000)
  assert.equal(parseDuration('45:10'), 2_710_000)
})

test('parseDuration refuses what is not a duration', () => {
  for (const text of ['', 'soon', '10', '5 parsecs', '1h later']) assert.throws(() => parseDuration(text), SyntaxError, text)
})

test('formatDuration writes the largest units, the smallest rounded', () => {
  assert.equal(formatDuration(5_400_000), '1h 30m')
  assert.equal(formatDuration(90_000), '1m 30s')
  assert.equal(formatDuration(3_600_000), '1h')
  assert.equal(formatDuration(93_784_000, { parts: 3 }), '1d 2h 3m')
  assert.equal(formatDuration(999), '999ms')
  assert.equal(formatDuration(parseDuration('2h 15m')), '2h 15m')
  assert.throws(() => formatDuration(-1), RangeError)
})
