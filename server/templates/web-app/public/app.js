'use strict'

const list = document.getElementById('items')
const form = document.getElementById('add-form')
const input = document.getElementById('title')
const status = document.getElementById('status')

async function api(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error((await res.json()).error || 'Request failed')
  return res.status === 204 ? null : res.json()
}

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

function show(error) {
  status.textContent = error.message
}

function load() {
  return api('GET', '/api/items').then(render, show)
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
