import { PRODUCT_NAME } from '@/shared/config'
import type { FaqItem } from '@/shared/ui'

export interface Benefit {
  title: string
  text: string
}

export const BENEFITS: Benefit[] = [
  {
    title: 'Early access in June 2025',
    text: 'Be among the first to run the full pipeline: clarification, planning, the DevLoop Matrix and assembly, with approval gates at every significant step.',
  },
  {
    title: 'A say in the roadmap',
    text: `Early users talk directly with the engineers who build ${PRODUCT_NAME}. Your feedback decides which integrations and modules come next.`,
  },
  {
    title: 'Guided first build',
    text: 'An onboarding session helps you set up your permissions and approval gates and take a real project from brief to tested code.',
  },
  {
    title: 'Nothing to pay while you wait',
    text: 'Joining is free and commits you to nothing. You are not charged until you start using the platform.',
  },
]

export interface Milestone {
  /** Machine-readable month or range for `<time>`. */
  dateTime: string
  when: string
  title: string
  text: string
}

export const TIMELINE: Milestone[] = [
  {
    dateTime: '2025-06',
    when: 'June 2025',
    title: 'Early access',
    text: 'Invitations go out in waves to people on the waitlist. The full pipeline with approval gates, for individual developers and small teams.',
  },
  {
    dateTime: '2025-07',
    when: 'July–August 2025',
    title: 'Beta',
    text: 'More seats, shared team workspaces and the Architect Suite, with the GitHub, VS Code, Slack and Jira integrations.',
  },
  {
    dateTime: '2025-09',
    when: 'September 2025',
    title: 'Full release',
    text: 'Every plan generally available, including Enterprise deployment in your private cloud or on your own servers.',
  },
]

export const WAITLIST_FAQ: FaqItem[] = [
  {
    question: 'How long will I wait for access?',
    answer:
      'Invitations start in June 2025 and go out in waves through the beta in July and August. Everyone on the list has access by the full release in September 2025.',
  },
  {
    question: 'Does joining the waitlist cost anything?',
    answer: 'No. Joining is free and commits you to nothing. You are not charged until you start using the platform, and you can change your plan before then.',
  },
  {
    question: 'Can I join for my whole team?',
    answer:
      'Yes. One person can join on behalf of the team: mention your team size where you tell us how you plan to use the platform, or join from the Team plan on the pricing page to reserve it.',
  },
  {
    question: 'What happens if I sign up twice?',
    answer:
      'Nothing changes: your place on the list is kept and you will not get duplicate e-mails. To use a different address, simply join again with it.',
  },
  {
    question: 'How do you use my details?',
    answer:
      'Only to manage your early access and to send you early-access e-mails. You can unsubscribe at any time, and our privacy policy explains how we handle your data.',
  },
  {
    question: 'I have a question this page does not answer.',
    answer: 'Send us a message from the contact page and choose "Waitlist" as the subject. We answer within two business days.',
  },
]
