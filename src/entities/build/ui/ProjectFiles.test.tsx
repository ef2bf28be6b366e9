import { http, HttpResponse } from 'msw'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { ProjectFiles } from './ProjectFiles'

const API = 'http://localhost/api'
const SESSION = '5f0c2a1e-6b8e-4a53-9d62-1f2e3d4c5b6a'

const FILES = [
  { path: 'README.md', bytes: 120 },
  { path: 'package.json', bytes: 200 },
  { path: 'src/index.js', bytes: 2048 },
  { path: 'test/index.test.js', bytes: 512 },
]

const state = (files: unknown) => ({
  success: true,
  data: {
    sessionId: SESSION,
    status: 'completed',
    stage: 'delivery',
    percentage: 100,
    message: 'Your project is ready.',
    conversationId: 'c1',
    model: 'overseer-local',
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:01.000Z',
    iterations: [],
    ...(files !== undefined && { files }),
  },
})

describe('ProjectFiles', () => {
  it('lists the files as a tree and shows a selected file highlighted, without the archive', async () => {
    const requested: string[] = []
    server.use(
      http.get(`${API}/overseer/builds/${SESSION}`, () => HttpResponse.json(state(FILES))),
      http.get(`${API}/overseer/builds/${SESSION}/files/*`, ({ request }) => {
        requested.push(new URL(request.url).pathname)
        return HttpResponse.json({ success: true, data: { path: 'src/index.js', content: "const total = (a, b) => a + b // sums\nmodule.exports = { total }\n", language: 'javascript' } })
      }),
    )
    const user = userEvent.setup()
    renderWithProviders(<ProjectFiles sessionId={SESSION} />)

    const tree = await screen.findByRole('navigation', { name: 'Files of the project' })
    expect(within(tree).getByText('src/')).toBeInTheDocument()
    expect(within(tree).getByText('test/')).toBeInTheDocument()
    expect(within(tree).getByRole('button', { name: /README\.md/ })).toBeInTheDocument()
    expect(screen.getByText('Select a file to read it here.')).toBeInTheDocument()

    await user.click(within(tree).getByRole('button', { name: /index\.js 2\.0 KB/ }))
    const code = await screen.findByLabelText('Contents of src/index.js')
    expect(code).toHaveTextContent('const total = (a, b) => a + b // sums')
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const')
    expect(code.querySelector('.hljs-comment')?.textContent).toBe('// sums')
    expect(within(tree).getByRole('button', { name: /index\.js 2\.0 KB/ })).toHaveAttribute('aria-current', 'true')
    expect(requested).toEqual([`/api/overseer/builds/${SESSION}/files/src/index.js`])
  })

  it('shows nothing when the files are gone (the conversation was deleted)', async () => {
    server.use(http.get(`${API}/overseer/builds/${SESSION}`, () => HttpResponse.json(state(undefined))))
    const { container, store } = renderWithProviders(<ProjectFiles sessionId={SESSION} />)
    const filesQuery = () => Object.values(store.getState().api?.queries ?? {}).find((query) => query?.endpointName === 'getBuildFiles')
    await waitFor(() => expect(filesQuery()?.status).toBe('rejected'))
    expect(container).toBeEmptyDOMElement()
  })

  it('says when a file cannot be loaded', async () => {
    server.use(
      http.get(`${API}/overseer/builds/${SESSION}`, () => HttpResponse.json(state(FILES))),
      http.get(`${API}/overseer/builds/${SESSION}/files/*`, () => HttpResponse.json({ success: false, message: 'File not found' }, { status: 404 })),
    )
    const user = userEvent.setup()
    renderWithProviders(<ProjectFiles sessionId={SESSION} />)
    await user.click(await screen.findByRole('button', { name: /README\.md/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This file could not be loaded.')
  })
})
