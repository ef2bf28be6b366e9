import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { ContactPage } from './ContactPage'

describe('ContactPage', () => {
  it('has one h1, the form, contact information, headquarters and the FAQ', async () => {
    renderWithProviders(<ContactPage />, { route: '/contact' })
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Send us a message' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeInTheDocument()

    const info = screen.getByRole('complementary', { name: 'Other ways to reach us' })
    expect(within(info).getByRole('link', { name: 'hello@overseerlabs.ai' })).toHaveAttribute('href', 'mailto:hello@overseerlabs.ai')
    expect(within(info).getByRole('link', { name: /GitHub/ })).toHaveAttribute('target', '_blank')
    expect(within(info).getByRole('heading', { name: 'Headquarters' })).toBeInTheDocument()
    expect(within(info).getByText(/548 Market Street, Suite 400/)).toBeInTheDocument()

    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument()
    expect(screen.getByText('How quickly will you reply?')).toBeInTheDocument()
    await act(async () => {})
    expect(document.title).toBe('Contact Us | Overseer Labs')
  })

  it('preselects the subject of ?subject=', async () => {
    const { router } = renderWithProviders(<ContactPage />, { route: '/contact' })
    await act(() => router.navigate('/contact?subject=careers'))
    expect(screen.getByLabelText(/^Subject/)).toHaveDisplayValue('Careers')
  })

  it('notes the product of ?product= and preselects a fitting subject', async () => {
    const { router } = renderWithProviders(<ContactPage />, { route: '/contact' })
    await act(() => router.navigate('/contact?product=research-enterprise'))
    expect(screen.getByText('About:').parentElement).toHaveTextContent('About: Research Tools Enterprise')
    expect(screen.getByLabelText(/^Subject/)).toHaveDisplayValue('Request a demo')
  })

  it('starts a fresh form when a link changes the preselection', async () => {
    const user = userEvent.setup()
    const { router } = renderWithProviders(<ContactPage />, { route: '/contact' })
    await user.type(screen.getByLabelText(/^Name/), 'Ada')
    await act(() => router.navigate('/contact?subject=demo'))
    expect(screen.getByLabelText(/^Name/)).toHaveValue('')
    expect(screen.getByLabelText(/^Subject/)).toHaveDisplayValue('Request a demo')
  })
})
