'use strict'

/**
 * The page's collections: each `<section data-collection>` has a form whose inputs are a record's
 * fields (the first is its main text) and a list of the records, kept in step with the JSON API at
 * /api/<collection>.
 */

/** @typedef {string | number | boolean | null} Value */
/** @typedef {{ id: number, createdAt: string, [field: string]: Value }} Row */

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

/**
 * The element matching `selector` in `root`, which must be a `type`: anything else is a bug in the page.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{ new (): T, name: string }} type
 * @returns {T}
 */
function part(root, selector, type) {
  const found = root.querySelector(selector)
  if (!(found instanceof type)) throw new Error('The page has no ' + type.name + ' matching "' + selector + '"')
  return found
}

/**
 * A form's values as the API expects them: numbers as numbers, a checkbox as true or false, and
 * empty optional fields left out.
 * @param {HTMLInputElement[]} inputs
 */
function valuesOf(inputs) {
  /** @type {Record<string, string | number | boolean>} */
  const values = {}
  for (const input of inputs) {
    if (input.type === 'checkbox') values[input.name] = input.checked
    else if (input.value !== '') values[input.name] = input.type === 'number' ? input.valueAsNumber : input.value
  }
  return values
}

/**
 * Sets up one collection's section: lists its records, adds them from its form, marks their flags
 * and deletes them.
 * @param {HTMLElement} section
 */
function setUp(section) {
  const url = '/api/' + section.dataset.collection
  const singular = section.dataset.singular || 'record'
  const form = part(section, 'form', HTMLFormElement)
  const list = part(section, 'ul', HTMLUListElement)
  const message = part(section, '[role="status"]', HTMLParagraphElement)
  const inputs = [...form.querySelectorAll('input')]
  const [main, ...others] = inputs
  if (!main) throw new Error('The form of ' + url + ' has no fields')
  const flags = others.filter((input) => input.type === 'checkbox')
  const details = others.filter((input) => input.type !== 'checkbox')
  /** @param {HTMLInputElement} input */
  const labelOf = (input) => (input.closest('label')?.textContent || input.name).trim()

  /** @param {Row} row */
  function item(row) {
    const li = document.createElement('li')
    const title = String(row[main.name] ?? '')
    for (const flag of flags) {
      const box = document.createElement('input')
      box.type = 'checkbox'
      box.checked = row[flag.name] === true
      box.setAttribute('aria-label', labelOf(flag) + ': ' + title)
      box.addEventListener('change', () => api('PATCH', url + '/' + row.id, { [flag.name]: box.checked }).then(load, show))
      li.append(box)
    }
    const text = document.createElement('span')
    text.className = 'text'
    text.textContent = title
    if (flags.some((flag) => row[flag.name] === true && /^(done|completed|complete|finished)$/.test(flag.name))) text.classList.add('done')
    const facts = details.filter((input) => row[input.name] !== null && row[input.name] !== undefined)
    if (facts.length > 0) {
      const small = document.createElement('small')
      small.className = 'details'
      small.textContent = facts.map((input) => labelOf(input) + ': ' + row[input.name]).join(' · ')
      text.append(small)
    }
    const remove = document.createElement('button')
    remove.type = 'button'
    remove.textContent = 'Delete'
    remove.setAttribute('aria-label', 'Delete ' + title)
    remove.addEventListener('click', () => api('DELETE', url + '/' + row.id).then(load, show))
    li.append(text, remove)
    return li
  }

  /** @param {Row[]} rows */
  function render(rows) {
    list.replaceChildren(...rows.map(item))
    message.textContent = rows.length === 0 ? 'Nothing here yet.' : rows.length + ' ' + (rows.length === 1 ? singular : section.dataset.collection)
  }

  /** @param {unknown} error */
  function show(error) {
    message.textContent = error instanceof Error ? error.message : String(error)
  }

  function load() {
    // GET /api/<collection> answers { data: [the records] }.
    return api('GET', url).then((answer) => render(/** @type {{ data: Row[] }} */ (answer).data), show)
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    api('POST', url, valuesOf(inputs))
      .then(() => {
        form.reset()
        main.focus()
        return load()
      })
      .catch(show)
  })

  load()
}

for (const section of document.querySelectorAll('section[data-collection]')) {
  if (section instanceof HTMLElement) setUp(section)
}
