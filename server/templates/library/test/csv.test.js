'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { parseCsv, csvToObjects, stringifyCsv, objectsToCsv } = require('../src/csv')

test('parseCsv splits rows and fields, with quoted fields', () => {
  assert.deepEqual(parseCsv('a,b,c\n1,2,3\n'), [['a', 'b', 'c'], ['1', '2', '3']])
  assert.deepEqual(parseCsv('name,note\r\n"Smith, Ada","said ""hi""\ntwice"\r\n'), [['name', 'note'], ['Smith, Ada', 'said "hi"\ntwice']])
  assert.deepEqual(parseCsv('\uFEFFa;b\n1;', { delimiter: ';' }), [['a', 'b'], ['1', '']])
  assert.deepEqual(parseCsv(''), [])
})

test('parseCsv refuses an unclosed quote, saying where it starts', () => {
  assert.throws(() => parseCsv('a\n"open,1\n2'), /Unclosed quoted field starting on line 2/)
  assert.throws(() => parseCsv('a', { delimiter: '"' }), RangeError)
})

test('csvToObjects keys each row by the header', () => {
  assert.deepEqual(csvToObjects('name,age,\nAda,36,x\nGrace\n\n'), [
    { name: 'Ada', age: '36', column3: 'x' },
    { name: 'Grace', age: '', column3: '' },
  ])
})

test('stringifyCsv and objectsToCsv quote what needs quoting, and read back the same', () => {
  const rows = [['name', 'note'], ['Smith, Ada', 'said "hi"'], ['Grace', null]]
  assert.equal(stringifyCsv(rows), 'name,note\n"Smith, Ada","said ""hi"""\nGrace,\n')
  assert.deepEqual(parseCsv(stringifyCsv(rows)), [['name', 'note'], ['Smith, Ada', 'said "hi"'], ['Grace', '']])
  assert.equal(objectsToCsv([{ a: 1, b: true }, { b: false, c: { x: 1 } }]), 'a,b,c\n1,true,\n,false,"{""x"":1}"\n')
  // @ts-expect-error deliberately wrong type: callers in plain JavaScript get a clear error
  assert.throws(() => objectsToCsv([1, 2]), TypeError)
})
