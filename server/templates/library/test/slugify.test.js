'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { slugify, uniqueSlug } = require('../src/slugify')

test('slugify makes lower-case words joined by dashes', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world')
  assert.equal(slugify('  Crème brûlée & café  '), 'creme-brulee-and-cafe')
  assert.equal(slugify('Node.js 20 release notes'), 'node-js-20-release-notes')
  assert.equal(slugify('***'), '')
})

test('slugify takes another separator, and cuts long text at a word', () => {
  assert.equal(slugify('Hello World', { separator: '_' }), 'hello_world')
  assert.equal(slugify('one two three four', { maxLength: 9 }), 'one-two')
  assert.throws(() => slugify('x', { maxLength: 0 }), RangeError)
  // @ts-expect-error deliberately wrong type: callers in plain JavaScript get a clear error
  assert.throws(() => slugify(42), TypeError)
})

test('uniqueSlug numbers a slug that is taken', () => {
  assert.equal(uniqueSlug('My Post', []), 'my-post')
  assert.equal(uniqueSlug('My Post', ['my-post']), 'my-post-2')
  assert.equal(uniqueSlug('My Post', ['my-post', 'my-post-2']), 'my-post-3')
})
