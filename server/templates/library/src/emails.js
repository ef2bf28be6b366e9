'use strict'

// An address as people and mail servers use it: a local part of letters, digits and
// !#$%&'*+/=?^_`{|}~.- (no leading, trailing or double dot), '@', and a domain of labels
// (letters, digits, inner hyphens) with a top-level domain of two letters or more.
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/**
 * Whether `text` is a valid email address (surrounding spaces allowed).
 * @param {string} text
 * @returns {boolean}
 */
function isEmail(text) {
  if (typeof text !== 'string') return false
  const address = text.trim()
  if (address.length > 254) return false
  const at = address.lastIndexOf('@')
  if (at < 1) return false
  const local = address.slice(0, at)
  const labels = address.slice(at + 1).split('.')
  const tld = labels.at(-1) ?? ''
  return local.length <= 64 && LOCAL.test(local) && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /^[A-Za-z]{2,}$/.test(tld)
}

/**
 * An address in one form for comparing and storing: trimmed, its domain in lower case.
 * @param {string} text
 * @returns {string}
 */
function normalizeEmail(text) {
  if (!isEmail(text)) throw new TypeError('Not an email address: ' + JSON.stringify(text))
  const address = text.trim()
  const at = address.lastIndexOf('@')
  return address.slice(0, at) + '@' + address.slice(at + 1).toLowerCase()
}

/**
 * The addresses of a list that are valid, normalized and without repeats, and those that are not.
 * @param {Iterable<string>} addresses
 * @returns {{ valid: string[], invalid: string[] }}
 */
function validateEmails(addresses) {
  /** @type {Set<string>} */
  const valid = new Set()
  /** @type {string[]} */
  const invalid = []
  for (const address of addresses) {
    if (isEmail(address)) valid.add(normalizeEmail(address))
    else invalid.push(address)
  }
  return { valid: [...valid], invalid }
}

module.exports = { isEmail, normalizeEmail, validateEmails }
