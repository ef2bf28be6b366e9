'use strict'

/**
 * The collections this API keeps, and what their records hold. Each gets its own routes,
 * storage and checks (src/routes.js, src/store.js): add a field here and every write checks it.
 * @type {import('./store').Resource[]}
 */
const resources = [
  {
    name: 'items',
    singular: 'item',
    fields: {
      title: { type: 'string', required: true },
      done: { type: 'boolean' },
    },
  },
]

module.exports = { resources }
