import type { ChatTurn } from '../model/types'
import { chatPathFor, hasDeliveredProject, isBuildRequest, sendsToBuilder } from './isBuildRequest'

describe('isBuildRequest', () => {
  it.each(['build', 'create', 'make', 'develop', 'generate', 'zip file'])('treats a message containing "%s" as a build request', (keyword) => {
    expect(isBuildRequest(`Please ${keyword.toUpperCase()} something`)).toBe(true)
    expect(chatPathFor(`please ${keyword} it`)).toBe('/overseer/chat')
  })

  it('matches inside words, as the lowercase-contains rule says', () => {
    expect(isBuildRequest('Who is the maker?')).toBe(true)
    expect(isBuildRequest('rebuilding')).toBe(true)
  })

  it('sends other messages to the dev chat', () => {
    expect(isBuildRequest('What is Overseer?')).toBe(false)
    expect(isBuildRequest('Send me a zip')).toBe(false)
    expect(chatPathFor('How do approvals work?')).toBe('/overseer-dev/chat')
  })
})

describe('a conversation that delivered a project', () => {
  const CHANGES = [
    'now add a fines collection',
    'rename the books collection to titles',
    'remove the authors endpoint',
    'also a search box on the books page',
    'now with dark mode',
    'can you add a search',
    'books should have an ISBN',
    'switch the storage to SQLite',
    'with a due date on each loan',
    "I'd like the header to be sticky",
  ]
  const NEW_PROJECTS = ['I need a landing page for my bakery', 'A REST API for a bookstore, please', 'Next, a Chrome extension that blocks ads']
  const QUESTIONS = ['what does the loans route return?', 'how do I run it?', 'thanks!', 'explain the loans route', 'Does it have tests?']

  it('sends a change to it, or a request for a new project, to the build endpoint though it has no build word', () => {
    for (const message of [...CHANGES, ...NEW_PROJECTS]) {
      expect(isBuildRequest(message)).toBe(false)
      expect(sendsToBuilder(message, true)).toBe(true)
      expect(chatPathFor(message, true)).toBe('/overseer/chat')
    }
  })

  it('keeps a question about it for the dev chat, and a build word for the builder', () => {
    for (const message of QUESTIONS) expect(chatPathFor(message, true)).toBe('/overseer-dev/chat')
    expect(chatPathFor('How do I build it?', true)).toBe('/overseer/chat')
  })

  it('keeps the keyword rule where no project was delivered', () => {
    for (const message of CHANGES) expect(chatPathFor(message)).toBe('/overseer-dev/chat')
  })

  it('knows a delivered project by a reply with files, or by the archive link its stored reply ends with', () => {
    const link = '[Download library-api.zip](/api/overseer/downloads/2d5e8c1a-9f3b-4e7d-a6c2-5b1f0e9d8a47)'
    const user: ChatTurn = { id: 'u', role: 'user', content: link }
    expect(hasDeliveredProject([])).toBe(false)
    expect(hasDeliveredProject([user, { id: 'a', role: 'assistant', content: 'See the docs.' }])).toBe(false)
    // A user who pastes a link has not had a project delivered; a failed reply delivered nothing.
    expect(hasDeliveredProject([user])).toBe(false)
    expect(hasDeliveredProject([{ id: 'f', role: 'assistant', content: link, failed: true }])).toBe(false)
    expect(hasDeliveredProject([{ id: 'a', role: 'assistant', content: `## Library API\n\n${link}` }])).toBe(true)
    expect(hasDeliveredProject([{ id: 'a', role: 'assistant', content: 'Built.', buildSessionId: 's1' }])).toBe(true)
    expect(hasDeliveredProject([{ id: 'a', role: 'assistant', content: 'Built.', downloadUrl: '/api/overseer/downloads/x' }])).toBe(true)
  })
})
