import type { ChatTurn, StoredRating } from '../model/types'
import { storedPositionOf } from './positions'

/**
 * Whether a reply is offered 'Helpful' and 'Not helpful': a completed reply of the assistant, not a
 * build's (the server rates only the replies of questions). A build request that turned out to be
 * a question is rateable, but once reloaded it looks like any build's reply (the history names its
 * build, not what became of it): a rating it already has still shows, so it can be taken back.
 */
export const isRateable = (turn: ChatTurn): boolean =>
  turn.role === 'assistant' && !turn.failed && (turn.rating !== undefined || (turn.timelineSessionId === undefined && turn.buildSessionId === undefined))

/** The turns of a stored conversation, each reply with its rating (matched by stored position). */
export const withRatings = (turns: readonly ChatTurn[], ratings: readonly StoredRating[] = []): ChatTurn[] => {
  const byPosition = new Map(ratings.map(({ position, ...rating }) => [position, rating]))
  return turns.map((turn, index) => {
    const position = storedPositionOf(turns, index)
    const rating = position === undefined ? undefined : byPosition.get(position)
    return rating && turn.role === 'assistant' ? { ...turn, rating } : turn
  })
}
