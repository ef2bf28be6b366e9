import { useTestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor, question, sendChat, type ChatReplyBody, type Headers } from '../support/chat'
import type { FastifyInstance } from 'fastify'

const CONTINUED = 'I continued the project of your last build'

/** The top folder of a delivered archive: the project's name. */
const projectOf = async (app: FastifyInstance, owner: Headers, zipUrl: string): Promise<string | undefined> => {
  const entries = await unzip((await app.inject({ method: 'GET', url: zipUrl, headers: owner })).rawPayload)
  return entries[0]?.name.split('/')[0]
}

/**
 * A conversation that delivered a project, through the real app with the offline engine: a change
 * request reaches the builder whichever endpoint it was sent to, a question stays a question, and a
 * request for something new starts a new project.
 */
describe('follow-ups in a conversation that delivered a project', () => {
  const target = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }) })

  const deliver = async (owner: Headers, request: string): Promise<BuildReplyBody> => {
    const response = await sendBuild(target.app, owner, buildRequest(request))
    expect(response.statusCode).toBe(200)
    return response.json<BuildReplyBody>()
  }

  it('hands a change request sent to the chat endpoint on to the builder, which continues the project', async () => {
    const { app } = target
    const owner = await newVisitor(app)
    const delivered = await deliver(owner, 'Build a REST API for a library with books, members and loans')
    const project = await projectOf(app, owner, delivered.zipUrl)

    for (const change of ['now add a fines collection', 'books should have an ISBN']) {
      const response = await sendChat(app, owner, question(change, { conversationId: delivered.conversationId }))
      expect(response.statusCode).toBe(200)
      const body = response.json<BuildReplyBody>()
      expect(body.conversationId).toBe(delivered.conversationId)
      expect(body.reply).toContain(CONTINUED)
      expect(body.zipUrl).toMatch(/^\/api\/overseer\/downloads\//)
      expect(body.zipUrl).not.toBe(delivered.zipUrl)
      expect(await projectOf(app, owner, body.zipUrl)).toBe(project)
    }
    const fines = await sendChat(app, owner, question('what does the fines route return?', { conversationId: delivered.conversationId }))
    expect(fines.statusCode).toBe(200)
    expect(fines.json<BuildReplyBody>().zipUrl).toBeUndefined()

    // The builds are the conversation's: its history shows the change and its reply.
    const stored = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${delivered.conversationId}`, headers: owner })
    const messages = stored.json<{ data: { messages: { role: string; content: string }[] } }>().data.messages
    expect(messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual([
      'Build a REST API for a library with books, members and loans',
      'now add a fines collection',
      'books should have an ISBN',
      'what does the fines route return?',
    ])
  })

  it("continues the project with a fix asked for from its preview: the app's crash, or a failed request, and the console's last lines", async () => {
    const { app } = target
    const owner = await newVisitor(app)
    const delivered = await deliver(owner, 'Build a web app to track my reading list')
    const project = await projectOf(app, owner, delivered.zipUrl)
    // As the preview panel writes them ('Ask Overseer to fix this').
    const quoted = (lines: string[]) => ['', 'The preview’s console, its last lines:', '```', ...lines, '```']
    const fixes = [
      [
        'Fix this error in the app: The app stopped with exit code 1. Its console shows why.',
        ...quoted(['$ npm start', "TypeError: Cannot read properties of undefined (reading 'title')", '    at /project/src/routes.js:42:17']),
      ].join('\n'),
      ['Fix this error in the app: A request failed: POST /api/books → 500 (3 ms)', ...quoted(['GET / → 200 (2 ms)', 'POST /api/books → 500 (3 ms)'])].join('\n'),
    ]
    for (const fix of fixes) {
      const response = await sendChat(app, owner, question(fix, { conversationId: delivered.conversationId }))
      expect(response.statusCode).toBe(200)
      const body = response.json<BuildReplyBody>()
      expect(body.reply).toContain(CONTINUED)
      expect(await projectOf(app, owner, body.zipUrl)).toBe(project)
    }
  })

  it('keeps a question about the project a question, and a change request in a conversation without a delivered project a chat message', async () => {
    const { app } = target
    const owner = await newVisitor(app)
    const delivered = await deliver(owner, 'Build a todo web app')
    const asked = await sendChat(app, owner, question('how do I run it?', { conversationId: delivered.conversationId }))
    expect(asked.statusCode).toBe(200)
    const answer = asked.json<BuildReplyBody>()
    expect(answer.zipUrl).toBeUndefined()
    expect(answer.reply).not.toContain(CONTINUED)

    const chatted = await sendChat(app, owner, question('What is Overseer?'))
    const conversationId = chatted.json<ChatReplyBody>().conversationId
    const notBuilt = await sendChat(app, owner, question('add a search box', { conversationId }))
    expect(notBuilt.statusCode).toBe(200)
    expect(notBuilt.json<BuildReplyBody>().zipUrl).toBeUndefined()
  })

  it('does not hand on an edit that replaces the turn that delivered the project, nor a message in another owner’s conversation', async () => {
    const { app } = target
    const alice = await newVisitor(app)
    const delivered = await deliver(alice, 'Build a todo web app')
    const edited = await sendChat(app, alice, question('add a tags collection', { conversationId: delivered.conversationId, replaceFrom: 0 }))
    expect(edited.statusCode).toBe(200)
    expect(edited.json<BuildReplyBody>().zipUrl).toBeUndefined()

    const again = await deliver(alice, 'Build a todo web app')
    const mallory = await newVisitor(app)
    const attempt = await sendChat(app, mallory, question('now add tags', { conversationId: again.conversationId }))
    expect(attempt.statusCode).toBe(404)
  })

  it('starts a new project for a request for something else, at either endpoint, and continues only a change', async () => {
    const { app } = target
    const owner = await newVisitor(app)
    const bakery = await deliver(owner, 'Build a web app for my bakery where customers can pre-order bread')
    const bakeryProject = await projectOf(app, owner, bakery.zipUrl)

    const library = await sendBuild(app, owner, buildRequest('Create a REST API for a library with books and loans', { conversationId: bakery.conversationId }))
    expect(library.statusCode).toBe(200)
    const api = library.json<BuildReplyBody>()
    expect(api.conversationId).toBe(bakery.conversationId)
    expect(api.reply).not.toContain(CONTINUED)
    const libraryProject = await projectOf(app, owner, api.zipUrl)
    expect(libraryProject).not.toBe(bakeryProject)

    // Sent to the chat endpoint, with no build word: a new project too.
    const words = await sendChat(app, owner, question('I need a command-line tool that counts words', { conversationId: bakery.conversationId }))
    expect(words.statusCode).toBe(200)
    const cli = words.json<BuildReplyBody>()
    expect(cli.reply).not.toContain(CONTINUED)
    const cliProject = await projectOf(app, owner, cli.zipUrl)
    expect([bakeryProject, libraryProject]).not.toContain(cliProject)

    // A change continues the last project: the command-line tool.
    const change = await sendChat(app, owner, question('also count lines', { conversationId: bakery.conversationId }))
    expect(change.statusCode).toBe(200)
    const continued = change.json<BuildReplyBody>()
    expect(continued.reply).toContain(CONTINUED)
    expect(await projectOf(app, owner, continued.zipUrl)).toBe(cliProject)
  })
})
