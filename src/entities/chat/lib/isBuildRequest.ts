import { followUpIntent } from '@contracts/followUp'
import type { ChatTurn } from '../model/types'

/** The words that make a message a build request (spec section 5). */
export const BUILD_KEYWORDS = ['build', 'create', 'make', 'develop', 'generate', 'zip file'] as const

/** True when the message's lowercase text contains any build keyword: it goes to the build endpoint. */
export const isBuildRequest = (text: string): boolean => {
  const lower = text.toLowerCase()
  return BUILD_KEYWORDS.some((keyword) => lower.includes(keyword))
}

/** A delivered build's reply links its archive: `[Download name.zip](/api/overseer/downloads/{id})`. */
const DOWNLOAD_LINK = /\]\(\/api\/overseer\/downloads\/[0-9a-f-]{36}\)/i

/** Whether these turns show a delivered project: a reply that came with files, or that links a build's archive (an opened conversation). */
export const hasDeliveredProject = (turns: readonly ChatTurn[]): boolean =>
  turns.some((turn) => turn.role === 'assistant' && !turn.failed && (turn.buildSessionId !== undefined || turn.downloadUrl !== undefined || DOWNLOAD_LINK.test(turn.content)))

/**
 * Whether a message goes to the builder: a build request (spec section 5), or, in a stored
 * conversation that delivered a project (`followsProject`), any message but a question: a change
 * to it ('now add a fines collection') or a new project (decisions D15).
 */
export const sendsToBuilder = (text: string, followsProject = false): boolean =>
  isBuildRequest(text) || (followsProject && followUpIntent(text) !== 'question')

/** Where a message goes (spec section 7): build requests and follow-ups to the build endpoint, others to the dev chat. */
export const chatPathFor = (text: string, followsProject = false): string => (sendsToBuilder(text, followsProject) ? '/overseer/chat' : '/overseer-dev/chat')
