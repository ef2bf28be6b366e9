import { closeOwned, SETUP_TIMEOUT_MS } from './support/lifecycle'

// After every hook of the file: closes what its tests and hooks started and did not close
// themselves, also what a failed or timed-out setup started (support/lifecycle.ts says why).
afterAll(closeOwned, SETUP_TIMEOUT_MS)
