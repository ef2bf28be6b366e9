import { inlineStyleHashes } from '../../../src/plugins/external/security'
import { buildTestApp, useTestApp } from '../../helper'

describe('security headers', () => {
  const fixture = useTestApp()

  it.each(['/', '/api/health', '/api/nothing-here'])('are on %s', async (url) => {
    const { headers } = await fixture.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    // Frames: the site's own, and the preview origin (its port, on the hostname the page was asked for).
    const previews = fixture.app.previewOrigin('localhost')
    expect(previews).toMatch(/^http:\/\/localhost:\d+$/)
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-aSysLrDECVdJ6L+jLf8CC5QKLmwRuk/OZiZk9mYky8A=';img-src 'self' data:;connect-src 'self';" +
        `font-src 'self';object-src 'none';base-uri 'self';frame-src 'self' ${previews};frame-ancestors 'none';form-action 'self'`,
    )
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()')
    expect(headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS only over HTTPS', async () => {
    const secureApp = await buildTestApp(fixture.db, { trustProxy: true })
    try {
      const response = await secureApp.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await secureApp.close()
    }
  })

  it('hashes each inline style block for the CSP', () => {
    // Known value: printf 'p{color:red}' | openssl dgst -sha256 -binary | base64
    expect(inlineStyleHashes('<style>p{color:red}</style><style media="print">\n</style>')).toEqual([
      "'sha256-p0bF+un5yUb9MBO6xRb8kPHlY2BdpHVtLiFkDrZPF64='",
      "'sha256-AbpHGcgLb+kRsJGnwFEktk7uzpZOCcBY74+YBdrKVGs='",
    ])
  })
})
