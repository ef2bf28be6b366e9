import { http, HttpResponse, delay } from 'msw'
import { screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { leadFormCases, requiredFieldsCase } from '@tests/setup/leadFormCases'
import { waitlistPrefill } from '../model/prefill'
import { WaitlistForm } from './WaitlistForm'

const WAITLIST_URL = 'http://localhost/api/waitlist/join'
const SUCCESS = "You've been added to our waitlist! We'll notify you when early access is available."
const FAILURE = 'Failed to join waitlist. Please try again later.'

const field = (name: RegExp) => screen.getByLabelText(name)
const submit = () => screen.getByRole('button', { name: 'Join Waitlist' })

const fillValid = async (user: UserEvent, email = 'grace@example.com') => {
  await user.type(field(/^Name/), 'Grace Hopper')
  await user.type(field(/^Email/), email)
  await user.type(field(/^Company or project name/), 'Compiler Co')
  await user.selectOptions(field(/^Role/), 'Software Architect')
}

const joined = () =>
  http.post(WAITLIST_URL, async () => {
    await delay(30)
    return HttpResponse.json({ success: true, message: SUCCESS })
  })

describe('WaitlistForm', () => {
  requiredFieldsCase({
    render: () => renderWithProviders(<WaitlistForm />),
    submitName: 'Join Waitlist',
    messages: ['Name is required', 'Email is required', 'Company or project name is required', 'Role is required'],
    optional: () => field(/^How do you plan/),
    first: () => field(/^Name/),
    firstMessage: 'Name is required',
  })

  leadFormCases({
    url: WAITLIST_URL,
    render: () => renderWithProviders(<WaitlistForm />),
    submitName: 'Join Waitlist',
    fillValid: (user) => fillValid(user),
    failure: FAILURE,
    findFailure: () => screen.findByRole('alert'),
    expectKept: () => {
      expect(field(/^Name/)).toHaveValue('Grace Hopper')
      expect(field(/^Role/)).toHaveValue('architect')
    },
    expectAfterFailure: () =>
      expect(screen.queryByRole('heading', { name: "You're on the list!" })).not.toBeInTheDocument(),
    // The server names the how-did-you-hear answer `source`.
    serverError: {
      name: 'source',
      message: 'Please choose one of the listed options',
      field: () => field(/^How did you hear/),
    },
  })

  it('offers the roles and the ways people hear about us', () => {
    renderWithProviders(<WaitlistForm />)
    const labels = (select: HTMLElement) => Array.from(select.querySelectorAll('option'), (option) => option.textContent)
    expect(labels(field(/^Role/))).toEqual([
      'Select your role',
      'Developer',
      'Tech Lead',
      'Software Architect',
      'Engineering Director',
      'CTO',
      'Other',
    ])
    expect(labels(field(/^How did you hear about us\?/))).toEqual([
      'Select an option',
      'Search engine',
      'Social media',
      'Recommendation',
      'Conference or event',
      'Article or publication',
      'Other',
    ])
  })

  it('rejects an invalid email', async () => {
    const user = userEvent.setup()
    renderWithProviders(<WaitlistForm />)
    await fillValid(user, 'grace@@example.com')
    await user.click(submit())
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument()
    expect(field(/^Email/)).toHaveFocus()
  })

  it('clears a field’s error as soon as that field is edited', async () => {
    const user = userEvent.setup()
    renderWithProviders(<WaitlistForm />)
    await user.click(submit())
    expect(await screen.findByText('Company or project name is required')).toBeInTheDocument()
    await user.type(field(/^Company or project name/), 'C')
    expect(screen.queryByText('Company or project name is required')).not.toBeInTheDocument()
    await user.selectOptions(field(/^Role/), 'CTO')
    expect(screen.queryByText('Role is required')).not.toBeInTheDocument()
    expect(screen.getByText('Name is required')).toBeInTheDocument()
  })

  it('shows Joining... while it sends, then thanks with a toast, and Join again returns to an empty form', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.post(WAITLIST_URL, async ({ request }) => {
        body = await request.json()
        await delay(50)
        return HttpResponse.json({ success: true, message: SUCCESS })
      }),
    )
    renderWithProviders(<WaitlistForm />)
    await fillValid(user)
    await user.type(field(/^How do you plan/), ' Internal tools ')
    await user.selectOptions(field(/^How did you hear/), 'Conference or event')
    await user.click(submit())

    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled()
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS)
    expect(body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Compiler Co',
      role: 'architect',
      useCase: 'Internal tools',
      source: 'conference',
    })
    const thanks = screen.getByRole('heading', { name: "You're on the list!" })
    // Focus moves in an effect after the thanks render: wait for it rather than assume it ran.
    await waitFor(() => expect(thanks).toHaveFocus())
    expect(screen.getByText('grace@example.com')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Join again with a different email' }))
    expect(field(/^Name/)).toHaveValue('')
    expect(field(/^Email/)).toHaveValue('')
    expect(field(/^Role/)).toHaveValue('')
    expect(field(/^Name/)).toHaveFocus()
  })

  it('shows and records the plan and product from the page', async () => {
    const user = userEvent.setup()
    let body: Record<string, unknown> = {}
    server.use(
      http.post(WAITLIST_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ success: true, message: SUCCESS })
      }),
    )
    renderWithProviders(<WaitlistForm prefill={waitlistPrefill(new URLSearchParams('plan=team'))} />)
    expect(screen.getByText("You're joining for:")).toBeInTheDocument()
    expect(screen.getByText('Team plan')).toBeInTheDocument()
    await fillValid(user)
    await user.click(submit())
    await screen.findByRole('heading', { name: "You're on the list!" })
    expect(body).toMatchObject({ plan: 'team' })
    expect(body).not.toHaveProperty('product')
    expect(body).not.toHaveProperty('source')
    expect(screen.getByText('Team plan')).toBeInTheDocument()
  })

  it('links the consent line to the privacy policy', () => {
    renderWithProviders(<WaitlistForm />)
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(screen.getByText(/You can unsubscribe at any time\./)).toHaveTextContent(
      'By joining, you agree to our Privacy Policy and to receive early-access emails. You can unsubscribe at any time.',
    )
  })

  it('clears the thank-you toast on Join again', async () => {
    const user = userEvent.setup()
    server.use(joined())
    renderWithProviders(<WaitlistForm />)
    await fillValid(user)
    await user.click(submit())
    await screen.findByRole('status')
    await user.click(screen.getByRole('button', { name: 'Join again with a different email' }))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})

describe('waitlistPrefill', () => {
  it.each([
    ['', {}],
    ['plan=developer', { plan: { value: 'developer', label: 'Developer plan' } }],
    ['product=research-basic', { product: { value: 'research-basic', label: 'Research Tools Basic' } }],
    ['plan=gold&product=nothing', {}],
  ])('reads "%s"', (query, expected) => {
    expect(waitlistPrefill(new URLSearchParams(query))).toEqual(expected)
  })
})
