import { useTestApp } from '../../helper'

interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown[]; responses: Record<string, unknown> }>>
}

describe('GET /api/openapi.json', () => {
  const fixture = useTestApp()
  let document: OpenApiDocument

  beforeAll(async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    document = response.json<OpenApiDocument>()
  })

  it('is an OpenAPI 3 document of the API routes', () => {
    expect(document.openapi).toMatch(/^3\./)
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/architect/approvals',
      '/api/architect/approvals/{id}/decision',
      '/api/architect/builds',
      '/api/architect/builds/{sessionId}',
      '/api/architect/commands',
      '/api/architect/leads',
      '/api/architect/leads/export.csv',
      '/api/architect/logs',
      '/api/architect/logs/modules',
      '/api/architect/questions',
      '/api/architect/questions/corrections',
      '/api/architect/questions/corrections/{id}',
      '/api/architect/questions/gaps',
      '/api/architect/questions/sections',
      '/api/architect/tasks',
      '/api/architect/whoami',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/contact',
      '/api/health',
      '/api/newsletter',
      '/api/overseer-dev/chat',
      '/api/overseer-dev/chat/history',
      '/api/overseer-dev/chat/history/{id}',
      '/api/overseer-dev/chat/history/{id}/export',
      '/api/overseer-dev/chat/history/{id}/ratings/{position}',
      '/api/overseer-dev/chat/history/{id}/restore',
      '/api/overseer-dev/chat/history/{id}/share',
      '/api/overseer-dev/models',
      '/api/overseer-dev/sessions/{sessionId}',
      '/api/overseer-dev/sessions/{sessionId}/stop',
      '/api/overseer-dev/shared/{token}',
      '/api/overseer-dev/shared/{token}/builds/{buildId}/archive',
      '/api/overseer-dev/shared/{token}/builds/{buildId}/files',
      '/api/overseer/builds/{sessionId}',
      '/api/overseer/builds/{sessionId}/answers',
      '/api/overseer/builds/{sessionId}/events',
      '/api/overseer/builds/{sessionId}/files/{path}',
      '/api/overseer/builds/{sessionId}/preview',
      '/api/overseer/builds/{sessionId}/preview/requests',
      '/api/overseer/builds/{sessionId}/retry',
      '/api/overseer/chat',
      '/api/overseer/downloads/{id}',
      '/api/overseer/token-usage-history',
      '/api/waitlist/join',
    ])
  })

  it('documents each answer of the chat routes', () => {
    const responses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {})
    expect(responses('/api/overseer-dev/chat', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '403', '404', '409', '413', '415', '429', '500', '502', '503', '504']),
    )
    expect(responses('/api/overseer-dev/chat/history', 'get')).toEqual(expect.arrayContaining(['200', '400']))
    expect(responses('/api/overseer-dev/chat/history/{id}', 'get')).toEqual(expect.arrayContaining(['200', '404']))
    expect(responses('/api/overseer-dev/chat/history/{id}', 'delete')).toEqual(expect.arrayContaining(['200', '403', '404', '429']))
    expect(responses('/api/overseer-dev/chat/history/{id}', 'patch')).toEqual(expect.arrayContaining(['200', '400', '403', '404', '429']))
    expect(responses('/api/overseer-dev/chat/history/{id}/restore', 'post')).toEqual(expect.arrayContaining(['200', '403', '404', '429']))
    expect(responses('/api/overseer-dev/chat/history/{id}/export', 'get')).toEqual(expect.arrayContaining(['200', '400', '404']))
    expect(responses('/api/overseer-dev/chat/history/{id}/share', 'post')).toEqual(expect.arrayContaining(['201', '403', '404', '429']))
    expect(responses('/api/overseer-dev/chat/history/{id}/share', 'delete')).toEqual(expect.arrayContaining(['200', '403', '404', '429']))
    expect(responses('/api/overseer-dev/shared/{token}', 'get')).toEqual(expect.arrayContaining(['200', '404']))
    expect(document.paths['/api/overseer-dev/shared/{token}']?.get?.security).toEqual([])
    expect(responses('/api/overseer-dev/shared/{token}/builds/{buildId}/files', 'get')).toEqual(expect.arrayContaining(['200', '400', '404', '413', '429']))
    expect(responses('/api/overseer-dev/shared/{token}/builds/{buildId}/archive', 'get')).toEqual(expect.arrayContaining(['200', '404', '429']))
    for (const path of ['/api/overseer-dev/shared/{token}/builds/{buildId}/files', '/api/overseer-dev/shared/{token}/builds/{buildId}/archive']) {
      expect(document.paths[path]?.get?.security).toEqual([])
    }
    expect(responses('/api/overseer-dev/sessions/{sessionId}/stop', 'post')).toEqual(expect.arrayContaining(['200', '403', '404']))
    expect(responses('/api/overseer-dev/models', 'get')).toEqual(['200', '500'])
    expect(document.paths['/api/overseer-dev/chat']?.post?.tags).toEqual(['chat'])
  })

  it('documents each answer of the approval routes', () => {
    const responses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {})
    expect(responses('/api/architect/approvals', 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '403']))
    expect(responses('/api/architect/approvals/{id}/decision', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']))
    expect(responses('/api/architect/tasks', 'get')).toEqual(expect.arrayContaining(['200', '401', '403']))
  })

  it('documents each answer of the command and module status routes', () => {
    const responses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {})
    expect(responses('/api/architect/commands', 'post')).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413', '429', '500']))
    expect(responses('/api/architect/commands', 'get')).toEqual(expect.arrayContaining(['200', '401', '403']))
    expect(responses('/api/architect/logs/modules', 'get')).toEqual(expect.arrayContaining(['200', '401', '403']))
    expect(document.paths['/api/architect/commands']?.post?.tags).toEqual(['architect'])
  })

  it('documents each answer of the newsletter route', () => {
    const post = document.paths['/api/newsletter']?.post
    expect(post?.tags).toEqual(['leads'])
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '413', '429', '500']))
  })

  it('documents each answer of the contact and waitlist forms and the staff leads routes', () => {
    const responses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {})
    expect(responses('/api/contact', 'post')).toEqual(expect.arrayContaining(['201', '400', '413', '429', '500']))
    expect(responses('/api/waitlist/join', 'post')).toEqual(expect.arrayContaining(['200', '400', '413', '429', '500']))
    expect(responses('/api/architect/leads', 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '403']))
    expect(responses('/api/architect/leads/export.csv', 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '403']))
    expect(document.paths['/api/contact']?.post?.tags).toEqual(['leads'])
    expect(document.paths['/api/architect/leads']?.get?.tags).toEqual(['architect'])
  })

  it('documents each answer of the auth routes and the permission check', () => {
    const responses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {})
    expect(responses('/api/auth/login', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '500', '503']))
    expect(responses('/api/auth/me', 'get')).toEqual(expect.arrayContaining(['200', '401']))
    expect(responses('/api/auth/logout', 'post')).toEqual(expect.arrayContaining(['200', '403']))
    expect(responses('/api/architect/whoami', 'get')).toEqual(expect.arrayContaining(['200', '401', '403']))
    expect(document.paths['/api/auth/login']?.post?.tags).toEqual(['auth'])
  })

  it('documents the health states', () => {
    expect(Object.keys(document.paths['/api/health']?.get?.responses ?? {}).sort()).toEqual(['200', '500', '503'])
  })
})
