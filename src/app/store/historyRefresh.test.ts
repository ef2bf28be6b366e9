import { http, HttpResponse } from 'msw'
import { waitFor } from '@testing-library/react'
import { server as api } from '@tests/setup/msw'
import { chatApi, chatCallEnded, historyPageChanged, selectHistoryView } from '@/entities/chat'
import { setupStore } from './store'

/** After a chat call the history shows page 1 again, fetched afresh, once the server has stored the exchange. */
describe('history refresh after a chat call', () => {
  it('goes back to page 1 and fetches the list again, not at once but after the call has ended', async () => {
    const pages: string[] = []
    api.use(
      http.get('*/api/overseer-dev/chat/history', ({ request }) => {
        pages.push(new URL(request.url).searchParams.get('page') ?? '')
        return HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 5 } })
      }),
    )
    const store = setupStore()
    const subscription = store.dispatch(chatApi.endpoints.getChatHistory.initiate({ page: 1, search: '' }))
    await waitFor(() => expect(pages).toEqual(['1']))
    store.dispatch(historyPageChanged(3))

    store.dispatch(chatCallEnded({ sessionId: 'a' }))
    store.dispatch(chatCallEnded({ sessionId: 'b' }))
    expect(selectHistoryView(store.getState()).page).toBe(3)

    await waitFor(() => expect(pages).toEqual(['1', '1']), { timeout: 5000 })
    expect(selectHistoryView(store.getState()).page).toBe(1)
    subscription.unsubscribe()
  })
})
