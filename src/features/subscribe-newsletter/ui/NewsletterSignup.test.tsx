import { http, HttpResponse, delay } from 'msw'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { leadFormCases } from '@tests/setup/leadFormCases'
import { NewsletterSignup } from './NewsletterSignup'

const NEWSLETTER_URL = 'http://localhost/api/newsletter'

const subscribed = () =>
  http.post(NEWSLETTER_URL, async () => {
    await delay(30)
    return HttpResponse.json({ success: true, message: "Thanks for subscribing! You'll hear from us soon." })
  })

const emailInput = () => screen.findByPlaceholderText('Your email address')

describe('NewsletterSignup', () => {
  const onError = jest.fn()
  beforeEach(() => onError.mockClear())

  leadFormCases({
    url: NEWSLETTER_URL,
    render: () => renderWithProviders(<NewsletterSignup onError={onError} />),
    submitName: 'Subscribe',
    fillValid: async (user) => user.type(await emailInput(), 'ada@example.com'),
    failure: 'Failed to subscribe. Please try again later.',
    findFailure: () => screen.findByText('Failed to subscribe. Please try again later.'),
    expectKept: async () => expect(await emailInput()).toHaveValue('ada@example.com'),
    expectAfterFailure: () => expect(onError).toHaveBeenCalled(),
    serverError: { name: 'email', message: 'Please enter a valid email address' },
  })

  it('shows the default title, description, placeholder and button', async () => {
    renderWithProviders(<NewsletterSignup />)
    expect(await screen.findByRole('heading', { name: 'Stay Updated' })).toBeInTheDocument()
    expect(screen.getByText('Subscribe to our newsletter for the latest insights and updates.')).toBeInTheDocument()
    expect(await emailInput()).toBeRequired()
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled()
  })

  it('asks for an email when the field is blank', async () => {
    const user = userEvent.setup()
    renderWithProviders(<NewsletterSignup />)
    await user.type(await emailInput(), '   ')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
  })

  it('rejects an address without at-sign, dot or with spaces', async () => {
    const user = userEvent.setup()
    renderWithProviders(<NewsletterSignup />)
    const input = await emailInput()
    for (const bad of ['no-at-sign.com', 'name@nodot', 'na me@example.com']) {
      await user.clear(input)
      await user.type(input, bad)
      await user.click(screen.getByRole('button', { name: 'Subscribe' }))
      expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    }
  })

  it('shows Subscribing... while sending, then thanks and can subscribe another email', async () => {
    const user = userEvent.setup()
    const onSuccess = jest.fn()
    let body: unknown
    server.use(
      http.post(NEWSLETTER_URL, async ({ request }) => {
        body = await request.json()
        await delay(50)
        return HttpResponse.json({ success: true, message: 'ok' })
      }),
    )
    renderWithProviders(<NewsletterSignup onSuccess={onSuccess} />)
    await user.type(await emailInput(), '  ada@example.com ')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled()
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument()
    expect(body).toEqual({ email: 'ada@example.com' })
    expect(onSuccess).toHaveBeenCalledWith('ada@example.com')

    await user.click(screen.getByRole('button', { name: 'Subscribe another email' }))
    expect(await emailInput()).toHaveValue('')
  })

  it('takes custom texts and hides the heading in the minimal variant', async () => {
    renderWithProviders(
      <NewsletterSignup variant="minimal" layout="vertical" title="News" buttonText="Join" placeholder="you@work.com" />,
    )
    expect(await screen.findByPlaceholderText('you@work.com')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument()
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'News' })).toBeInTheDocument()
  })

  it('renders the card variant with its heading', async () => {
    server.use(subscribed())
    renderWithProviders(<NewsletterSignup variant="card" />)
    await waitFor(() => expect(screen.getByRole('region', { name: 'Stay Updated' })).toHaveClass('card'))
  })
})

describe('NewsletterSignup loading', () => {
  const original = window.IntersectionObserver
  afterEach(() => {
    window.IntersectionObserver = original
  })

  it('loads the form only when it comes near the viewport, keeping its heading meanwhile', async () => {
    let reveal: (() => void) | undefined
    let margin: string | undefined
    window.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void, options?: IntersectionObserverInit) {
        margin = options?.rootMargin
        reveal = () => callback([{ isIntersecting: true }])
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver

    renderWithProviders(<NewsletterSignup />)
    expect(screen.getByRole('heading', { name: 'Stay Updated' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Stay Updated' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(margin).toBe('400px')

    act(() => reveal?.())
    expect(await screen.findByPlaceholderText('Your email address')).toBeInTheDocument()
  })
})
