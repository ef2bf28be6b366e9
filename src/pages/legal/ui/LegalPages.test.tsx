import type { ReactElement } from 'react'
import { screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { CookiesPage } from './CookiesPage'
import { DataProcessingPage } from './DataProcessingPage'
import { PrivacyPage } from './PrivacyPage'
import { TermsPage } from './TermsPage'

interface PageCase {
  name: string
  route: string
  page: ReactElement
  title: string
  sections: string[]
  related: string[]
}

const PAGES: PageCase[] = [
  {
    name: 'PrivacyPage',
    route: '/privacy',
    page: <PrivacyPage />,
    title: 'Privacy Policy',
    sections: [
      'Introduction',
      'Information We Collect',
      'How We Use Your Information',
      'Cookies and Similar Technologies',
      'Sharing and Disclosure',
      'Data Retention',
      'Data Security',
      'Your Rights and Choices',
      "Children's Privacy",
      'International Data Transfers',
      'Changes and Contact',
    ],
    related: ['/terms', '/data-processing', '/cookies'],
  },
  {
    name: 'TermsPage',
    route: '/terms',
    page: <TermsPage />,
    title: 'Terms of Service',
    // The spec's seventeen sections, in its order.
    sections: [
      'Introduction',
      'Acceptance of Terms',
      'Changes to These Terms',
      'Accounts and Eligibility',
      'The Services',
      'Payment and Billing',
      'User Content',
      'Prohibited Conduct',
      'Intellectual Property',
      'Disclaimers',
      'Limitation of Liability',
      'Indemnification',
      'Termination',
      'Governing Law',
      'Dispute Resolution',
      'General Provisions',
      'Contact Us',
    ],
    related: ['/privacy', '/data-processing', '/cookies'],
  },
  {
    name: 'DataProcessingPage',
    route: '/data-processing',
    page: <DataProcessingPage />,
    title: 'Data Processing Agreement',
    // The spec's thirteen sections, in its order.
    sections: [
      'Introduction',
      'Definitions',
      'Processor Obligations',
      'Controller Obligations',
      'Security Measures',
      'Data Breach Notification',
      'International Data Transfers',
      'Subprocessors',
      'Audits',
      'Return and Deletion of Data',
      'Term and Termination',
      'Governing Law',
      'Contact',
    ],
    related: ['/privacy', '/terms', '/cookies'],
  },
  {
    name: 'CookiesPage',
    route: '/cookies',
    page: <CookiesPage />,
    title: 'Cookie Policy',
    sections: [
      'Introduction',
      'Cookies and Browser Storage',
      'What We Store',
      'Why We Do Not Ask for Consent',
      'What We Do Not Use',
      'Managing Cookies and Storage',
      'Changes to This Policy',
      'Contact Us',
    ],
    related: ['/privacy', '/terms', '/data-processing'],
  },
]

const numbered = (titles: string[]) => titles.map((title, index) => `${index + 1}. ${title}`)

/** The numbered section headings of the document, leaving out the table of contents and related links. */
const sectionHeadings = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '')
    .filter((text) => /^\d+\. /.test(text))

describe.each(PAGES)('$name', ({ route, page, title, sections, related }) => {
  it(`is titled '${title}' and was last updated May 10, 2025`, () => {
    renderWithProviders(page, { route })
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const updated = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Last updated May 10, 2025')
    expect(within(updated).getByText('May 10, 2025')).toHaveAttribute('datetime', '2025-05-10')
    expect(document.title).toBe(`${title} | Overseer Labs`)
  })

  it(`has all ${sections.length} sections, each with a heading and body text, in order`, () => {
    renderWithProviders(page, { route })
    expect(sectionHeadings()).toEqual(numbered(sections))
    for (const heading of screen.getAllByRole('heading', { level: 2 }).filter((h) => /^\d+\. /.test(h.textContent ?? ''))) {
      const section = heading.closest('section')
      expect(section).not.toBeNull()
      const text = (section?.textContent ?? '').replace(heading.textContent ?? '', '').trim()
      expect(text.length).toBeGreaterThan(200)
      expect(section?.querySelector('p')).not.toBeNull()
    }
  })

  it('lists every section in the table of contents, in order, each linking to its section', () => {
    renderWithProviders(page, { route })
    const toc = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(toc).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(numbered(sections))
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? ''
      expect(document.getElementById(id)?.tagName).toBe('SECTION')
    }
    // The first section is current until the reader scrolls.
    expect(links[0]).toHaveAttribute('aria-current', 'true')
    expect(within(toc).getAllByRole('link', { current: true })).toHaveLength(1)
  })

  it('links to the related documents and has a contact button to /contact', () => {
    renderWithProviders(page, { route })
    const block = screen.getByRole('region', { name: 'Related documents' })
    const hrefs = within(block)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual([...related, '/contact'])
    expect(within(block).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
  })

  it("gives the company's address and e-mail from the shared settings", () => {
    const { container } = renderWithProviders(page, { route })
    const address = container.querySelector('address')
    expect(address).toHaveTextContent('Overseer Labs548 Market Street, Suite 400San Francisco, CA 94104United States')
    expect(within(address as HTMLElement).getByRole('link', { name: 'hello@overseerlabs.ai' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:hello@overseerlabs\.ai\?subject=/),
    )
  })
})

describe('ages', () => {
  it('the privacy policy states a minimum age of 16', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' })
    const section = document.getElementById('childrens-privacy') as HTMLElement
    expect(section).toHaveTextContent('You must be at least 16 years old to give us personal information')
    expect(section).toHaveTextContent('We do not knowingly collect personal information from anyone under 16')
  })

  it('the terms state a minimum age of 18, with parental consent below it', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' })
    const section = document.getElementById('accounts') as HTMLElement
    expect(section).toHaveTextContent('You must be at least 18 years old to use the Services')
    expect(section).toHaveTextContent(
      'If you are under 18, you may use them only with the consent of a parent or legal guardian',
    )
  })
})

describe('CookiesPage storage table', () => {
  it('lists every cookie and storage entry with its purpose, type and lifetime', () => {
    renderWithProviders(<CookiesPage />, { route: '/cookies' })
    const table = screen.getByRole('table', { name: 'Cookies and browser storage used by our site' })
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Purpose',
      'Type',
      'Lifetime',
    ])
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.querySelector('code')?.textContent)
    expect(names).toEqual([
      'overseer_session',
      'overseer_visitor',
      'auth_token',
      'overseer_selected_model',
      'architecture-canvas',
      'react-router-scroll-positions',
    ])
    const session = within(table).getByRole('row', { name: /^overseer_session/ })
    expect(session).toHaveTextContent('HttpOnly')
    expect(session).toHaveTextContent('SameSite=Lax')
    expect(session).toHaveTextContent('30 days if you choose “Remember me”')
    expect(session).toHaveTextContent('__Host-overseer_session over HTTPS')
  })

  it('says there are no advertising or third-party tracking cookies', () => {
    renderWithProviders(<CookiesPage />, { route: '/cookies' })
    expect(screen.getByText(/We use no advertising cookies and no third-party tracking/)).toBeInTheDocument()
    expect(document.getElementById('what-we-do-not-use')).toHaveTextContent('advertising or remarketing cookies')
  })
})
