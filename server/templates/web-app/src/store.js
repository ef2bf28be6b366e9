'use strict'

const MAX_TITLE_LENGTH = 200

/**
 * @typedef {object} Item
 * @property {number} id
 * @property {string} title
 * @property {boolean} done
 * @property {string} createdAt when it was added, in ISO 8601
 */

/**
 * What a client may change of an item; each field is checked before it is kept.
 * @typedef {{ title?: unknown, done?: unknown }} ItemChanges
 */

/** @typedef {ReturnType<typeof createStore>} Store */

/** An in-memory list of items, each { id, title, done, createdAt }. */
function createStore() {
  /** @type {Map<number, Item>} */
  const items = new Map()
  let nextId = 1

  /**
   * @param {unknown} title
   * @returns {string}
   */
  function validTitle(title) {
    if (typeof title !== 'string' || title.trim() === '') throw new TypeError('title is required')
    if (title.trim().length > MAX_TITLE_LENGTH) throw new TypeError('title must be at most ' + MAX_TITLE_LENGTH + ' characters')
    return title.trim()
  }

  return {
    list() {
      return [...items.values()]
    },
    /** @param {unknown} title */
    add(title) {
      const item = { id: nextId++, title: validTitle(title), done: false, createdAt: new Date().toISOString() }
      items.set(item.id, item)
      return item
    },
    /**
     * @param {number} id
     * @param {ItemChanges} changes
     */
    update(id, changes) {
      const item = items.get(id)
      if (!item) return undefined
      if (changes.title !== undefined) item.title = validTitle(changes.title)
      if (changes.done !== undefined) item.done = Boolean(changes.done)
      return item
    },
    /** @param {number} id */
    remove(id) {
      return items.delete(id)
    },
  }
}

module.exports = { createStore, MAX_TITLE_LENGTH }
