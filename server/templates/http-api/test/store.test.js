'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { createCollection, isIsoDate, ValidationError } = require('../src/store')

/** A collection with a field of every type, whatever the project's own collections are. */
const notes = createCollection({
  name: 'notes',
  singular: 'note',
  fields: {
    title: { type: 'string', required: true },
    body: { type: 'string' },
    stars: { type: 'number', min: 0 },
    dueDate: { type: 'date' },
    pinned: { type: 'boolean' },
    email: { type: 'email' },
  },
})

test('keeps a record with its id, its fields and when it was created', () => {
  const note = notes.create({ title: '  Groceries  ', stars: 3, dueDate: '2024-05-01', pinned: true, email: 'ada@example.com' })
  assert.deepEqual(note, { id: note.id, title: 'Groceries', body: null, stars: 3, dueDate: '2024-05-01', pinned: true, email: 'ada@example.com', createdAt: note.createdAt })
  assert.ok(!Number.isNaN(Date.parse(note.createdAt)))
  assert.equal(notes.get(note.id), note)
  assert.ok(notes.list().includes(note))
})

test('gives absent fields null, and a flag false', () => {
  const note = notes.create({ title: 'Bare' })
  assert.equal(note.body, null)
  assert.equal(note.stars, null)
  assert.equal(note.pinned, false)
})

test('refuses a record without its main text, or with a value of the wrong type', () => {
  const refusals = [
    [{}, 'title is required'],
    [{ title: '   ' }, 'title is required'],
    [{ title: 'x'.repeat(201) }, 'title must be at most 200 characters'],
    [{ title: 7 }, 'title must be a string'],
    [{ title: 'A', stars: 'three' }, 'stars must be a number'],
    [{ title: 'A', stars: -1 }, 'stars must be at least 0'],
    [{ title: 'A', dueDate: 'tomorrow' }, 'dueDate must be a date (YYYY-MM-DD)'],
    [{ title: 'A', dueDate: '2024-02-30' }, 'dueDate must be a date (YYYY-MM-DD)'],
    [{ title: 'A', pinned: 'yes' }, 'pinned must be true or false'],
    [{ title: 'A', email: 'not an address' }, 'email must be an email address'],
    [{ title: 'A', colour: 'red' }, 'Unknown field: colour'],
    [[], 'Expected a JSON object'],
    ['text', 'Expected a JSON object'],
  ]
  for (const [body, message] of refusals) {
    assert.throws(() => notes.create(body), (error) => error instanceof ValidationError && error.message === message, JSON.stringify(body))
  }
})

test('reads ISO 8601 dates, with or without a time, of days that exist', () => {
  for (const date of ['2024-05-01', '2024-02-29', '2024-05-01T10:30', '2024-05-01T10:30:00Z', '2024-05-01T10:30:00.123+02:00']) assert.ok(isIsoDate(date), date)
  for (const date of ['2023-02-29', '2024-13-01', '01/05/2024', '2024-5-1', '2024-05-01T25:00', '']) assert.ok(!isIsoDate(date), date)
})

test('replaces every field, updates only those sent, and removes', () => {
  const note = notes.create({ title: 'Draft', body: 'first', stars: 1 })
  const replaced = notes.replace(note.id, { title: 'Final' })
  assert.deepEqual(replaced && [replaced.title, replaced.body, replaced.stars, replaced.createdAt], ['Final', null, null, note.createdAt])
  const updated = notes.update(note.id, { stars: 5 })
  assert.deepEqual(updated && [updated.title, updated.stars], ['Final', 5])
  assert.throws(() => notes.update(note.id, { title: '' }), /title is required/)
  assert.equal(notes.replace(9999, { title: 'None' }), undefined)
  assert.equal(notes.update(9999, { stars: 1 }), undefined)
  assert.equal(notes.remove(note.id), true)
  assert.equal(notes.remove(note.id), false)
  assert.equal(notes.get(note.id), undefined)
})

test('refuses a reference to a record that does not exist, and says which refer to one', () => {
  /** @type {Map<string, import('../src/store').Collection>} */
  const collections = new Map()
  const shelves = createCollection({ name: 'shelves', singular: 'shelf', fields: { name: { type: 'string', required: true } } }, collections)
  const boxes = createCollection({ name: 'boxes', singular: 'box', fields: { shelfId: { type: 'reference', references: 'shelves', required: true } } }, collections)
  collections.set('shelves', shelves).set('boxes', boxes)
  const shelf = shelves.create({ name: 'Top' })
  const box = boxes.create({ shelfId: shelf.id })
  assert.equal(box.shelfId, shelf.id)
  const refusals = [
    [{}, 'shelfId is required'],
    [{ shelfId: 'top' }, 'shelfId must be the id of one of the shelves'],
    [{ shelfId: 1.5 }, 'shelfId must be the id of one of the shelves'],
    [{ shelfId: 0 }, 'shelfId must be the id of one of the shelves'],
    [{ shelfId: 9999 }, 'shelfId: there is no shelf with the id 9999'],
  ]
  for (const [body, message] of refusals) {
    assert.throws(() => boxes.create(body), (error) => error instanceof ValidationError && error.message === message, JSON.stringify(body))
  }
  assert.throws(() => boxes.update(box.id, { shelfId: 9999 }), /there is no shelf with the id 9999/)
  assert.deepEqual(boxes.referring('shelves', shelf.id), { row: box, field: 'shelfId' })
  assert.equal(boxes.referring('shelves', 9999), undefined)
})
