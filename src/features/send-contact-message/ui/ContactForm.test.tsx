import { http, HttpResponse, delay } from 'msw'
import { screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { leadFormCases, requiredFieldsCase } from '@tests/setup/leadFormCases'
import { contactPrefill } from '../model/prefill'
import { ContactForm } from './ContactForm'

const CONTACT_URL = 'http://localhost/api/contact'
const SUCCESS = "Your message has been sent successfully. We'll be in touch soon!"
const FAILURE = 'Failed to send message. Please try again later.'

const field = (name: RegExp) => screen.getByLabelText(name)
const submit = () => screen.getByRole('button', { name: 'Send Message' })

const fillValid = async (user: UserEvent) => {
  await user.type(field(/^Name/), 'Ada Lovelace')
  await user.type(field(/^Email/), 'ada@example.com')
  await user.type(field(/^Company/), 'Analytical Engines')
  await user.selectOptions(field(/^Subject/), 'Technical support')
  await user.type(field(/^Message/), 'The DevLoop Matrix keeps retrying a test.')
}

describe('ContactForm', () => {
  requiredFieldsCase({
    render: () => renderWithProviders(<ContactForm />),
    submitName: 'Send Message',
    messages: ['Name is required', 'Email is required', 'Please select a subject', 'Message is required'],
    optional: () => field(/^Company/),
    first: () => field(/^Name/),
    firstMessage: 'Name is required',
  })

  leadFormCases({
    url: CONTACT_URL,
    render: () => renderWithProviders(<ContactForm />),
    submitName: 'Send Message',
    fillValid: (user) => fillValid(user),
    failure: FAILURE,
    findFailure: () => screen.findByRole('alert'),
    expectKept: () => {
      expect(field(/^Name/)).toHaveValue('Ada Lovelace')
      expect(field(/^Message/)).toHaveValue('The DevLoop Matrix keeps retrying a test.')
    },
    serverError: { name: 'email', message: 'Please enter a valid email', field: () => field(/^Email/) },
  })

  it('offers the five subjects by their names', () => {
    renderWithProviders(<ContactForm />)
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['Select a subject', 'Overseer information', 'Waitlist', 'Technical support', 'Request a demo', 'Careers'])
  })

  it('rejects an invalid email and a short message', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await fillValid(user)
    await user.clear(field(/^Email/))
    await user.type(field(/^Email/), 'ada@example')
    await user.clear(field(/^Message/))
    await user.type(field(/^Message/), 'Too short')
    await user.click(submit())
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument()
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument()
    expect(field(/^Email/)).toHaveFocus()
  })

  it('clears a field’s error as soon as that field is edited, and only that one', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await user.click(submit())
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    await user.type(field(/^Name/), 'A')
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    await user.selectOptions(field(/^Subject/), 'Careers')
    expect(screen.queryByText('Please select a subject')).not.toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
  })

  it('shows Sending... while it sends, then clears the fields and shows the success toast', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.post(CONTACT_URL, async ({ request }) => {
        body = await request.json()
        await delay(50)
        return HttpResponse.json({ success: true, message: SUCCESS }, { status: 201 })
      }),
    )
    renderWithProviders(<ContactForm />)
    await fillValid(user)
    await user.type(field(/^Name/), '  ')
    await user.click(submit())

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled()
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS)
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      subject: 'technical',
      message: 'The DevLoop Matrix keeps retrying a test.',
    })
    for (const name of [/^Name/, /^Email/, /^Company/, /^Subject/, /^Message/]) expect(field(name)).toHaveValue('')
    expect(submit()).toBeEnabled()
  })

  it('notes the product from the page, preselects its subject and sends it along', async () => {
    const user = userEvent.setup()
    let body: Record<string, unknown> = {}
    server.use(
      http.post(CONTACT_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ success: true, message: SUCCESS }, { status: 201 })
      }),
    )
    renderWithProviders(<ContactForm prefill={contactPrefill(new URLSearchParams('product=enterprise'))} />)
    expect(screen.getByText('Intelligence Platform Enterprise')).toBeInTheDocument()
    expect(screen.getByText('About:')).toBeInTheDocument()
    expect(field(/^Subject/)).toHaveDisplayValue('Request a demo')

    await user.type(field(/^Name/), 'Ada')
    await user.type(field(/^Email/), 'ada@example.com')
    await user.type(field(/^Message/), 'We would like a demo for 40 engineers.')
    await user.click(submit())
    await screen.findByRole('status')
    expect(body).toMatchObject({ subject: 'demo', product: 'enterprise', company: '' })
  })
})

describe('contactPrefill', () => {
  it.each([
    ['', {}],
    ['subject=careers', { subject: 'careers' }],
    ['subject=nonsense', {}],
    ['product=research-enterprise', { product: { value: 'research-enterprise', label: 'Research Tools Enterprise' }, subject: 'demo' }],
    ['product=research-basic', { product: { value: 'research-basic', label: 'Research Tools Basic' }, subject: 'overseer_info' }],
    ['product=enterprise&subject=technical', { product: { value: 'enterprise', label: 'Intelligence Platform Enterprise' }, subject: 'technical' }],
    ['product=starship', {}],
  ])('reads "%s"', (query, expected) => {
    expect(contactPrefill(new URLSearchParams(query))).toEqual(expected)
  })
})
