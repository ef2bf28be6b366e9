import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../../src/db'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from '../../helper'

const SPLASH_CSS = '#boot-splash{display:flex}'
const INDEX_HTML = `<!doctype html><html><head><style>${SPLASH_CSS}</style></head><body><div id="root"></div></body></html>`
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4096))})`

/** A STATIC_DIR holding `files` (relative path → content). */
const writeSite = async (files: Readonly<Record<string, string>>): Promise<string> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'overseer-static-'))
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), content)
  }
  return dir
}

/** For a describe block: the app serving a STATIC_DIR of `files`, on its own database, removed after the block. */
const useStaticSite = (files: Readonly<Record<string, string>>) => {
  const site = {} as { staticDir: string; db: Database; app: FastifyInstance }
  beforeAll(async () => {
    site.staticDir = await writeSite(files)
    site.db = await openTestPglite()
    site.app = await buildTestApp(site.db, { staticDir: site.staticDir })
  }, SETUP_TIMEOUT_MS)
  afterAll(async () => {
    await site.app.close()
    await site.db.close()
    await rm(site.staticDir, { recursive: true, force: true })
  })
  return site
}

describe('the SPA from STATIC_DIR', () => {
  const site = useStaticSite({ 'index.html': INDEX_HTML, 'assets/app.abc123.js': APP_JS, 'robots.txt': 'User-agent: *\n', '.env': 'SECRET=1' })

  const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8', extra: Record<string, string> = {}) =>
    site.app.inject({ method: 'GET', url, headers: { accept, ...extra } })

  it('serves hashed assets as immutable', async () => {
    const response = await get('/assets/app.abc123.js', '*/*')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.body).toBe(APP_JS)
  })

  it('compresses large files for clients that accept it', async () => {
    const response = await get('/assets/app.abc123.js', '*/*', { 'accept-encoding': 'br, gzip' })
    expect(response.headers['content-encoding']).toBe('br')
  })

  it('serves index.html with no-cache at / and by name', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(INDEX_HTML)
    }
  })

  it('gives other files a short cache', async () => {
    const response = await get('/robots.txt', '*/*')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('answers a page navigation to a client-side route with index.html', async () => {
    const response = await get('/some/page')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(INDEX_HTML)
  })

  it('answers 404, not index.html, for a missing asset', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const response = await get('/assets/nope.js', accept)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ success: false, message: 'Not found' })
    }
  })

  it('answers 404 for a missing file the browser fetches (not a navigation)', async () => {
    const response = await get('/favicon.ico', 'image/avif,image/webp,*/*')
    expect(response.statusCode).toBe(404)
  })

  it('keeps unknown API paths as JSON 404s even for a browser', async () => {
    const response = await get('/api/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ success: false, message: 'Not found' })
  })

  it('does not serve dotfiles or escape the directory', async () => {
    expect((await get('/.env', '*/*')).statusCode).toBe(404)
    expect((await get('/assets/..%2f..%2fetc%2fpasswd', '*/*')).statusCode).toBe(404)
    expect((await get('/..%2f..%2fetc%2fpasswd', '*/*')).statusCode).toBe(404)
  })

  it("allows index.html's inline style by hash in the CSP", async () => {
    const hash = createHash('sha256').update(SPLASH_CSS).digest('base64')
    const { headers } = await get('/')
    // Then the one inline style of the token chart (ApexCharts), also by hash.
    expect(headers['content-security-policy']).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}' 'sha256-[A-Za-z0-9+/]+=';`))
    expect(headers['content-security-policy']).not.toContain('unsafe-inline')
  })

  it('leaves index.html as built in public mode', async () => {
    const response = await get('/about')
    expect(response.body).toBe(INDEX_HTML)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  })
})

describe('SITE_MODE=prelaunch', () => {
  it('tells the SPA through a meta tag in index.html, on every page', async () => {
    const staticDir = await writeSite({ 'index.html': INDEX_HTML })
    const db = await openTestPglite()
    const app = await buildTestApp(db, { staticDir, siteMode: 'prelaunch' })
    try {
      for (const url of ['/', '/index.html', '/about']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
        expect(response.statusCode).toBe(200)
        expect(response.body).toContain('<meta name="overseer-site-mode" content="prelaunch"></head>')
        expect(response.headers['cache-control']).toBe('no-cache')
      }
    } finally {
      await app.close()
      await db.close()
      await rm(staticDir, { recursive: true, force: true })
    }
  })
})

describe('prerendered public pages (scripts/prerender)', () => {
  const SHELL = '<!doctype html><html><head><title>Overseer Labs</title></head><body><div id="root"></div></body></html>'
  const page = (pathname: string, title: string) =>
    `<!doctype html><html><head><title>${title} | Overseer Labs</title></head><body><div id="root" data-path="${pathname}"><h1 style="color:red">${title}</h1></div></body></html>`
  const STYLE_HASH = `'sha256-${createHash('sha256').update('color:red', 'utf8').digest('base64')}'`
  const PAGE_CSS_HASH = `'sha256-${createHash('sha256').update('.x{color:blue}', 'utf8').digest('base64')}'`
  const manifest = {
    origin: 'https://overseerlabs.ai',
    pages: {
      '/': { file: 'index.html' },
      '/about': { file: 'about.html' },
      '/docs/guides/intent': { file: 'docs/guides/intent.html' },
      '/404': { file: '404.html' },
    },
    shell: [
      { pattern: '/architect/*', status: 200 },
      { pattern: '/docs/:section/:topic', status: 404 },
      { pattern: '/share/:token', status: 200 },
    ],
    styleHashes: [STYLE_HASH],
    inlineStyleHashes: [PAGE_CSS_HASH],
  }
  const site = useStaticSite({
    'index.html': SHELL,
    'prerendered/manifest.json': JSON.stringify(manifest),
    'prerendered/index.html': page('/', 'Home'),
    'prerendered/about.html': page('/about', 'About'),
    'prerendered/docs/guides/intent.html': page('/docs/guides/intent', 'Intent'),
    'prerendered/404.html': page('/404', 'Page Not Found'),
  })

  it("answers a public page's address with its own HTML whatever the Accept header, GET and HEAD", async () => {
    for (const accept of ['*/*', 'text/html', 'application/json', '']) {
      for (const [url, title] of [['/', 'Home'], ['/about', 'About'], ['/about/', 'About'], ['/docs/guides/intent', 'Intent'], ['/index.html', 'Home']] as const) {
        const response = await site.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(response.headers['cache-control']).toBe('no-cache')
        expect(response.body).toContain(`<title>${title} | Overseer Labs</title>`)
        const head = await site.app.inject({ method: 'HEAD', url, headers: accept ? { accept } : {} })
        expect(head.statusCode).toBe(200)
        expect(head.body).toBe('')
      }
    }
  })

  it('answers an unknown address with 404 and the 404 page, GET and HEAD', async () => {
    for (const url of ['/nope', '/about/team', '/404', '/prerendered/about.html', '/prerendered/manifest.json']) {
      const response = await site.app.inject({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body).toContain('<h1 style="color:red">Page Not Found</h1>')
      expect((await site.app.inject({ method: 'HEAD', url })).statusCode).toBe(404)
    }
  })

  it("answers an unknown page of a route with pages (a docs page) with 404 and the shell: the app shows the route's own 'not found'", async () => {
    const response = await site.app.inject({ method: 'GET', url: '/docs/guides/nope', headers: { accept: '*/*' } })
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe(SHELL)
  })

  it('answers staff and private pages with the app shell', async () => {
    for (const url of ['/architect', '/architect/logs', '/share/abc']) {
      const response = await site.app.inject({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(SHELL)
    }
  })

  it('keeps the API and assets out of it: JSON 404s', async () => {
    for (const url of ['/api/nope', '/assets/nope.js']) {
      const response = await site.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ success: false, message: 'Not found' })
    }
  })

  it("allows exactly the pages' inlined CSS and style attributes in the CSP, by hash", async () => {
    const csp = (await site.app.inject({ method: 'GET', url: '/about' })).headers['content-security-policy'] as string
    const styleSrc = csp.split(';').find((directive) => directive.trim().startsWith('style-src')) ?? ''
    expect(styleSrc).toContain("'unsafe-hashes'")
    expect(styleSrc).toContain(STYLE_HASH)
    expect(styleSrc).toContain(PAGE_CSS_HASH)
    expect(styleSrc).not.toContain("'unsafe-inline'")
  })

  it('answers every page address with the shell in pre-launch mode: the app decides who sees the site', async () => {
    const prelaunch = await buildTestApp(site.db, { staticDir: site.staticDir, siteMode: 'prelaunch' })
    try {
      const response = await prelaunch.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('<meta name="overseer-site-mode" content="prelaunch">')
      expect(response.body).not.toContain('data-path')
    } finally {
      await prelaunch.close()
    }
  })
})
