import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { startServerProcess, stopProcess } from './processes'

/** A Node process running `code`; its first line on stdout says it is ready. */
const node = async (code: string): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  await once(child.stdout!, 'data')
  return child
}

describe('stopping a process the tests started', () => {
  it('resolves for a process that has already exited (a server that crashed during the run)', async () => {
    const child = await node("console.log('up')")
    await once(child, 'exit')
    await expect(stopProcess(child)).resolves.toBeUndefined()
  })

  it('asks with SIGTERM, and kills a process that ignores it once the grace has passed', async () => {
    const polite = await node("process.on('SIGTERM', () => process.exit(0)); console.log('up'); setInterval(() => {}, 1000)")
    await stopProcess(polite)
    expect([polite.exitCode, polite.signalCode]).toEqual([0, null])

    const stubborn = await node("process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)")
    await stopProcess(stubborn, 200)
    expect(stubborn.signalCode).toBe('SIGKILL')
  })
})

describe('starting a server process', () => {
  it('gives up on a server that takes connections and never answers, within its time limit, and kills it', async () => {
    let exited: Promise<unknown[]> | undefined
    let child: ChildProcess | undefined
    // Listens on the port it is given and holds every connection without a word: without a time
    // limit of its own, one health probe would wait minutes for an answer.
    const silent = "require('node:net').createServer(() => {}).listen(Number(process.env.PORT), process.env.HOST); setInterval(() => {}, 1000)"
    await expect(
      startServerProcess((listen) => {
        child = spawn(process.execPath, ['-e', silent], { env: { ...process.env, ...listen }, stdio: 'ignore' })
        exited = once(child, 'exit')
        return child
      }, 1_000),
    ).rejects.toThrow('no health check within 1 s')
    await exited
    expect(child?.signalCode).toBe('SIGKILL')
  })
})
