import { setupServer } from 'msw/node'

/** The request handler for component tests; each test adds the handlers it needs with `server.use`. */
export const server = setupServer()
