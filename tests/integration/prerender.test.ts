import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { RenderReport } from '../../scripts/prerender/renderAll'

const ROOT = path.resolve(__dirname, '../..')

/**
 * Every public page renders in Node, as `npm run build` renders it: the prerender build of the
 * real app, in a Node process with no browser globals, so a page that used `window`,
 * `document`, storage or an observer while rendering fails here, not in a visitor's browser.
 */
describe('the prerender of every public page', () => {
  let report: RenderReport

  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/prerender/renderAll.ts'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_OPTIONS: '' },
    })
    report = JSON.parse(stdout) as RenderReport
  }, 240_000)

  it('runs where there is no browser', () => {
    expect(report.browserGlobals).toEqual([])
  })

  it('lists every page of the route table and of D9, and leaves staff and private pages to the shell', () => {
    for (const pathname of [
      '/',
      '/about',
      '/apps',
      '/apps/intelligence-platform',
      '/apps/intelligence-platform/pricing',
      '/apps/Reviews_Compass/sentiment',
      '/apps/research-tools/docs',
      '/apps/data-visualization',
      '/apps/overseer-core',
      '/architecture',
      '/architecture/overseer-core',
      '/docs',
      '/docs/getting-started',
      '/docs/core-modules/devloop-matrix',
      '/privacy',
      '/terms',
      '/data-processing',
      '/cookies',
      '/careers',
      '/careers/technical-writer',
      '/blog',
      '/blog/inside-the-devloop-matrix',
      '/case-studies',
      '/press',
      '/contact',
      '/waitlist',
      '/assistant',
      '/login',
      '/404',
    ])
      expect(report.pages).toContain(pathname)
    expect(report.pages.filter((pathname) => /^\/(architect|share)(\/|$)/.test(pathname))).toEqual([])
    expect(report.shell).toEqual(expect.arrayContaining([{ pattern: '/architect/*', status: 200 }, { pattern: '/share/:token', status: 200 }]))
  })

  it('renders each with its content, title and description, and fails on none', () => {
    expect(report.rendered.filter((page) => page.error)).toEqual([])
    for (const page of report.rendered) {
      expect({ pathname: page.pathname, h1: page.h1 }).toEqual({ pathname: page.pathname, h1: true })
      expect(page.title).toMatch(/ \| Overseer Labs$/)
      expect(page.description?.length).toBeGreaterThan(20)
      expect(page.canonical).toMatch(/^https?:\/\//)
    }
    // Each docs page, job and post has a title of its own.
    const own = report.rendered.filter((page) => /^\/(docs\/[^/]+\/|careers\/|blog\/)/.test(page.pathname)).map((page) => page.title)
    expect(new Set(own).size).toBe(own.length)
  })
})
