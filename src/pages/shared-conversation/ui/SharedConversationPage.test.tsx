import { http, HttpResponse } from 'msw'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupStore } from '@tests/setup/store'
import { server } from '@tests/setup/msw'
import { SHARED_FILE_MAX_BYTES, TOOLS_MESSAGES } from '@contracts/conversationToolsText'
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

  it('shows what a shared build delivered: its files read and its archive downloaded through the link, until the link is revoked', async () => {
    const BUILD = '6f1c2a4e-8b1d-4c3e-9a7f-2d5e8c1b4a90'
    const archiveUrl = `/api/overseer-dev/shared/${TOKEN}/builds/${BUILD}/archive`
    const requested: string[] = []
    let revoked = false
    server.use(
      http.get(SHARED_URL, () =>
        revoked
          ? HttpResponse.json({ success: false, message: 'This shared conversation does not exist or is no longer shared' }, { status: 404 })
          : HttpResponse.json({
              success: true,
              data: {
                title: 'Build a todo web app',
                sharedAt: '2025-05-12T10:05:00.000Z',
                messages: [
                  { role: 'user', content: 'Build a todo web app' },
                  {
                    role: 'assistant',
                    content: `## Todo Web App\n\n**Files** (4, in the folder \`todo-web-app/\`)\n\n[Download todo-web-app.zip](${archiveUrl})`,
                    build: {
                      id: BUILD,
                      name: 'todo-web-app',
                      files: [
                        { path: 'README.md', bytes: 120 },
                        { path: 'data/large.txt', bytes: SHARED_FILE_MAX_BYTES + 1 },
                        { path: 'server.js', bytes: 2048 },
                        { path: 'src/index.html', bytes: 300 },
                      ],
                      archiveUrl,
                    },
                  },
                ],
              },
            }),
      ),
      http.get(`${SHARED_URL}/builds/${BUILD}/files`, ({ request }) => {
        const path = new URL(request.url).searchParams.get('path') ?? ''
        requested.push(path)
        if (revoked) return HttpResponse.json({ success: false, message: 'This shared conversation does not exist or is no longer shared' }, { status: 404 })
        const texts: Record<string, string> = {
          'server.js': "const http = require('node:http') // the server\n",
          'src/index.html': '<script>alert(1)</script>\n',
        }
        return new HttpResponse(texts[path] ?? '# Todo\n', { headers: { 'content-type': 'text/plain; charset=utf-8' } })
      }),
    )
    const user = userEvent.setup()
    openShared()

    const messages = await screen.findByRole('list', { name: 'Messages' })
    // The download goes through the link; nothing leads to the owner's own address.
    expect(await within(messages).findByRole('link', { name: 'Download todo-web-app.zip' })).toHaveAttribute('href', archiveUrl)
    expect(messages.querySelector('a[href^="/api/overseer/"]')).toBeNull()

    const files = await within(messages).findByRole('region', { name: 'Project files' })
    const tree = within(files).getByRole('navigation', { name: 'Files of the project' })
    expect(within(files).getByText('Select a file to read it here.')).toBeInTheDocument()

    // With the keyboard: the file's button, then its text in a region named by its path.
    const serverFile = within(tree).getByRole('button', { name: /^server\.js 2\.0 KB$/ })
    serverFile.focus()
    await user.keyboard('{Enter}')
    const viewer = await within(files).findByRole('region', { name: 'server.js' })
    expect(within(viewer).getByRole('heading', { name: 'server.js' })).toBeInTheDocument()
    const code = within(viewer).getByLabelText('Contents of server.js')
    expect(code).toHaveTextContent("const http = require('node:http') // the server")
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const')
    expect(serverFile).toHaveAttribute('aria-current', 'true')

    // A page of the project is shown as its text, never as markup.
    await user.click(within(tree).getByRole('button', { name: /^index\.html/ }))
    const html = await within(files).findByLabelText('Contents of src/index.html')
    expect(html).toHaveTextContent('<script>alert(1)</script>')
    expect(html.querySelector('script')).toBeNull()

    // Too large to show here: left to the archive, not asked for.
    await user.click(within(tree).getByRole('button', { name: /^large\.txt/ }))
    expect(within(files).getByText(TOOLS_MESSAGES.sharedFileTooLarge)).toBeInTheDocument()
    expect(requested).toEqual(['server.js', 'src/index.html'])

    // The owner revokes the link while the page is open: the next file says so, and the page then.
    revoked = true
    await user.click(within(tree).getByRole('button', { name: /^README\.md/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Project files' })).not.toBeInTheDocument()
    expect(requested).toEqual(['server.js', 'src/index.html', 'README.md'])
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
