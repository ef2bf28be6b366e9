'use strict'

/**
 * The page's collections: each `<section data-collection>` has a form whose inputs are a record's
 * fields (the first text one is its main text; a `<select data-references>` picks a record of
 * another collection) and a list of the records, kept in step with the JSON API at
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

/** @typedef {HTMLInputElement | HTMLSelectElement} Field */

/** What each record a page may refer to is called, by collection and id: 'books' → 1 → 'Dune'. */
/** @type {Map<string, Map<number, string>>} */
const names = new Map()

/**
 * What a person calls a record: its first text, else its number.
 * @param {Row} row
 */
function nameOf(row) {
  const text = Object.entries(row).find(([key, value]) => key !== 'createdAt' && typeof value === 'string' && value !== '')
  return text ? String(text[1]) : '#' + row.id
}

/**
 * A field's value as a person reads it: a reference as the name of the record it refers to.
 * @param {Field} field
 * @param {Value | undefined} value
 */
function shown(field, value) {
  if (value === null || value === undefined) return ''
  const references = field.dataset.references
  return references ? names.get(references)?.get(Number(value)) || '#' + value : String(value)
}

/**
 * A form's values as the API expects them: numbers (and references) as numbers, a checkbox as
 * true or false, and empty optional fields left out.
 * @param {Field[]} fields
 */
function valuesOf(fields) {
  /** @type {Record<string, string | number | boolean>} */
  const values = {}
  for (const field of fields) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') values[field.name] = field.checked
    else if (field.value !== '') values[field.name] = field instanceof HTMLSelectElement ? Number(field.value) : field.type === 'number' ? field.valueAsNumber : field.value
  }
  return values
}

/**
 * Fills a reference's choices with the records of the collection it refers to, keeping the one chosen.
 * @param {HTMLSelectElement} select
 */
function fillChoices(select) {
  const references = select.dataset.references || ''
  const chosen = select.value
  const options = [...(names.get(references) ?? new Map())].map(([id, name]) => new Option(name, String(id)))
  select.replaceChildren(new Option(options.length === 0 ? 'None yet: add one first' : 'Choose…', ''), ...options)
  select.value = options.some((option) => option.value === chosen) ? chosen : ''
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
  /** @type {Field[]} */
  const inputs = [...form.elements].filter((element) => element instanceof HTMLInputElement || element instanceof HTMLSelectElement)
  const main = inputs.find((input) => input instanceof HTMLInputElement && input.type === 'text') ?? inputs[0]
  if (!main) throw new Error('The form of ' + url + ' has no fields')
  const others = inputs.filter((input) => input !== main)
  const flags = others.filter((input) => input instanceof HTMLInputElement && input.type === 'checkbox')
  const details = others.filter((input) => !flags.includes(input))
  const choices = inputs.filter((input) => input instanceof HTMLSelectElement)
  /** @param {Field} input */
  const labelOf = (input) => ((input instanceof HTMLSelectElement ? input.closest('label')?.firstChild?.textContent : input.closest('label')?.textContent) || input.name).trim()

  /** @param {Row} row */
  function item(row) {
    const li = document.createElement('li')
    const title = shown(main, row[main.name])
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
      small.textContent = facts.map((input) => labelOf(input) + ': ' + shown(input, row[input.name])).join(' · ')
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
    names.set(section.dataset.collection || '', new Map(rows.map((row) => [row.id, nameOf(row)])))
    // The collections that refer to this one show its records by name, and offer them.
    document.dispatchEvent(new CustomEvent('records-changed', { detail: section.dataset.collection }))
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

  document.addEventListener('records-changed', (event) => {
    if (!(event instanceof CustomEvent) || !choices.some((select) => select.dataset.references === event.detail)) return
    for (const select of choices) if (select instanceof HTMLSelectElement) fillChoices(select)
    load()
  })

  load()
}

for (const section of document.querySelectorAll('section[data-collection]')) {
  if (section instanceof HTMLElement) setUp(section)
}
