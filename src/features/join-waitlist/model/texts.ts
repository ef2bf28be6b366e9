/** The waitlist form's texts (spec sections 4 and 8). */
export const WAITLIST_TEXTS = {
  submit: 'Join Waitlist',
  joining: 'Joining...',
  success: "You've been added to our waitlist! We'll notify you when early access is available.",
  failure: 'Failed to join waitlist. Please try again later.',
  again: 'Join again with a different email',
  thanksTitle: "You're on the list!",
  joiningFor: "You're joining for:",
  rolePlaceholder: 'Select your role',
  hearPlaceholder: 'Select an option',
} as const
