'use strict'

const MAX_TITLE_LENGTH = 200

/** An in-memory list of items, each { id, title, done, createdAt }. */
function createStore() {
  const items = new Map()
  let nextId = 1

  function validTitle(title) {
    if (typeof title !== 'string' || title.trim() === '') throw new TypeError('title is required')
    if (title.trim().length > MAX_TITLE_LENGTH) throw new TypeError('title must be at most ' + MAX_TITLE_LENGTH + ' characters')
    return title.trim()
  }

  return {
    list() {
      return [...items.values()]
    },
    add(title) {
      const item = { id: nextId++, title: validTitle(title), done: false, createdAt: new Date().toISOString() }
      items.set(item.id, item)
      return item
    },
    update(id, changes) {
      const item = items.get(id)
      if (!item) return undefined
      if (changes.title !== undefined) item.title = validTitle(changes.title)
      if (changes.done !== undefined) item.done = Boolean(changes.done)
      return item
    },
    remove(id) {
      return items.delete(id)
    },
  }
}

module.exports = { createStore, MAX_TITLE_LENGTH }
