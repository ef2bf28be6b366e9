/** What the offline engine understood of a build request. */

export type FieldType = 'string' | 'number' | 'date' | 'boolean' | 'email' | 'reference'

/** A field of a record, checked on every write. */
export interface Field {
  /** The property name, camelCase ASCII: 'dueDate'. */
  name: string
  /** As a person reads it: 'due date'. */
  label: string
  type: FieldType
  /** Never absent or blank: the main text of a record (its name or title), and its references. */
  required: boolean
  /** The smallest value a number may take (prices and counts are never negative). */
  min?: number
  /** Of a reference: the collection (its plural) whose record's `id` it holds, checked on every write. */
  references?: string
  /** The request did not name it: what a record of its kind usually holds, said as an assumption. */
  assumed?: boolean
}

/** A collection of records the request names: its own routes or screen, storage, validation and tests. */
export interface Resource {
  /** Lower-case ASCII, the collection's path: 'books', 'people'. */
  plural: string
  /** One of them: 'book', 'person'. */
  singular: string
  /** The main field (required) first. */
  fields: Field[]
}

/** Command-line tasks the engine writes for real; `generic` is the counting starter. */
export const CLI_TASKS = ['csv-to-json', 'json-to-csv', 'word-count', 'find-replace', 'search', 'file-stats', 'generic'] as const
export type CliTask = (typeof CLI_TASKS)[number]

/** Library tasks the engine writes for real, one module each; the generic helpers otherwise. */
export const LIBRARY_TASKS = ['slugify', 'format-prices', 'validate-emails', 'parse-durations', 'parse-csv', 'change-case', 'format-bytes', 'dates'] as const
export type LibraryTask = (typeof LIBRARY_TASKS)[number]

/** A language or platform that a request asked for, which Overseer's offline engine cannot build. */
export interface Unsupported {
  /** The language, framework or platform as it is written: 'Python', 'iOS', 'React Native'. */
  platform: string
  /** What was asked for, as a person would say it back: 'a Python library', 'an iOS app in Swift'. */
  requested: string
}

export interface Understanding {
  /** The project's name as a person would say it: 'Bookstore API', 'Expense Tracker'. */
  name: string
  /** Its package and folder name, from the name: 'bookstore-api'. */
  slug: string
  /** The collections, in the order the request names them (at least one). */
  resources: Resource[]
  /** Whether the request named its collections, or they are the engine's default (items). */
  resourcesNamed: boolean
  /** What a command-line tool should do. */
  cliTask: CliTask
  /** What a library should offer; empty: the generic helpers. */
  libraryTasks: LibraryTask[]
  /** A language or platform the request asks for that the engine does not build. */
  unsupported?: Unsupported
}
