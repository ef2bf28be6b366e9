'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { createStore } = require('../src/store')

test('adds items with trimmed titles, not done', () => {
  const store = createStore()
  const item = store.add('  Write the README  ')
  assert.equal(item.title, 'Write the README')
  assert.equal(item.done, false)
  assert.deepEqual(store.list(), [item])
})

test('refuses a blank or too long title', () => {
  const store = createStore()
  assert.throws(() => store.add('   '), /title is required/)
  assert.throws(() => store.add('x'.repeat(201)), /at most 200/)
})

test('marks items done and removes them', () => {
  const store = createStore()
  const item = store.add('Ship it')
  assert.equal(store.update(item.id, { done: true })?.done, true)
  assert.equal(store.update(999, { done: true }), undefined)
  assert.equal(store.remove(item.id), true)
  assert.equal(store.remove(item.id), false)
  assert.deepEqual(store.list(), [])
})
