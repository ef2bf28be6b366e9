import type { ChatTurn } from '../model/types'
import { replaceFromOf, storedPositionOf } from './positions'

const turn = (role: ChatTurn['role'], content: string, extra: Partial<ChatTurn> = {}): ChatTurn => ({ id: content, role, content, ...extra })

/** Each turn's stored position, or '-' for one the server never stored. */
const positions = (turns: ChatTurn[]) => turns.map((_, index) => storedPositionOf(turns, index) ?? '-')

describe('stored positions', () => {
  it('numbers a fresh conversation from 0: its question, then its reply, and so on', () => {
    const turns = [turn('user', 'Q1'), turn('assistant', 'A1'), turn('user', 'Q2'), turn('assistant', 'A2')]
    expect(positions(turns)).toEqual([0, 1, 2, 3])
  })

  it('skips a failed reply and a question the server refused, which were never stored', () => {
    const turns = [
      turn('user', 'Q1'),
      // Stored without its reply (the reply failed at the provider).
      turn('assistant', 'E1', { failed: true }),
      turn('user', 'Q2'),
      turn('assistant', 'A2'),
      // Refused before it was stored (a 429).
      turn('user', 'Q3', { unsaved: true }),
      turn('assistant', 'E3', { failed: true }),
      turn('user', 'Q4'),
      turn('assistant', 'A4'),
    ]
    expect(positions(turns)).toEqual([0, '-', 1, 2, '-', '-', 3, 4])
  })

  it('has no position for a turn that is not there', () => {
    expect(storedPositionOf([turn('user', 'Q1')], -1)).toBeUndefined()
    expect(storedPositionOf([turn('user', 'Q1')], 1)).toBeUndefined()
  })

  it('agrees with where an edit starts', () => {
    const turns = [turn('user', 'Q1'), turn('assistant', 'E1', { failed: true }), turn('user', 'Q2'), turn('assistant', 'A2')]
    expect(replaceFromOf(turns, 2)).toBe(storedPositionOf(turns, 2))
    expect(replaceFromOf(turns, 1)).toBe(1)
  })
})
