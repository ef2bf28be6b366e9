import { randomUUID } from 'node:crypto'
import { openBuildQueue, type BuildQueue } from '../../src/scale/queueRunner'

/**
 * A stop asked of another server process through Redis (REDIS_URL): the answer says whether the
 * build ended there, the process is gone, or no answer came in time. Against the real Redis.
 */
const REDIS_URL = process.env.TEST_REDIS_URL

if (!REDIS_URL) {
  describe('stops between server processes', () => {
    it.skip('needs TEST_REDIS_URL (CI sets it; see .ci/run): skipped', () => undefined)
  })
} else {
  describe('stops between server processes', () => {
    const prefix = `overseer-test-${randomUUID()}`
    const open: BuildQueue[] = []
    const queue = async (serverId: string, answerTimeoutMs: number): Promise<BuildQueue> => {
      const opened = await openBuildQueue(REDIS_URL, prefix, serverId, answerTimeoutMs)
      open.push(opened)
      return opened
    }

    afterAll(async () => {
      for (const opened of open) await opened.close()
    })

    /** A server process whose build does not end when asked to stop until `release()`; `heard` once asked. */
    const slowHolder = async () => {
      const id = randomUUID()
      const holder = await queue(id, 10_000)
      let release: () => void = () => undefined
      const heard = new Promise<void>((resolve) => {
        holder.onStop(async () => {
          resolve()
          await new Promise<void>((ended) => (release = ended))
        })
      })
      return { id, heard, release: () => release() }
    }

    it('answers ended once the process that runs the build says it has ended, and gone when no such process listens', async () => {
      const asker = await queue(randomUUID(), 10_000)
      const holderId = randomUUID()
      const holder = await queue(holderId, 10_000)
      const asked: string[] = []
      holder.onStop(async (sessionId) => void asked.push(sessionId))
      await expect(asker.stop(holderId, 'session-ended')).resolves.toBe('ended')
      expect(asked).toEqual(['session-ended'])
      await expect(asker.stop(randomUUID(), 'session-gone')).resolves.toBe('gone')
    })

    it('answers no-answer when the process that runs the build has not said it ended by the deadline', async () => {
      const asker = await queue(randomUUID(), 200)
      const holder = await slowHolder()
      await expect(asker.stop(holder.id, 'session-slow')).resolves.toBe('no-answer')
      await holder.heard
      holder.release()
    })

    it('gives a stop still waiting for its answer no-answer when the queue closes', async () => {
      const asker = await openBuildQueue(REDIS_URL, prefix, randomUUID(), 60_000)
      const holder = await slowHolder()
      const answer = asker.stop(holder.id, 'session-closing')
      await holder.heard
      await asker.close()
      await expect(answer).resolves.toBe('no-answer')
      holder.release()
    })
  })
}
