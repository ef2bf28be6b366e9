export interface Testimonial {
  quote: string
  name: string
  role: string
  company: string
  /** 1 to 5 stars. */
  rating: number
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'Overseer asked the three questions our product manager forgot to, then built the service with tests we actually trust. The approval gates mean nothing ships without our say.',
    name: 'Maya Chen',
    role: 'Engineering Lead',
    company: 'Northwind Analytics',
    rating: 5,
  },
  {
    quote:
      'The DevLoop Matrix caught regressions before our QA team did. Watching the agents iterate until the tests passed changed how we plan sprints.',
    name: 'David Okafor',
    role: 'CTO',
    company: 'Brightline Health',
    rating: 5,
  },
  {
    quote:
      'We went from a vague brief to a structured project plan in an afternoon. The clarification loop is the closest thing to a senior architect on call.',
    name: 'Sofia Martínez',
    role: 'Product Director',
    company: 'Cobalt Logistics',
    rating: 4,
  },
  {
    quote:
      'Permissioned autonomy is the right model. Our compliance team signed off because every deployment waits for a named approver.',
    name: 'James Whitfield',
    role: 'Head of Platform',
    company: 'Harbor Financial',
    rating: 5,
  },
]
