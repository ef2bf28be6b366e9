import { setupStore } from '@tests/setup/store'
import { conversationOpened, replyRated, selectTurns, storedTurns } from '../model/chatSlice'
import type { ChatTurn, HistoryItem } from '../model/types'
import { isRateable, withRatings } from './ratings'

const turn = (role: ChatTurn['role'], content: string, extra: Partial<ChatTurn> = {}): ChatTurn => ({ id: content, role, content, ...extra })

const item = (extra: Partial<HistoryItem> = {}): HistoryItem => ({
  id: 'c1',
  date: '2025-05-10T12:00:00.000Z',
  status: 'completed',
  title: 'Q1',
  messageCount: 6,
  messages: [
    { role: 'user', content: 'Q1' },
    { role: 'assistant', content: 'A1' },
    { role: 'user', content: 'Build me a todo app' },
    { role: 'assistant', content: 'Built it' },
    { role: 'user', content: 'Q3' },
  ],
  response: 'A3',
  ...extra,
})

describe('reply ratings', () => {
  it('offers rating on the replies to questions only: not a question, a failed reply, nor a build’s reply', () => {
    expect(isRateable(turn('assistant', 'A'))).toBe(true)
    expect(isRateable(turn('user', 'Q'))).toBe(false)
    expect(isRateable(turn('assistant', 'E', { failed: true }))).toBe(false)
    expect(isRateable(turn('assistant', 'B', { timelineSessionId: 's1' }))).toBe(false)
    expect(isRateable(turn('assistant', 'B', { buildSessionId: 's1', timelineSessionId: 's1' }))).toBe(false)
    // A build request that was a question, rated before a reload: its rating can still be taken back.
    expect(isRateable(turn('assistant', 'B', { timelineSessionId: 's1', rating: { rating: 'helpful' } }))).toBe(true)
  })

  it('puts each rating on the reply at its stored position', () => {
    const turns = [turn('user', 'Q1'), turn('assistant', 'E1', { failed: true }), turn('user', 'Q2'), turn('assistant', 'A2')]
    const rated = withRatings(turns, [{ position: 2, rating: 'not_helpful', comment: 'Too vague' }])
    expect(rated.map((each) => each.rating)).toEqual([undefined, undefined, undefined, { rating: 'not_helpful', comment: 'Too vague' }])
    // Pure: the turns given are left as they were.
    expect(turns[3]?.rating).toBeUndefined()
    // A rating that names a question, or nothing there, is not shown.
    expect(withRatings(turns, [{ position: 0, rating: 'helpful' }, { position: 9, rating: 'helpful' }]).every((each) => each.rating === undefined)).toBe(true)
    expect(withRatings(turns)).toEqual(turns)
  })

  it('restores the ratings of a history item when it is opened, its build’s reply aside', () => {
    const history = item({
      builds: [{ sessionId: 'b1', position: 2 }],
      ratings: [
        { position: 1, rating: 'helpful' },
        { position: 5, rating: 'not_helpful', comment: 'It missed the point' },
      ],
    })
    const turns = storedTurns(history)
    expect(turns.map((each) => [each.content, each.rating?.rating ?? null, isRateable(each)])).toEqual([
      ['Q1', null, false],
      ['A1', 'helpful', true],
      ['Build me a todo app', null, false],
      ['Built it', null, false],
      ['Q3', null, false],
      ['A3', 'not_helpful', true],
    ])
    expect(turns[5]?.rating).toEqual({ rating: 'not_helpful', comment: 'It missed the point' })
  })

  it('records a rating, and its taking back, on the reply rated', () => {
    const store = setupStore()
    store.dispatch(conversationOpened(item({ ratings: [{ position: 1, rating: 'helpful' }] })))
    const [, first, , , , last] = selectTurns(store.getState())
    store.dispatch(replyRated({ turnId: last?.id ?? '', rating: { rating: 'not_helpful', comment: 'Wrong page' } }))
    store.dispatch(replyRated({ turnId: first?.id ?? '', rating: null }))
    store.dispatch(replyRated({ turnId: 'gone', rating: { rating: 'helpful' } }))
    expect(selectTurns(store.getState()).map((each) => each.rating ?? null)).toEqual([null, null, null, null, null, { rating: 'not_helpful', comment: 'Wrong page' }])
  })
})
