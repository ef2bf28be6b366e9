import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate } from 'react-router-dom'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { JOBS } from '../model/jobs'
import { CareersPage } from './CareersPage'

/** Opens a careers address through the app's two route patterns, so the page reads its param. */
const renderCareers = (path: string) =>
  renderWithProviders(<Navigate to={path} replace />, {
    route: '/start',
    routes: [
      { path: '/careers', element: <CareersPage /> },
      { path: '/careers/:jobId', element: <CareersPage /> },
    ],
  })

const scrollIntoView = jest.fn()

beforeAll(() => {
  // jsdom does not lay pages out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView
})
beforeEach(() => scrollIntoView.mockClear())

const roleToggle = (title: string) => screen.getByRole('button', { name: `Role details: ${title}` })

describe('CareersPage', () => {
  it('lists at least five open roles with team, location, type and summary, all closed', async () => {
    renderCareers('/careers')
    expect(await screen.findByRole('heading', { level: 1, name: 'Careers' })).toBeInTheDocument()
    expect(document.title).toBe('Careers | Overseer Labs')
    const roles = within(screen.getByRole('region', { name: 'Open roles' })).getAllByRole('article')
    expect(roles.length).toBeGreaterThanOrEqual(5)
    expect(new Set(JOBS.map((job) => job.id)).size).toBe(JOBS.length)
    for (const [index, role] of roles.entries()) {
      const job = JOBS[index]
      if (!job) throw new Error('more articles than jobs')
      expect(role).toHaveAttribute('id', job.id)
      expect(within(role).getByRole('heading', { level: 3, name: job.title })).toBeInTheDocument()
      for (const fact of [job.team, job.location, job.type, job.summary]) expect(within(role).getByText(fact)).toBeInTheDocument()
      expect(roleToggle(job.title)).toHaveAttribute('aria-expanded', 'false')
    }
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(scrollIntoView).not.toHaveBeenCalled()
  })

  it('opens and closes a role with its disclosure button, showing how to apply', async () => {
    const job = JOBS[1]
    if (!job) throw new Error('no second job')
    renderCareers('/careers')
    const toggle = await screen.findByRole('button', { name: `Role details: ${job.title}` })
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(details).not.toBeVisible()

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(details).toBeVisible()
    const panel = within(details as HTMLElement)
    for (const name of ['What you will do', 'What you bring', 'Nice to have']) expect(panel.getByRole('heading', { level: 4, name })).toBeInTheDocument()
    expect(panel.getByText(job.responsibilities[0] ?? '')).toBeInTheDocument()
    expect(panel.getByRole('link', { name: `Apply for this role: ${job.title}` })).toHaveAttribute('href', '/contact?subject=careers')
    expect(panel.getByRole('link', { name: 'Or e-mail hello@overseerlabs.ai' })).toHaveAttribute(
      'href',
      `mailto:hello@overseerlabs.ai?subject=${encodeURIComponent(`Application: ${job.title}`)}`,
    )
    expect(panel.getByRole('link', { name: `Link to this role: ${job.title}` })).toHaveAttribute('href', `/careers/${job.id}`)

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(details).not.toBeVisible()
  })

  it('/careers/:jobId opens that role, scrolls it into view and focuses its heading', async () => {
    const job = JOBS[3]
    if (!job) throw new Error('no fourth job')
    renderCareers(`/careers/${job.id}`)
    const heading = await screen.findByRole('heading', { level: 3, name: job.title })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(roleToggle(job.title)).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(job.requirements[0] ?? '')).toBeVisible()
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById(job.id))
    for (const other of JOBS.filter((candidate) => candidate.id !== job.id)) {
      expect(roleToggle(other.title)).toHaveAttribute('aria-expanded', 'false')
    }
    expect(document.title).toBe(`${job.title} | Careers | Overseer Labs`)
  })

  it('following a role link from the list opens that role', async () => {
    const job = JOBS[0]
    const target = JOBS[2]
    if (!job || !target) throw new Error('too few jobs')
    renderCareers(`/careers/${job.id}`)
    await userEvent.click(roleToggle(target.title))
    await userEvent.click(screen.getByRole('link', { name: `Link to this role: ${target.title}` }))
    const opened = await screen.findByRole('heading', { level: 3, name: target.title })
    await waitFor(() => expect(opened).toHaveFocus())
    expect(roleToggle(target.title)).toHaveAttribute('aria-expanded', 'true')
    expect(roleToggle(job.title)).toHaveAttribute('aria-expanded', 'false')
  })

  it('says politely that an unknown role is no longer open, above the list', async () => {
    renderCareers('/careers/chief-vibes-officer')
    const note = await screen.findByRole('status')
    expect(note).toHaveTextContent('Sorry, the role you followed a link to is no longer open.')
    const list = within(screen.getByRole('region', { name: 'Open roles' })).getAllByRole('article')
    expect(note.compareDocumentPosition(list[0] as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(list).toHaveLength(JOBS.length)
    expect(scrollIntoView).not.toHaveBeenCalled()
    expect(document.title).toBe('Careers | Overseer Labs')
  })

  it('explains benefits and how hiring works', async () => {
    renderCareers('/careers')
    expect(within(await screen.findByRole('region', { name: 'Benefits' })).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(4)
    expect(within(screen.getByRole('region', { name: 'How hiring works' })).getAllByRole('listitem')).toHaveLength(5)
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact?subject=careers')
  })
})
