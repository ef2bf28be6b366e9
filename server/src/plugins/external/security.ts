import { readFile } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'
import { cspHash } from '@contracts/prerender'
import { readPrerenderManifest } from './static'

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi

/** CSP hash sources (`'sha256-…'`) for each inline `<style>` block of an HTML document. */
export const inlineStyleHashes = (html: string): string[] => [...html.matchAll(INLINE_STYLE)].map(([, css = '']) => cspHash(css))

/**
 * The site's own inline styles, read once; none when the site isn't built: the start-up styles
 * of index.html, the pages' own CSS the prerendered pages inline, and the `style` attributes they
 * carry (by hash, with 'unsafe-hashes': exactly those values, no others).
 */
const spaStyleHashes = async (staticDir: string): Promise<string[]> => {
  const html = await readFile(path.join(staticDir, 'index.html'), 'utf8').catch(() => undefined)
  const manifest = await readPrerenderManifest(path.resolve(staticDir)).catch(() => undefined)
  const attributes = manifest?.styleHashes ?? []
  return [
    ...(html === undefined ? [] : inlineStyleHashes(html)),
    ...(manifest?.inlineStyleHashes ?? []),
    ...(attributes.length > 0 ? ["'unsafe-hashes'", ...attributes] : []),
  ]
}

const ONE_YEAR = 31_536_000

/**
 * ApexCharts 4.7.0 (the token chart on /architect/overseer, pinned) always appends
 * its legend rules as one inline <style> with fixed text; this is that text's hash, so the chart
 * works under a CSP that allows no other inline style. A new ApexCharts version means a new hash
 * (the Overseer browser test fails on any CSP error).
 */
const APEXCHARTS_LEGEND_STYLE = "'sha256-aSysLrDECVdJ6L+jLf8CC5QKLmwRuk/OZiZk9mYky8A='"

/**
 * Security headers on every answer: a strict CSP (inline styles only by hash, no inline
 * scripts), referrer, framing and opener policies, and HSTS on HTTPS requests only, so plain
 * HTTP on a developer's machine keeps working.
 */
export default fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", ...(await spaStyleHashes(staticDir)), APEXCHARTS_LEGEND_STYLE],
          imgSrc: ["'self'", 'data:'],
          // 'self' covers the socket's ws:// or wss:// to this same host (CSP Level 3).
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // The assistant frames a delivered app's live preview, served on the preview origin alone.
          frameSrc: ["'self'", (request: IncomingMessage) => app.previewOrigin(request.headers.host) ?? "'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
    })

    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()')
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', `max-age=${ONE_YEAR}; includeSubDomains`)
      }
    })
  },
  { name: 'security' },
)
