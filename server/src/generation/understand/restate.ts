/**
 * What the engine understood of a request's collections, said back in words: for the plan, the
 * reply and a model's prompt, so every stage restates the same fields.
 */

import type { Field, Resource } from './types'

const TYPE_WORDS: Record<Field['type'], string> = { string: 'text', number: 'number', date: 'date', boolean: 'yes or no', email: 'email', reference: 'id' }

/** 'dueDate (date)', 'title (text, required)', 'bookId (the id of one of the books, required)'. */
export const restateField = (field: Field): string => {
  const type = field.type === 'reference' ? `the id of one of the ${field.references ?? ''}` : TYPE_WORDS[field.type]
  return `${field.name} (${type}${field.required ? ', required' : ''})`
}

/** 'loans: bookId (…), dueDate (date); assumed: bookId', one collection in a line. */
export const restateResource = (resource: Resource): string => {
  const assumed = resource.fields.filter((field) => field.assumed).map((field) => field.name)
  return `${resource.plural}: ${resource.fields.map(restateField).join(', ')}${assumed.length > 0 ? `; assumed: ${assumed.join(', ')}` : ''}`
}
