/** The contact form's texts (spec sections 4 and 8). */
export const CONTACT_TEXTS = {
  submit: 'Send Message',
  sending: 'Sending...',
  success: "Your message has been sent successfully. We'll be in touch soon!",
  failure: 'Failed to send message. Please try again later.',
  subjectPlaceholder: 'Select a subject',
} as const
