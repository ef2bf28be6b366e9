import type { FaqItem } from '@/shared/ui'

export const CONTACT_FAQ: FaqItem[] = [
  {
    question: 'How quickly will you reply?',
    answer:
      'We answer every message within two business days, Monday to Friday. Questions from teams already in early access are answered first, usually the same day.',
  },
  {
    question: 'When does early access start?',
    answer:
      'Early access opens in June 2025, followed by a beta in July and August and the full release in September 2025. Join the waitlist to reserve your place; write to us here only if you have a question about your signup.',
  },
  {
    question: 'Can I see a demo before I sign up?',
    answer:
      'Yes. Choose "Request a demo" and tell us a little about your team and your stack. We will set up a live session that follows one build from the first clarifying question through the approval gates to the finished project.',
  },
  {
    question: 'Do you offer Enterprise plans?',
    answer:
      'Yes, for the Intelligence Platform and the Research Tools. Enterprise plans add single sign-on, custom permission roles, private-cloud or self-hosted deployment and a dedicated success engineer. Use Contact Sales on a pricing page, or pick "Request a demo" here.',
  },
  {
    question: 'How do I apply for a job?',
    answer:
      'Read about the open roles on our careers page and apply from the role you are interested in, or send us a message with the subject "Careers" and a link to your CV or portfolio.',
  },
  {
    question: 'What happens to the information I send?',
    answer:
      'We use it only to answer your message. We keep it no longer than needed for that and never sell it. Our privacy policy explains the details and your rights.',
  },
]
