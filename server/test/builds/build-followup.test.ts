import { useTestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor } from '../support/chat'

/** Follow-ups with the offline engine: a build request in a conversation that delivered a project continues it. */
describe('an offline follow-up build', () => {
  const target = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }) })

  it('continues the same project (its kind and name), with its own archive, and says when it found nothing to change', async () => {
    const { app } = target
    const owner = await newVisitor(app)
    const first = await sendBuild(app, owner, buildRequest('Build a todo web app'))
    expect(first.statusCode).toBe(200)
    const delivered = first.json<BuildReplyBody>()

    // A request that would classify as another kind still continues the web app of this conversation.
    const second = await sendBuild(app, owner, buildRequest('now make it a command-line tool', { conversationId: delivered.conversationId }))
    expect(second.statusCode).toBe(200)
    const continued = second.json<BuildReplyBody>()
    expect(continued.conversationId).toBe(delivered.conversationId)
    expect(continued.zipUrl).not.toBe(delivered.zipUrl)
    expect(continued.reply).toContain('I continued the project of your last build, but found nothing in this request to change')
    const before = await unzip((await app.inject({ method: 'GET', url: delivered.zipUrl, headers: owner })).rawPayload)
    const after = await unzip((await app.inject({ method: 'GET', url: continued.zipUrl, headers: owner })).rawPayload)
    const contents = (entries: typeof before) => entries.map((entry) => [entry.name, entry.content.toString('utf8'), entry.mode]).sort()
    expect(contents(after)).toEqual(contents(before))

    // A build request in a new conversation starts from a template again.
    const fresh = await sendBuild(app, owner, buildRequest('build a command-line tool that counts words'))
    expect(fresh.json<BuildReplyBody>().reply).not.toContain('I continued the project')
  })

  it('never continues another owner’s project', async () => {
    const { app } = target
    const alice = await newVisitor(app)
    const delivered = (await sendBuild(app, alice, buildRequest('Build a todo web app'))).json<BuildReplyBody>()
    const mallory = await newVisitor(app)
    const attempt = await sendBuild(app, mallory, buildRequest('now add tags', { conversationId: delivered.conversationId }))
    expect(attempt.statusCode).toBeGreaterThanOrEqual(400)
    expect(attempt.statusCode).toBeLessThan(500)
  })
})
