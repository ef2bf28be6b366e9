import { sharedArchiveUrl, type SharedMessage } from '@contracts/conversationTools'
import type { SharedSnapshot } from '../chat/conversationToolsRepository'
import { downloadLinksIn, relinkDownloads } from './paths'

/** What a share link shows of a build its snapshot delivered. */
export interface SharedBuild {
  id: string
  /** The project's folder (and archive's) name. */
  name: string
  files: { path: string; bytes: number }[]
  /** Whether its archive can be downloaded. */
  archive: boolean
}

/** What follows a download link's label where the link grants no download. */
export const NOT_DOWNLOADABLE = ' (no longer available)'

/** The builds whose download links the replies of a snapshot carry: the only builds it can show. */
export const linkedBuilds = (snapshot: SharedSnapshot): string[] => [
  ...new Set(snapshot.messages.flatMap((message) => (message.role === 'assistant' ? downloadLinksIn(message.content) : []))),
]

/**
 * The snapshot's messages as a reader of link `token` sees them: a reply's download link leads to
 * the archive through the link, or is only text where the link grants none (the owner's own
 * address never shows); the reply that delivered a build shown carries it, with its files.
 */
export const sharedMessages = (snapshot: SharedSnapshot, shown: ReadonlyMap<string, SharedBuild>, token: string): SharedMessage[] => {
  const archiveUrl = (id: string): string | undefined => (shown.get(id)?.archive ? sharedArchiveUrl(token, id) : undefined)
  const placed = new Set<string>()
  return snapshot.messages.map(({ role, content }) => {
    if (role !== 'assistant') return { role, content }
    const build = downloadLinksIn(content)
      .map((id) => shown.get(id))
      .find((candidate) => candidate !== undefined && !placed.has(candidate.id))
    if (!build) return { role, content: relinkDownloads(content, archiveUrl, NOT_DOWNLOADABLE) }
    placed.add(build.id)
    const url = archiveUrl(build.id)
    return {
      role,
      content: relinkDownloads(content, archiveUrl, NOT_DOWNLOADABLE),
      build: { id: build.id, name: build.name, files: build.files, ...(url !== undefined && { archiveUrl: url }) },
    }
  })
}
