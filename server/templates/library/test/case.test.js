'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { camelCase, pascalCase, kebabCase, snakeCase, constantCase, titleCase, wordsOf } = require('../src/case')

test('wordsOf finds the words of a name in any case', () => {
  assert.deepEqual(wordsOf('userID'), ['user', 'id'])
  assert.deepEqual(wordsOf('parseHTTPResponse'), ['parse', 'http', 'response'])
  assert.deepEqual(wordsOf('  user-id / USER_ID  '), ['user', 'id', 'user', 'id'])
  assert.deepEqual(wordsOf(''), [])
})

test('converts between cases', () => {
  assert.equal(camelCase('Hello world'), 'helloWorld')
  assert.equal(pascalCase('hello-world'), 'HelloWorld')
  assert.equal(kebabCase('helloWorld'), 'hello-world')
  assert.equal(snakeCase('Hello World'), 'hello_world')
  assert.equal(constantCase('helloWorld'), 'HELLO_WORLD')
  assert.equal(titleCase('hello_world'), 'Hello World')
  // @ts-expect-error deliberately wrong type: callers in plain JavaScript get a clear error
  assert.throws(() => camelCase(null), TypeError)
})
