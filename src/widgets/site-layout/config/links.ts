export interface NavLinkItem {
  label: string
  to: string
}

export const NAV_LINKS: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Apps', to: '/apps' },
  { label: 'About', to: '/about' },
]

export interface FooterGroup {
  title: string
  links: NavLinkItem[]
}

export const FOOTER_GROUPS: FooterGroup[] = [
  {
    title: 'Applications',
    links: [
      { label: 'Intelligence Platform', to: '/apps/intelligence-platform' },
      { label: 'Reviews Compass', to: '/apps/Reviews_Compass' },
      { label: 'Research Tools', to: '/apps/research-tools' },
      { label: 'Data Visualization', to: '/apps/data-visualization' },
      { label: 'All Applications', to: '/apps' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: '/docs' },
      { label: 'API Reference', to: '/docs/api-reference' },
      { label: 'Guides', to: '/docs/guides' },
      { label: 'Blog', to: '/blog' },
      { label: 'Case Studies', to: '/case-studies' },
      { label: 'Assistant', to: '/assistant' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Careers', to: '/careers' },
      { label: 'Contact', to: '/contact' },
      { label: 'Press', to: '/press' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Data Processing', to: '/data-processing' },
      { label: 'Cookie Policy', to: '/cookies' },
    ],
  },
]
