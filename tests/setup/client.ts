import '@testing-library/jest-dom'
import { configure } from '@testing-library/react'
import { server } from './msw'

// The first render of a lazily loaded page compiles its modules on the fly, which takes over the
// default second on a busy machine: find* and waitFor wait up to 5 s (they return as soon as met).
configure({ asyncUtilTimeout: 5000 })

// jsdom has no layout, so no scrolling: record calls instead of logging 'Not implemented'.
// Nor a 2D canvas: getContext gives null, as a browser does when it cannot make the context.
beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo
  HTMLCanvasElement.prototype.getContext = jest.fn(() => null) as unknown as typeof HTMLCanvasElement.prototype.getContext
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
})
afterAll(() => server.close())
