'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { parseDate, formatDate, addDays, daysBetween, isWeekend } = require('../src/dates')

test('parseDate reads ISO dates and times, of days that exist', () => {
  assert.equal(parseDate('2024-05-01').toISOString(), '2024-05-01T00:00:00.000Z')
  assert.equal(parseDate('2024/02/29').toISOString(), '2024-02-29T00:00:00.000Z')
  assert.equal(parseDate('2024-05-01T10:30:00Z').toISOString(), '2024-05-01T10:30:00.000Z')
  assert.equal(parseDate('2024-05-01T10:30').toISOString(), '2024-05-01T10:30:00.000Z')
  assert.throws(() => parseDate('01/05/2024'), SyntaxError)
  assert.throws(() => parseDate('2023-02-29'), RangeError)
  // @ts-expect-error deliberately wrong type: callers in plain JavaScript get a clear error
  assert.throws(() => parseDate(20240501), TypeError)
})

test('formatDate writes a date with a pattern', () => {
  const date = parseDate('2024-03-09')
  assert.equal(formatDate(date), '2024-03-09')
  assert.equal(formatDate(date, 'DD.MM.YYYY'), '09.03.2024')
  assert.equal(formatDate(date, 'MMM D, YYYY'), 'Mar 9, 2024')
  assert.equal(formatDate(date, 'dddd, D MMMM'), 'Saturday, 9 March')
  assert.throws(() => formatDate(new Date('nope')), TypeError)
})

test('addDays and daysBetween count whole days', () => {
  const start = parseDate('2024-02-28')
  assert.equal(formatDate(addDays(start, 1)), '2024-02-29')
  assert.equal(formatDate(addDays(start, 2)), '2024-03-01')
  assert.equal(formatDate(addDays(start, -28)), '2024-01-31')
  assert.equal(daysBetween(parseDate('2024-01-01'), parseDate('2025-01-01')), 366)
  assert.equal(daysBetween(parseDate('2024-05-10'), parseDate('2024-05-01')), -9)
  assert.throws(() => addDays(start, 1.5), RangeError)
})

test('isWeekend tells Saturdays and Sundays', () => {
  assert.deepEqual(['2024-05-03', '2024-05-04', '2024-05-05', '2024-05-06'].map((day) => isWeekend(parseDate(day))), [false, true, true, false])
})
