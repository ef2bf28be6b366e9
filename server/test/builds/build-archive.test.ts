import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import fc from 'fast-check'
import { ArchiveError, archiveEntries, isSafeEntryName, MAX_ARCHIVE_BYTES, MAX_ARCHIVE_FILES, projectZip } from '../../src/generation/archive'
import { classify, PROJECT_KINDS } from '../../src/generation/classify'
import { TEMPLATES } from '../../src/generation/templates'
import { MAX_SLUG_LENGTH, understand } from '../../src/generation/understand'
import { unzip } from '../support/builds'

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Requests of any text: ASCII, any Unicode, and the characters that attack paths. */
const requestText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.array(fc.constantFrom('..', '/', '\\', '\u0000', 'C:', '~', ' ', 'build', 'api', 'é', '%2e%2e', '.', 'web app', '-'), { maxLength: 40 }).map((parts) => parts.join('')),
)

/** What no archive entry may contain, whatever the request said. */
const expectHarmless = (name: string): void => {
  expect(name.startsWith('/')).toBe(false)
  expect(name.includes('\\') || name.includes('\u0000') || name.includes(':')).toBe(false)
  expect(name.split('/')).not.toContain('..')
  expect(name.split('/')).not.toContain('.')
  expect(name.split('/')).not.toContain('')
  expect(path.posix.normalize(name)).toBe(name)
}

describe('archive entry names', () => {
  it('are generated from any request as relative names under one safe folder', () => {
    fc.assert(
      fc.property(requestText, fc.constantFrom(...PROJECT_KINDS), (request, kind) => {
        // Named as a build names its project: by understanding the request.
        const understanding = understand(request, kind)
        const { slug, name } = understanding
        expect(slug).toMatch(SLUG)
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
        const files = TEMPLATES[kind].files({ kind, slug, title: name, request, understanding })
        for (const entry of archiveEntries(slug, files)) {
          expect(entry.name.startsWith(`${slug}/`)).toBe(true)
          expect(isSafeEntryName(entry.name)).toBe(true)
          expectHarmless(entry.name)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('pass the check only when harmless', () => {
    const pathLike = fc.array(fc.constantFrom('a', 'b.js', '..', '.', '', '.env', 'x\\y', 'c:', '\u0000', '/', ' ', 'é'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('/'))
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 50 }), pathLike), (name) => {
        if (isSafeEntryName(name)) expectHarmless(name)
      }),
      { numRuns: 1000 },
    )
    for (const name of ['../x', 'a/../b', '/etc/passwd', 'a\\b', 'a\u0000b', 'C:/x', 'a//b', 'a/', '.', '..', '']) expect(isSafeEntryName(name)).toBe(false)
    for (const name of ['README.md', 'src/app.js', '.gitignore', 'test/a.test.js']) expect(isSafeEntryName(name)).toBe(true)
  })

  it('refuses a project with an unsafe name, a duplicate, too many files or too many bytes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }).filter((name) => !isSafeEntryName(`root/${name}`)), (name) => {
        expect(() => archiveEntries('root', [{ path: name, content: '' }])).toThrow(ArchiveError)
      }),
    )
    expect(() => archiveEntries('../root', [{ path: 'a.js', content: '' }])).toThrow(ArchiveError)
    expect(() => archiveEntries('root', [{ path: 'a.js', content: '' }, { path: 'a.js', content: '' }])).toThrow('Duplicate')
    const many = Array.from({ length: MAX_ARCHIVE_FILES + 1 }, (_, index) => ({ path: `f${index}.txt`, content: '' }))
    expect(() => archiveEntries('root', many)).toThrow('Too many files')
    expect(() => archiveEntries('root', [{ path: 'big.txt', content: 'x'.repeat(MAX_ARCHIVE_BYTES + 1) }])).toThrow('too large')
  })

  it('are exactly what the produced zip holds', async () => {
    await fc.assert(
      fc.asyncProperty(requestText, fc.constantFrom(...PROJECT_KINDS), async (request, kind) => {
        const understanding = understand(request, kind)
        const { slug, name } = understanding
        const files = TEMPLATES[kind].files({ kind, slug, title: name, request, understanding })
        const entries = await unzip(await buffer(projectZip(slug, files)))
        expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => `${slug}/${file.path}`))
        expect(entries.map((entry) => entry.content.toString('utf8'))).toEqual(files.map((file) => file.content))
      }),
      { numRuns: 25 },
    )
  })
})

describe('classification', () => {
  it.each([
    ['build a todo web app', 'web-app'],
    ['Create a landing page website for my bakery', 'web-app'],
    ['make a REST API for invoices', 'http-api'],
    ['develop a backend service with endpoints for orders', 'http-api'],
    ['build a command-line tool that renames photos', 'cli'],
    ['generate a CLI to count words in files', 'cli'],
    ['create a library of date helpers', 'library'],
    ['make an npm package that parses CSV', 'library'],
    ['build something nice', 'web-app'],
    ['', 'web-app'],
  ])('%j is a %s', (request, kind) => {
    expect(classify(request).kind).toBe(kind)
  })
})
