'use strict'

/**
 * The words of a name in any case: 'userID', 'user-id', 'User ID', 'USER_ID' → ['user', 'id'].
 * @param {string} text
 * @returns {string[]}
 */
function wordsOf(text) {
  if (typeof text !== 'string') throw new TypeError('text must be a string')
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
}

/** @param {string} word */
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * 'hello world' → 'helloWorld'.
 * @param {string} text
 */
const camelCase = (text) => wordsOf(text).map((word, index) => (index === 0 ? word : capital(word))).join('')

/**
 * 'hello world' → 'HelloWorld'.
 * @param {string} text
 */
const pascalCase = (text) => wordsOf(text).map(capital).join('')

/**
 * 'Hello World' → 'hello-world'.
 * @param {string} text
 */
const kebabCase = (text) => wordsOf(text).join('-')

/**
 * 'Hello World' → 'hello_world'.
 * @param {string} text
 */
const snakeCase = (text) => wordsOf(text).join('_')

/**
 * 'hello world' → 'HELLO_WORLD'.
 * @param {string} text
 */
const constantCase = (text) => snakeCase(text).toUpperCase()

/**
 * 'hello_world' → 'Hello World'.
 * @param {string} text
 */
const titleCase = (text) => wordsOf(text).map(capital).join(' ')

module.exports = { camelCase, pascalCase, kebabCase, snakeCase, constantCase, titleCase, wordsOf }
