import { chatDeltaReceived } from '@/shared/lib/socket'
import { setupStore } from '@tests/setup/store'
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
})
