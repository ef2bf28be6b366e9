import { chatDeltaReceived } from '@/shared/lib/socket'
import { setupStore } from '@tests/setup/store'
import { replaceFromOf } from '../lib/positions'
import { conversationReloaded, messageResent } from './chatTools'
import {
  conversationCleared,
  conversationDeleted,
  conversationOpened,
  conversationRestored,
  historyPageChanged,
  historyRefreshRequested,
  historySearched,
  messageSent,
  replyFailed,
  replyReceived,
  selectChatError,
  selectConversationId,
  selectHistoryView,
  selectPendingReply,
  selectTurns,
} from './chatSlice'

const contents = (store: ReturnType<typeof setupStore>) => selectTurns(store.getState()).map((turn) => `${turn.role}: ${turn.content}`)

describe('chat slice', () => {
  it('collects the streamed text of the pending reply, then replaces it with the whole reply', () => {
    const store = setupStore()
    store.dispatch(messageSent({ sessionId: 's1', content: 'Hi' }))
    store.dispatch(chatDeltaReceived({ sessionId: 's1', conversationId: 'c1', delta: 'Hel' }))
    store.dispatch(chatDeltaReceived({ sessionId: 'other', conversationId: 'c2', delta: 'XX' }))
    store.dispatch(chatDeltaReceived({ sessionId: 's1', conversationId: 'c1', delta: 'lo' }))
    expect(selectPendingReply(store.getState())).toEqual({ sessionId: 's1', text: 'Hello', stopping: false })
    store.dispatch(replyReceived({ sessionId: 's1', reply: 'Hello there.', conversationId: 'c1' }))
    expect(selectPendingReply(store.getState())).toBeNull()
    expect(contents(store)).toEqual(['user: Hi', 'assistant: Hello there.'])
    expect(selectConversationId(store.getState())).toBe('c1')
    // A late delta changes nothing.
    store.dispatch(chatDeltaReceived({ sessionId: 's1', conversationId: 'c1', delta: '!' }))
    expect(contents(store)).toEqual(['user: Hi', 'assistant: Hello there.'])
  })

  it('records a failure as the error turn and the error line', () => {
    const store = setupStore()
    store.dispatch(messageSent({ sessionId: 's1', content: 'Hi' }))
    store.dispatch(replyFailed({ sessionId: 's1', message: 'Backend error: 502' }))
    expect(contents(store)).toEqual(['user: Hi', 'assistant: [Error from Overseer backend]'])
    expect(selectChatError(store.getState())).toBe('Backend error: 502')
    store.dispatch(messageSent({ sessionId: 's2', content: 'Again' }))
    expect(selectChatError(store.getState())).toBeNull()
  })

  it('opens a history item as its messages plus its response, and clears it for a new conversation', () => {
    const store = setupStore()
    store.dispatch(
      conversationOpened({
        id: 'c9',
        date: '',
        status: 'completed',
        title: 'Q',
        messageCount: 4,
        messages: [
          { role: 'user', content: 'Q' },
          { role: 'assistant', content: 'A' },
          { role: 'user', content: 'Q2' },
        ],
        response: 'A2',
      }),
    )
    expect(contents(store)).toEqual(['user: Q', 'assistant: A', 'user: Q2', 'assistant: A2'])
    expect(selectConversationId(store.getState())).toBe('c9')
    store.dispatch(conversationCleared())
    expect(contents(store)).toEqual([])
    expect(selectConversationId(store.getState())).toBeNull()
  })

  it("puts each build's timeline under the reply to the question that started it: opened, reloaded, live, and failed", () => {
    const store = setupStore()
    const timelines = () => selectTurns(store.getState()).map((turn) => turn.timelineSessionId ?? null)
    const item = {
      id: 'c9',
      date: '',
      status: 'error',
      title: 'Build a todo app',
      messageCount: 5,
      messages: [
        { role: 'user' as const, content: 'Build a todo app' },
        { role: 'assistant' as const, content: 'Built it.' },
        { role: 'user' as const, content: 'What is Overseer?' },
        { role: 'assistant' as const, content: 'A builder.' },
        { role: 'user' as const, content: 'Create a CLI' },
      ],
      response: '',
      builds: [
        { sessionId: 'b1', position: 0 },
        { sessionId: 'b2', position: 4 },
      ],
    }
    store.dispatch(conversationOpened(item))
    // The second build failed: its timeline is under the failed turn.
    expect(timelines()).toEqual([null, 'b1', null, null, null, 'b2'])
    store.dispatch(conversationReloaded({ item: { ...item, status: 'completed', response: 'Made the CLI.' } }))
    expect(timelines()).toEqual([null, 'b1', null, null, null, 'b2'])

    store.dispatch(messageSent({ sessionId: 'b3', content: 'Build an API' }))
    store.dispatch(replyReceived({ sessionId: 'b3', reply: 'Built.', built: true, build: true }))
    store.dispatch(messageSent({ sessionId: 'b4', content: 'Build a site' }))
    store.dispatch(replyFailed({ sessionId: 'b4', message: 'The build failed.', conversationId: 'c9', build: true }))
    store.dispatch(messageSent({ sessionId: 'q1', content: 'Thanks' }))
    store.dispatch(replyReceived({ sessionId: 'q1', reply: 'You are welcome.' }))
    expect(timelines().slice(6)).toEqual([null, 'b3', null, 'b4', null, null])
  })

  it('drops a reply still on its way when the conversation is cleared (someone else signed in or out)', () => {
    const store = setupStore()
    store.dispatch(messageSent({ sessionId: 's1', content: 'Q' }))
    store.dispatch(conversationCleared())
    expect(selectPendingReply(store.getState())).toBeNull()
    store.dispatch(replyReceived({ sessionId: 's1', reply: 'A', conversationId: 'theirs' }))
    expect(contents(store)).toEqual([])
    expect(selectConversationId(store.getState())).toBeNull()
  })

  it('keeps the history view: a search or a refresh goes back to page 1', () => {
    const store = setupStore()
    store.dispatch(historyPageChanged(3))
    expect(selectHistoryView(store.getState())).toEqual({ page: 3, search: '' })
    store.dispatch(historySearched('deploy'))
    expect(selectHistoryView(store.getState())).toEqual({ page: 1, search: 'deploy' })
    store.dispatch(historyPageChanged(2))
    store.dispatch(historyRefreshRequested())
    expect(selectHistoryView(store.getState())).toEqual({ page: 1, search: 'deploy' })
  })

  it('continues a conversation whose deletion was undone, unless another one began meanwhile', () => {
    const store = setupStore()
    const open = { id: 'c9', date: '', status: 'completed', title: 'Q', messageCount: 2, messages: [{ role: 'user' as const, content: 'Q' }], response: 'A' }
    store.dispatch(conversationOpened(open))
    store.dispatch(conversationDeleted({ id: 'c9' }))
    expect(selectConversationId(store.getState())).toBeNull()
    expect(contents(store)).toEqual(['user: Q', 'assistant: A'])
    store.dispatch(conversationRestored({ id: 'c9' }))
    expect(selectConversationId(store.getState())).toBe('c9')

    store.dispatch(conversationDeleted({ id: 'c9' }))
    store.dispatch(messageSent({ sessionId: 's1', content: 'A new start' }))
    store.dispatch(conversationRestored({ id: 'c9' }))
    expect(selectConversationId(store.getState())).toBeNull()
  })

  describe('edit and resend, regenerate, and a reload mid-reply', () => {
    const item = (extra: Record<string, unknown> = {}) => ({
      id: 'c1',
      date: '2025-05-10T12:00:00.000Z',
      status: 'completed',
      title: 'Q1',
      messageCount: 4,
      messages: [
        { role: 'user' as const, content: 'Q1' },
        { role: 'assistant' as const, content: 'A1' },
        { role: 'user' as const, content: 'Q2' },
      ],
      response: 'A2',
      ...extra,
    })

    it('replaces the edited turn and every later one with the new question, its reply pending', () => {
      const store = setupStore()
      store.dispatch(conversationOpened(item()))
      const [, , q2] = selectTurns(store.getState())
      const first = selectTurns(store.getState())[0]
      store.dispatch(messageResent({ sessionId: 's2', fromTurnId: first?.id ?? '', content: 'Q1 edited' }))
      expect(contents(store)).toEqual(['user: Q1 edited'])
      expect(selectPendingReply(store.getState())).toEqual({ sessionId: 's2', text: '', stopping: false })
      // A turn that is no longer there changes nothing.
      store.dispatch(replyReceived({ sessionId: 's2', reply: 'A1 new' }))
      store.dispatch(messageResent({ sessionId: 's3', fromTurnId: q2?.id ?? '', content: 'lost' }))
      expect(contents(store)).toEqual(['user: Q1 edited', 'assistant: A1 new'])
      expect(selectConversationId(store.getState())).toBe('c1')
    })

    it("counts stored positions past a failed reply and a question the server refused before storing it", () => {
      const store = setupStore()
      store.dispatch(conversationOpened(item()))
      // Refused before anything was stored (no conversation in the answer): unsaved.
      store.dispatch(messageSent({ sessionId: 's2', content: 'Q3' }))
      store.dispatch(replyFailed({ sessionId: 's2', message: 'Backend error: 429' }))
      // Stored, but its reply failed.
      store.dispatch(messageSent({ sessionId: 's3', content: 'Q4' }))
      store.dispatch(replyFailed({ sessionId: 's3', message: 'Backend error: 502', conversationId: 'c1' }))
      const turns = selectTurns(store.getState())
      expect(turns.map((turn) => [turn.content, turn.unsaved === true, turn.failed === true])).toEqual([
        ['Q1', false, false],
        ['A1', false, false],
        ['Q2', false, false],
        ['A2', false, false],
        ['Q3', true, false],
        ['[Error from Overseer backend]', false, true],
        ['Q4', false, false],
        ['[Error from Overseer backend]', false, true],
      ])
      expect(replaceFromOf(turns, 0)).toBe(0)
      expect(replaceFromOf(turns, 2)).toBe(2)
      // Q3 was never stored: an edit of it starts where Q4 is stored.
      expect(replaceFromOf(turns, 4)).toBe(4)
      expect(replaceFromOf(turns, 6)).toBe(4)
      // Nothing stored from the last failed turn on.
      expect(replaceFromOf(turns, 7)).toBeUndefined()
    })

    it('restores a stored conversation: a processing one with its reply pending (its pieces not shown), a finished one with its reply', () => {
      const store = setupStore()
      store.dispatch(conversationReloaded({ item: item({ status: 'processing', response: '', messageCount: 3 }), pendingSessionId: 's1' }))
      expect(contents(store)).toEqual(['user: Q1', 'assistant: A1', 'user: Q2'])
      expect(selectPendingReply(store.getState())).toEqual({ sessionId: 's1', text: '', stopping: false, resumed: true })
      store.dispatch(chatDeltaReceived({ sessionId: 's1', conversationId: 'c1', delta: 'middle of a sentence' }))
      expect(selectPendingReply(store.getState())?.text).toBe('')

      store.dispatch(conversationReloaded({ item: item({ response: '## Built' }), buildSessionId: 's1' }))
      expect(selectPendingReply(store.getState())).toBeNull()
      const last = selectTurns(store.getState()).at(-1)
      expect(last).toMatchObject({ role: 'assistant', content: '## Built', buildSessionId: 's1' })
      expect(selectConversationId(store.getState())).toBe('c1')

      store.dispatch(conversationReloaded({ item: item({ status: 'error', response: '' }) }))
      expect(contents(store).at(-1)).toBe('assistant: [Error from Overseer backend]')
    })
  })
})
