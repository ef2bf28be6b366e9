import { DocsSearch, type SearchPassage } from '@contracts/docsSearch'
import { UnansweredQuestions } from '../../src/llm/local/unanswered'

const passage = (path: string, text: string): SearchPassage => ({ page: { title: path, path }, heading: null, anchor: null, text })

describe('questions asked before that the docs did not answer', () => {
  const index = new DocsSearch([
    passage('/docs/auth', 'Sign in with your e-mail address and password; a session lasts twelve hours.'),
    passage('/docs/canvas', 'Drag nodes from the palette onto the architecture canvas.'),
  ])
  const known = new UnansweredQuestions(index, {
    answered: { '/docs/auth': ['How long does a staff session last?'] },
    unanswered: ['Does the staff login support two-factor authentication?', 'Is there a limit on how many nodes I can put on the architecture canvas?'],
  })

  it('knows one again in other words, case and punctuation', () => {
    expect(known.match('does the staff login support two factor authentication')).toBe('Does the staff login support two-factor authentication?')
    expect(known.match('Can staff login use two-factor authentication?')).toBe('Does the staff login support two-factor authentication?')
  })

  it('answers a question closer to an answered one, like neither, or without what made the known one unanswered', () => {
    expect(known.match('how long does a staff session last before it ends')).toBeUndefined()
    expect(known.match('does the login support passwords')).toBeUndefined()
    expect(known.match('what is a session')).toBeUndefined()
    // Close in words, but without the limit it asked about.
    expect(known.match('How do I put nodes on the architecture canvas?')).toBeUndefined()
    expect(known.match('is there a limit on how many nodes i can put on the canvas')).toBe('Is there a limit on how many nodes I can put on the architecture canvas?')
  })
})
