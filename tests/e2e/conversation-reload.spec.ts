import type { ServerResponse } from 'node:http'
import { expect, test, type Page } from '@playwright/test'
import { FakeLlm, type FakeHandler } from '../../server/test/support/fakeLlm'
import { conversation, messageBox } from './assistant-page'
import { watchErrors } from './errors'
import { SETUP_TIMEOUT_MS, startServer, type RunningServer } from './server'

/**
 * A page reload while a chat reply is still being written: the conversation comes back with the
 * question and the reply on its way, and the reply shows once it is done. The reply comes from
 * a fake OpenAI-compatible provider (a real HTTP server on 127.0.0.1, in this test's process) that
 * sends its first words, then holds the rest until the test lets it go: the offline model answers
 * too fast to reload in the middle.
 */

const QUESTION = 'What do the approval gates wait for?'
const FIRST_WORDS = 'The approval gates wait'
const REST = ' for a staff decision on /architect/approvals.'

/** One held reply: `started` once its first words are sent, the rest when `release` is called. */
const heldReply = () => {
  let release: () => void = () => undefined
  let started: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  const sent = new Promise<void>((resolve) => (started = resolve))
  const chunk = (delta: object) => `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`
  const handler: FakeHandler = async (_request, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    response.write(chunk({ role: 'assistant' }))
    response.write(chunk({ content: FIRST_WORDS }))
    started()
    await released
    response.write(chunk({ content: REST }))
    response.end('data: [DONE]\n\n')
  }
  return { handler, sent, release }
}

test.describe('a reload during a chat reply', () => {
  let fake: FakeLlm
  let server: RunningServer
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS)
    fake = await FakeLlm.start()
    // The fake's model is the one the assistant offers first; a slow provider is no reason to give up.
    server = await startServer({
      OVERSEER_LLM_BASE_URL: fake.baseUrl,
      OVERSEER_LLM_MODELS: 'fake-slow',
      OVERSEER_DEFAULT_MODEL: 'fake-slow',
      OVERSEER_LLM_TIMEOUT_MS: '60000',
      RATE_LIMIT_FORMS: '1000',
    })
  })

  test.afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  const sendQuestion = async (page: Page) => {
    await page.goto(`${server.url}/assistant`)
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('fake-slow')
    await messageBox(page).fill(QUESTION)
    await messageBox(page).press('Enter')
  }

  test('the conversation comes back with the reply on its way, and the reply shows once it is done', async ({ page }) => {
    test.setTimeout(90_000)
    const errors = watchErrors(page)
    const reply = heldReply()
    fake.enqueue(reply.handler)
    await sendQuestion(page)
    // The provider has started answering and the page shows its first words: the reply is mid-way.
    await reply.sent
    await expect(page.getByTestId('streaming-reply')).toContainText(FIRST_WORDS)

    await page.reload()
    await expect(conversation(page).getByText(QUESTION)).toBeVisible()
    // Still on its way: shown as pending, the form busy, nothing stored as the reply yet.
    await expect(page.getByTestId('streaming-reply')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    await expect(conversation(page).getByText(`${FIRST_WORDS}${REST}`)).toHaveCount(0)

    reply.release()
    await expect(conversation(page).getByText(`${FIRST_WORDS}${REST}`)).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('streaming-reply')).toHaveCount(0)
    // Ready for the next message.
    await messageBox(page).fill('Thanks')
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled()

    // The conversation is stored whole, from the one request to the provider.
    const history = await page.request.get(`${server.url}/api/overseer-dev/chat/history`)
    const [item] = ((await history.json()) as { data: { messages: { content: string }[]; response: string; status: string; stopped: boolean }[] }).data
    expect(item).toMatchObject({ messages: [{ content: QUESTION }], response: `${FIRST_WORDS}${REST}`, status: 'completed', stopped: false })
    expect(fake.completions).toHaveLength(1)
    expect(errors).toEqual([])
  })
})
