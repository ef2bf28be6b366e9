import path from 'node:path'

/** Where a build's archive is kept: named by the build's id, never by anything the user typed. */
export const archivePath = (downloadsDir: string, buildId: string): string => path.join(downloadsDir, `${buildId}.zip`)

const DOWNLOADS_PATH = '/api/overseer/downloads/'

/** The address the archive is downloaded from (its owner only). */
export const zipUrlOf = (buildId: string): string => `${DOWNLOADS_PATH}${buildId}`

/** A Markdown link to an owner's download, `[label](/api/overseer/downloads/{id})`, as a build's reply ends. */
const DOWNLOAD_LINK = new RegExp(`\\[([^\\]\\n]*)\\]\\(${DOWNLOADS_PATH.replace(/\//g, '\\/')}([^)\\s]*)\\)`, 'g')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The builds whose archives `markdown` links to for download, in order, each once (lower-case ids). */
export const downloadLinksIn = (markdown: string): string[] => [
  ...new Set([...markdown.matchAll(DOWNLOAD_LINK)].map(([, , id = '']) => id.toLowerCase()).filter((id) => UUID.test(id))),
]

/**
 * `markdown` with each download link of a build's archive sent to `target(buildId)`; where that is
 * undefined, the link's label stays, as text, with `unlinked` after it.
 */
export const relinkDownloads = (markdown: string, target: (buildId: string) => string | undefined, unlinked: string): string =>
  markdown.replace(DOWNLOAD_LINK, (_link, label: string, id: string) => {
    const url = UUID.test(id) ? target(id.toLowerCase()) : undefined
    return url ? `[${label}](${url})` : `${label}${unlinked}`
  })
