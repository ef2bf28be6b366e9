import type { ChatTurn } from '../model/types'

/** Whether the server stored this turn: a failed reply and a refused question were never stored. */
const isStored = (turn: ChatTurn): boolean => !turn.failed && !turn.unsaved

/**
 * Where an edit of the turn at `index` starts in the stored conversation: the stored position of
 * that turn (or, for a question that was never stored, of the first stored turn after it), or
 * undefined when nothing from there on is stored (the edit is then a follow-up).
 */
export const replaceFromOf = (turns: readonly ChatTurn[], index: number): number | undefined =>
  turns.slice(index).some(isStored) ? turns.slice(0, index).filter(isStored).length : undefined

/**
 * The stored position of the turn at `index` (from 0, in stored order: the history item's
 * `messages`, then its `response`), or undefined when the server never stored that turn.
 */
export const storedPositionOf = (turns: readonly ChatTurn[], index: number): number | undefined => {
  const turn = turns[index]
  return turn && isStored(turn) ? turns.slice(0, index).filter(isStored).length : undefined
}
