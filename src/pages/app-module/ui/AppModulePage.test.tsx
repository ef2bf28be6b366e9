import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FRAMEWORK_MODULES } from '@/entities/framework-module'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { MODULE_DETAILS } from '../model/details'
import { AppModulePage } from './AppModulePage'

/** Renders the page on its real route pattern, then opens `path`. */
const renderAt = async (path: string) => {
  const result = renderWithProviders(<AppModulePage />, { route: '/apps/:module' })
  await act(() => result.router.navigate(path))
  return result
}

describe('AppModulePage', () => {
  it('has details and documentation links for every module card', () => {
    for (const module of FRAMEWORK_MODULES) {
      const details = MODULE_DETAILS[module.id]
      expect(details).toBeDefined()
      expect(details?.docs.every((doc) => doc.to.startsWith('/docs/'))).toBe(true)
    }
  })

  it('shows what the module does, its pipeline stages, inputs and outputs, approvals and docs', async () => {
    await renderAt('/apps/devloop-matrix')
    expect(await screen.findByRole('heading', { level: 1, name: 'DevLoop Matrix' })).toBeInTheDocument()
    expect(document.title).toBe('DevLoop Matrix · Framework Modules | Overseer Labs')
    for (const name of ['What it does', 'How it works in the pipeline', 'Inputs and outputs', 'Approvals and permissions', 'Related documentation']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    expect(within(screen.getByRole('list', { name: 'Pipeline stages' })).getByText(/Development/)).toHaveTextContent(
      'Development (this module)',
    )
    const docs = within(screen.getByRole('region', { name: 'Related documentation' })).getAllByRole('link')
    expect(docs.map((link) => link.getAttribute('href'))).toContain('/docs/core-modules/devloop-matrix')
    expect(screen.getAllByRole('link', { name: 'Join the Waitlist' })[0]).toHaveAttribute('href', '/waitlist')
  })

  it('links to the neighbouring modules in pipeline order', async () => {
    const user = userEvent.setup()
    await renderAt('/apps/overseer-core')
    const neighbours = screen.getByRole('navigation', { name: 'Other modules' })
    expect(within(neighbours).getByRole('link', { name: /All modules/ })).toHaveAttribute('href', '/apps')
    await user.click(within(neighbours).getByRole('link', { name: /Clarification Loop/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Clarification Loop' })).toBeInTheDocument()
  })

  it('explains an unknown module and links back to the listing', async () => {
    await renderAt('/apps/no-such-module')
    expect(await screen.findByRole('heading', { level: 1, name: 'Module not found' })).toBeInTheDocument()
    expect(screen.getByText(/no framework module called “no-such-module”/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all modules' })).toHaveAttribute('href', '/apps')
    expect(document.title).toBe('Module Not Found | Overseer Labs')
  })
})
