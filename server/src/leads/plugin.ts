import fp from 'fastify-plugin'
import { createContactRepository, type ContactRepository } from './contactRepository'
import { createLeadsRepository, type LeadsRepository } from './leadsRepository'
import { createNewsletterRepository, type NewsletterRepository } from './newsletterRepository'
import { createWaitlistRepository, type WaitlistRepository } from './waitlistRepository'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-ups to the waitlist, one per address. */
    waitlistRepository: WaitlistRepository
    /** Messages sent through the contact form. */
    contactRepository: ContactRepository
    /** Newsletter subscriptions, one per address. */
    newsletterRepository: NewsletterRepository
    /** The three kinds of lead as staff list and export them. */
    leadsRepository: LeadsRepository
  }
}

/** The leads' repositories, on the app's database, for the form routes and the staff's leads pages. */
export default fp(
  async (app) => {
    app.decorate('waitlistRepository', createWaitlistRepository(app.db))
    app.decorate('contactRepository', createContactRepository(app.db))
    app.decorate('newsletterRepository', createNewsletterRepository(app.db))
    app.decorate('leadsRepository', createLeadsRepository(app.db))
  },
  { name: 'leads', dependencies: ['db'] },
)
