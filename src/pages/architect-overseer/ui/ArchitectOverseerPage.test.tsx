import type React from 'react'
import type { ApexOptions } from 'apexcharts'
import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { AuthProvider } from '@/entities/session'
import { ArchitectOverseerPage } from './ArchitectOverseerPage'

/** jsdom cannot lay out ApexCharts' SVG: the chart module is replaced at its boundary, recording its props. */
const mockChartProps: Record<string, unknown>[] = []
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: (props: Record<string, unknown>) => {
    mockChartProps.push(props)
    const { createElement } = jest.requireActual<typeof React>('react')
    return createElement('svg', { 'data-testid': 'apexchart' }, createElement('path', { d: 'M0 0' }))
  },
}))

const API = 'http://localhost/api'
const admin = { id: 1, email: 'ada@example.com', roles: ['admin'], permissions: ['architect.access', 'architect.overseer'] }
const COMMAND = { id: 1, command: 'Pause the deployment gate', createdAt: '2026-11-23T15:00:00.000Z', author: 'ada@example.com' }
const TASK = {
  sessionId: 's1',
  title: 'build a todo web app',
  stage: 'development',
  percentage: 64,
  message: 'Writing the source files',
  startedAt: '2026-11-23T15:01:00.000Z',
  waitingForApproval: false,
  gate: null,
  approvalId: null,
}
const HISTORY = [
  { iteration: 1, totalTokens: 1200 },
  { iteration: 2, totalTokens: 3400 },
  { iteration: 3, totalTokens: 2100 },
]

const defaults = {
  commands: http.get(`${API}/architect/commands`, () => HttpResponse.json({ success: true, data: [] })),
  tasks: http.get(`${API}/architect/tasks`, () => HttpResponse.json({ success: true, data: [] })),
  tokens: http.get(`${API}/overseer/token-usage-history`, () => HttpResponse.json(HISTORY)),
}

const renderOverseer = (handlers: Partial<Record<keyof typeof defaults, HttpHandler>> = {}, permissions = admin.permissions) => {
  server.use(...Object.values({ ...defaults, ...handlers }))
  return renderWithProviders(
    <AuthProvider>
      <ArchitectOverseerPage />
    </AuthProvider>,
    { route: '/architect/overseer', preloadedState: { session: { status: 'authenticated', user: { ...admin, permissions } } } },
  )
}

const region = (name: string) => screen.getByRole('region', { name })
interface ChartProps {
  type: string
  height: number
  series: unknown
  options: ApexOptions & { yaxis: { title: { text: string }; labels: { formatter: (value: number) => string } } }
}
const lastChart = () => mockChartProps.at(-1) as unknown as ChartProps

beforeEach(() => {
  mockChartProps.length = 0
})

describe('ArchitectOverseerPage', () => {
  it('shows Access Restricted without architect.overseer', () => {
    renderOverseer({}, ['architect.access'])
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
    expect(screen.getByText('You do not have permission to access the Overseer interface module.')).toBeInTheDocument()
  })

  it('has an intro card listing capabilities and headings in order', async () => {
    renderOverseer()
    expect(screen.getByRole('heading', { level: 1, name: 'Overseer Interface' })).toBeInTheDocument()
    const intro = region('Orchestration control for the Overseer Core')
    expect(within(intro).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Orchestration control for the Overseer Core',
      'Command Interface',
      'Active Tasks',
      'Token Usage Metrics',
    ])
    await within(region('Sent commands')).findByText('You have not sent any commands yet.')
  })

  describe('command interface', () => {
    it('says commands are recorded and not executed, sends one with Sending..., and lists it with author and time', async () => {
      let body: unknown
      const sent = { ...COMMAND, id: 2, command: 'Summarise failed builds', createdAt: '2026-11-23T15:10:00.000Z' }
      renderOverseer({
        commands: http.get(`${API}/architect/commands`, () => HttpResponse.json({ success: true, data: [COMMAND] })),
      })
      server.use(
        http.post(`${API}/architect/commands`, async ({ request }) => {
          body = await request.json()
          await delay(100)
          return HttpResponse.json({ success: true, data: sent }, { status: 201 })
        }),
      )
      const console_ = region('Command Interface')
      const field = within(console_).getByLabelText(/^Command/)
      expect(field).toHaveAccessibleDescription('Commands are recorded in the agent log with your name and the time. They are not executed.')
      const list = await within(console_).findByRole('list', { name: 'Sent commands' })
      expect(within(list).getAllByRole('listitem')).toHaveLength(1)

      const user = userEvent.setup()
      await user.type(field, '  Summarise failed builds  ')
      await user.click(within(console_).getByRole('button', { name: 'Send Command' }))
      expect(await within(console_).findByRole('button', { name: 'Sending...' })).toBeDisabled()
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
      expect(body).toEqual({ command: 'Summarise failed builds' })
      const [newest] = within(list).getAllByRole('listitem')
      expect(newest).toHaveTextContent('Summarise failed builds')
      expect(newest).toHaveTextContent('Sent by ada@example.com')
      expect(newest?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T15:10:00.000Z')
      expect(field).toHaveValue('')
      expect(within(console_).getByRole('button', { name: 'Send Command' })).toBeEnabled()
      expect(within(console_).getByRole('status')).toHaveTextContent(/^Command recorded at /)
      expect(within(console_).queryByRole('alert')).not.toBeInTheDocument()
    })

    it('asks for a command before sending anything and focuses the field', async () => {
      let posted = false
      renderOverseer()
      server.use(
        http.post(`${API}/architect/commands`, () => {
          posted = true
          return HttpResponse.json({ success: true, data: COMMAND }, { status: 201 })
        }),
      )
      const user = userEvent.setup()
      const console_ = region('Command Interface')
      await user.type(within(console_).getByLabelText(/^Command/), '   ')
      await user.click(within(console_).getByRole('button', { name: 'Send Command' }))
      expect(await within(console_).findByText('Enter a command.')).toBeInTheDocument()
      expect(within(console_).getByLabelText(/^Command/)).toHaveFocus()
      expect(within(console_).getByLabelText(/^Command/)).toHaveAttribute('aria-invalid', 'true')
      expect(posted).toBe(false)
    })

    it("shows the server's field error from a 400 on the field", async () => {
      renderOverseer()
      server.use(
        http.post(`${API}/architect/commands`, () =>
          HttpResponse.json({ success: false, message: 'Validation failed', errors: { command: 'Command is too long' } }, { status: 400 }),
        ),
      )
      const user = userEvent.setup()
      const console_ = region('Command Interface')
      await user.type(within(console_).getByLabelText(/^Command/), 'x')
      await user.click(within(console_).getByRole('button', { name: 'Send Command' }))
      expect(await within(console_).findByText('Command is too long')).toBeInTheDocument()
      expect(within(console_).getByLabelText(/^Command/)).toHaveValue('x')
    })

    it('shows a clear error line when sending fails and keeps the text', async () => {
      renderOverseer()
      server.use(
        http.post(`${API}/architect/commands`, () => HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })),
      )
      const user = userEvent.setup()
      const console_ = region('Command Interface')
      await user.type(within(console_).getByLabelText(/^Command/), 'Restart the queue')
      await user.click(within(console_).getByRole('button', { name: 'Send Command' }))
      expect(await within(console_).findByRole('alert')).toHaveTextContent(
        'The command could not be sent. Please try again. (Internal server error)',
      )
      expect(within(console_).getByLabelText(/^Command/)).toHaveValue('Restart the queue')
      expect(within(region('Sent commands')).getByText('You have not sent any commands yet.')).toBeInTheDocument()
    })

    it('shows the loading state of the sent list, then an error when it cannot be loaded', async () => {
      renderOverseer({
        commands: http.get(`${API}/architect/commands`, async () => {
          await delay(100)
          return HttpResponse.json({ success: false, message: 'Forbidden' }, { status: 403 })
        }),
      })
      expect(within(region('Sent commands')).getByRole('status')).toHaveTextContent('Loading sent commands...')
      expect(await within(region('Sent commands')).findByRole('alert')).toHaveTextContent('Sent commands could not be loaded. (Forbidden)')
    })
  })

  describe('Active Tasks', () => {
    it("shows the loading state, then the spec's empty text", async () => {
      renderOverseer({
        tasks: http.get(`${API}/architect/tasks`, async () => {
          await delay(100)
          return HttpResponse.json({ success: true, data: [] })
        }),
      })
      expect(within(region('Active Tasks')).getByRole('status')).toHaveTextContent('Loading active tasks...')
      expect(await within(region('Active Tasks')).findByText('No active development tasks in progress.')).toBeInTheDocument()
    })

    it('lists running builds with title, stage, percentage and the approval they wait for', async () => {
      renderOverseer({
        tasks: http.get(`${API}/architect/tasks`, () =>
          HttpResponse.json({
            success: true,
            data: [TASK, { ...TASK, sessionId: 's2', title: 'a REST API', stage: 'structuring', percentage: 42, waitingForApproval: true, gate: 'planning', approvalId: 'a1' }],
          }),
        ),
      })
      const tasks = await within(region('Active Tasks')).findByRole('list', { name: 'Running builds' })
      const [first, second] = within(tasks).getAllByRole('listitem')
      expect(within(first!).getByRole('heading', { name: 'build a todo web app' })).toBeInTheDocument()
      expect(first).toHaveTextContent('Stage: Development')
      expect(first).toHaveTextContent('64%')
      expect(first).toHaveTextContent('Writing the source files')
      expect(within(first!).getByRole('progressbar', { name: 'build a todo web app: progress' })).toHaveAttribute('aria-valuenow', '64')
      expect(first).not.toHaveTextContent('Waiting for approval')
      expect(second).toHaveTextContent('Stage: Structuring')
      expect(second).toHaveTextContent('Waiting for approval: Planning approval is needed before this build continues.')
      expect(within(second!).getByRole('link', { name: 'Review it in Permission Controls' })).toHaveAttribute('href', '/architect/approvals')
      // Each opens its trace on the Builds page.
      expect(within(second!).getByRole('link', { name: 'View the trace of a REST API' })).toHaveAttribute('href', '/architect/builds/s2')
      expect(screen.queryByText('No active development tasks in progress.')).not.toBeInTheDocument()
    })

    it('asks again every 5 seconds and shows a build that started meanwhile', async () => {
      let calls = 0
      renderOverseer({
        tasks: http.get(`${API}/architect/tasks`, () => {
          calls += 1
          return HttpResponse.json({ success: true, data: calls === 1 ? [] : [TASK] })
        }),
      })
      await within(region('Active Tasks')).findByText('No active development tasks in progress.')
      expect(await within(region('Active Tasks')).findByRole('heading', { name: 'build a todo web app' }, { timeout: 9000 })).toBeInTheDocument()
      expect(calls).toBeGreaterThanOrEqual(2)
    }, 20_000)

    it('says when the tasks cannot be loaded', async () => {
      renderOverseer({
        tasks: http.get(`${API}/architect/tasks`, () => HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })),
      })
      expect(await within(region('Active Tasks')).findByRole('alert')).toHaveTextContent('Active tasks could not be loaded. (Internal server error)')
    })
  })

  describe('Token Usage Metrics', () => {
    it('shows Loading token usage chart... while loading', async () => {
      renderOverseer({
        tokens: http.get(`${API}/overseer/token-usage-history`, async () => {
          await delay(100)
          return HttpResponse.json([])
        }),
      })
      expect(within(region('Token Usage Metrics')).getByRole('status')).toHaveTextContent('Loading token usage chart...')
      expect(await within(region('Token Usage Metrics')).findByText('No token usage data found.')).toBeInTheDocument()
      expect(mockChartProps).toHaveLength(0)
    })

    it('shows Error: Failed to fetch token usage history on a non-OK answer', async () => {
      renderOverseer({
        tokens: http.get(`${API}/overseer/token-usage-history`, () => HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })),
      })
      expect(await within(region('Token Usage Metrics')).findByRole('alert')).toHaveTextContent('Error: Failed to fetch token usage history')
      expect(mockChartProps).toHaveLength(0)
    })

    it('shows Error: Invalid response format for a body that is not a history', async () => {
      renderOverseer({ tokens: http.get(`${API}/overseer/token-usage-history`, () => HttpResponse.json({ success: true })) })
      expect(await within(region('Token Usage Metrics')).findByRole('alert')).toHaveTextContent('Error: Invalid response format')
    })

    it('draws a 400-high line chart of totalTokens per iteration under the title and with the axes of the spec', async () => {
      renderOverseer()
      const metrics = region('Token Usage Metrics')
      await within(metrics).findByTestId('apexchart')
      const chart = lastChart()
      expect(chart.type).toBe('line')
      expect(chart.height).toBe(400)
      expect(chart.series).toEqual([
        { name: 'Total Tokens', data: [{ x: 1, y: 1200 }, { x: 2, y: 3400 }, { x: 3, y: 2100 }] },
      ])
      // The title is the figure's caption, in HTML (it wraps), not SVG text drawn by the chart.
      expect(chart.options.title?.text).toBeUndefined()
      expect(within(metrics).getByText('Total Token Usage per Pipeline Iteration', { selector: 'figcaption' })).not.toHaveClass('visually-hidden')
      expect(chart.options.xaxis?.title?.text).toBe('Iteration')
      expect(chart.options.yaxis.title.text).toBe('Total Tokens')
      expect(chart.options.chart?.height).toBe(400)
      expect(chart.options.chart?.animations?.enabled).toBe(true)
      expect(chart.options.yaxis.labels.formatter(12345)).toBe('12,345')

      // For screen readers: the figure's name and summary, and the data as a table.
      const figure = within(metrics).getByRole('figure', { name: 'Total Token Usage per Pipeline Iteration' })
      expect(figure).toHaveAccessibleDescription(
        'Line chart of total tokens over 3 pipeline iterations: 1,200 at iteration 1, 2,100 at iteration 3; highest 3,400 at iteration 2.',
      )
      const table = within(figure).getByRole('table', { name: 'Total Token Usage per Pipeline Iteration' })
      expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['IterationTotal Tokens', '11,200', '23,400', '32,100'])
    })

    it('turns the chart animations off when the user prefers reduced motion', async () => {
      const original = window.matchMedia
      window.matchMedia = ((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })) as unknown as typeof window.matchMedia
      try {
        renderOverseer()
        await within(region('Token Usage Metrics')).findByTestId('apexchart')
        expect(lastChart().options.chart?.animations?.enabled).toBe(false)
      } finally {
        window.matchMedia = original
      }
    })
  })
})
