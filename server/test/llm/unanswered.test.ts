import { DocsSearch, type SearchPassage } from '@contracts/docsSearch'
import { UnansweredQuestions } from '../../src/llm/local/unanswered'

const passage = (path: string, text: string): SearchPassage => ({ page: { title: path, path }, heading: null, anchor: null, text })

describe('questions asked before that the docs do not answer', () => {
  const index = new DocsSearch([passage('/docs/auth', 'Sign in with your e-mail address and password; a session lasts twelve hours.')])
  const known = new UnansweredQuestions(index, {
    answered: { '/docs/auth': ['How long does a staff session last?'] },
    unanswered: ['Does the staff login support two-factor authentication?'],
  })

  it('knows one again in other words, case and punctuation', () => {
    expect(known.has('does the staff login support two factor authentication')).toBe(true)
    expect(known.has('Can staff login use two-factor authentication?')).toBe(true)
  })

  it('answers a question closer to an answered one, or like neither', () => {
    expect(known.has('how long does a staff session last before it ends')).toBe(false)
    expect(known.has('does the login support passwords')).toBe(false)
    expect(known.has('what is a session')).toBe(false)
  })
})
