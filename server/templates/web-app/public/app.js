'use strict'

/** @typedef {import('../src/store').Item} Item */

/**
 * The element of index.html with `id`, which must be a `type`: anything else is a bug in the page.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, name: string }} type
 * @returns {T}
 */
function element(id, type) {
  const found = document.getElementById(id)
  if (!(found instanceof type)) throw new Error('The page has no ' + type.name + ' with the id "' + id + '"')
  return found
}

const list = element('items', HTMLUListElement)
const form = element('add-form', HTMLFormElement)
const input = element('title', HTMLInputElement)
const status = element('status', HTMLParagraphElement)

/**
 * Calls the API; resolves to the JSON it answers (null for 204), or rejects with its error.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body] sent as JSON
 * @returns {Promise<unknown>}
 */
async function api(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error((await res.json()).error || 'Request failed')
  return res.status === 204 ? null : res.json()
}

/** @param {Item[]} items */
function render(items) {
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement('li')
      const box = document.createElement('input')
      box.type = 'checkbox'
      box.checked = item.done
      box.setAttribute('aria-label', 'Done: ' + item.title)
      box.addEventListener('change', () => api('PATCH', '/api/items/' + item.id, { done: box.checked }).then(load, show))
      const text = document.createElement('span')
      text.textContent = item.title
      if (item.done) text.className = 'done'
      const remove = document.createElement('button')
      remove.textContent = 'Delete'
      remove.addEventListener('click', () => api('DELETE', '/api/items/' + item.id).then(load, show))
      li.append(box, text, remove)
      return li
    }),
  )
  status.textContent = items.length === 0 ? 'Nothing here yet.' : items.length + ' item(s)'
}

/** @param {unknown} error */
function show(error) {
  status.textContent = error instanceof Error ? error.message : String(error)
}

function load() {
  // GET /api/items answers the list of items.
  return api('GET', '/api/items').then((items) => render(/** @type {Item[]} */ (items)), show)
}

form.addEventListener('submit', (event) => {
  event.preventDefault()
  api('POST', '/api/items', { title: input.value })
    .then(() => {
      input.value = ''
      return load()
    })
    .catch(show)
})

load()
