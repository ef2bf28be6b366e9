import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LocalAssistant } from '../../src/llm/local/assistant'

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n# ${title}\n\n## Overview\n\n${body}\n`

/**
 * The docs index, made once per process for the same docs: an app built again (tests build
 * many) answers from the index it made before, and docs that changed since are indexed again.
 */
describe("the offline assistant's docs index", () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'overseer-docs-index-'))
    await mkdir(path.join(dir, 'guides'))
    await writeFile(path.join(dir, 'guides', 'gardening.md'), page('Gardening', 'Water the tomato plants every morning before the sun is high.'))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const bestOf = (assistant: LocalAssistant, question: string): string | undefined => {
    const found = assistant.retrieve([{ role: 'user', content: question }])
    return found.kind === 'docs' ? found.best.passage.text : undefined
  }

  it('indexes the same docs once, and changed docs again', async () => {
    const first = await LocalAssistant.fromDirectory(dir)
    expect(await LocalAssistant.fromDirectory(dir)).toBe(first)
    expect(bestOf(first, 'When should I water the tomato plants?')).toMatch(/every morning/)

    await writeFile(path.join(dir, 'guides', 'gardening.md'), page('Gardening', 'Water the tomato plants every evening once the soil has cooled.'))
    // A change within the same millisecond is still a change of size here; the time is moved on too.
    const later = new Date(Date.now() + 5_000)
    await utimes(path.join(dir, 'guides', 'gardening.md'), later, later)
    const changed = await LocalAssistant.fromDirectory(dir)
    expect(changed).not.toBe(first)
    expect(bestOf(changed, 'When should I water the tomato plants?')).toMatch(/every evening/)

    await writeFile(path.join(dir, 'guides', 'roses.md'), page('Roses', 'Prune the roses in late winter, just above an outward bud.'))
    const added = await LocalAssistant.fromDirectory(dir)
    expect(added).not.toBe(changed)
    expect(bestOf(added, 'When do I prune roses?')).toMatch(/late winter/)
  })
})
