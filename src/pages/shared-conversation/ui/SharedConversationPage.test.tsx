import { http, HttpResponse } from 'msw'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { render, screen } from '@testing-library/react'
import { setupStore } from '@tests/setup/store'
import { server } from '@tests/setup/msw'
import { SharedConversationPage } from './SharedConversationPage'

const TOKEN = 'q3Jx0b1Gm5-8Qe2q3Jx0b1Gm5-8Qe2q3Jx0b1Gm5-8'
const SHARED_URL = `http://localhost/api/overseer-dev/shared/${TOKEN}`

const openShared = () => {
  const router = createMemoryRouter([{ path: '/share/:token', element: <SharedConversationPage /> }], { initialEntries: [`/share/${TOKEN}`] })
  return render(
    <Provider store={setupStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
}

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content')

describe('SharedConversationPage', () => {
  it('shows the snapshot read-only, asks search engines not to index it, and forgets that when it goes', async () => {
    server.use(
      http.get(SHARED_URL, () =>
        HttpResponse.json({
          success: true,
          data: {
            title: 'Database setup notes',
            sharedAt: '2025-05-12T10:05:00.000Z',
            messages: [
              { role: 'user', content: 'How do I use PostgreSQL?' },
              { role: 'assistant', content: 'Set `DATABASE_URL`.' },
            ],
          },
        }),
      ),
    )
    const { unmount } = openShared()
    expect(robots()).toBe('noindex')
    expect(await screen.findByRole('heading', { level: 1, name: 'Database setup notes' })).toBeInTheDocument()
    const messages = screen.getByRole('list', { name: 'Messages' })
    expect(messages).toHaveTextContent('You')
    expect(messages).toHaveTextContent('How do I use PostgreSQL?')
    expect(messages).toHaveTextContent('Overseer')
    expect(await screen.findByText('DATABASE_URL')).toBeInTheDocument()
    const sharedAt = document.querySelector('time')
    expect(sharedAt).toHaveAttribute('datetime', '2025-05-12T10:05:00.000Z')
    expect(sharedAt).toHaveTextContent('May 12, 2025')
    // Nothing to write with.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(document.title).toBe('Database setup notes | Overseer Labs')
    unmount()
    expect(robots()).toBeUndefined()
  })

  it('says plainly when the link is unknown or revoked', async () => {
    server.use(http.get(SHARED_URL, () => HttpResponse.json({ success: false, message: 'This shared conversation does not exist or is no longer shared' }, { status: 404 })))
    openShared()
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeInTheDocument()
    expect(screen.getByText(/may have been revoked/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask the Overseer Assistant' })).toHaveAttribute('href', '/assistant')
    expect(robots()).toBe('noindex')
  })

  it('tells a failure apart from a missing link', async () => {
    server.use(http.get(SHARED_URL, () => new HttpResponse(null, { status: 500 })))
    openShared()
    expect(await screen.findByRole('heading', { level: 1, name: 'The conversation could not be loaded' })).toBeInTheDocument()
  })
})
