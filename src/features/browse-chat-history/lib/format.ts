import { PREVIEW_LENGTH } from '@/entities/chat'

/**
 * A reply's Markdown as the reader sees it, on one line: code fences, emphasis, headings, quotes,
 * list markers and link targets go; their text stays.
 */
export const plainTextOf = (markdown: string): string =>
  markdown
    .replace(/^```.*$/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s](?:[^*_]*[^*_\s])?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()

/** The first 100 characters of a response, as plain text, plus an ellipsis (spec section 3). */
export const previewOf = (response: string): string => {
  const text = plainTextOf(response)
  return text === '' ? '' : `${text.slice(0, PREVIEW_LENGTH)}...`
}

export const formatDate = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

/** Badge colours (spec section 4): green completed, red error, yellow otherwise. */
export const badgeOf = (status: string): { tone: 'success' | 'error' | 'pending'; label: string; spinner: boolean } => {
  if (status === 'completed') return { tone: 'success', label: 'Completed', spinner: false }
  if (status === 'error') return { tone: 'error', label: 'Error', spinner: false }
  return { tone: 'pending', label: status === 'processing' ? 'Processing' : status || 'Unknown', spinner: status === 'processing' }
}
