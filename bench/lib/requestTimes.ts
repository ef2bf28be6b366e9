import { median } from './report'

export interface TimedRequest {
  name: string
  url: string
  init: () => RequestInit
  /** The status every answer should have. */
  expectStatus: number
}

export interface RequestTimes {
  name: string
  samples: number
  medianMs: number
  minMs: number
  maxMs: number
  /** Answers with another status than expected. */
  unexpected: number
}

/**
 * Times requests one at a time, taking turns between the kinds (A, B, A, B, …) so that drift in
 * the machine's load affects every kind alike. For comparing response times, not for load.
 */
export const timeInTurns = async (requests: TimedRequest[], rounds: number, warmupRounds = 2): Promise<RequestTimes[]> => {
  const times = new Map<string, number[]>(requests.map((request) => [request.name, []]))
  const unexpected = new Map<string, number>(requests.map((request) => [request.name, 0]))
  for (let round = 0; round < warmupRounds + rounds; round += 1) {
    for (const request of requests) {
      const started = performance.now()
      const response = await fetch(request.url, request.init())
      await response.arrayBuffer()
      const elapsed = performance.now() - started
      if (round < warmupRounds) continue
      times.get(request.name)?.push(elapsed)
      if (response.status !== request.expectStatus) unexpected.set(request.name, (unexpected.get(request.name) ?? 0) + 1)
    }
  }
  return requests.map((request) => {
    const values = times.get(request.name) ?? []
    return {
      name: request.name,
      samples: values.length,
      medianMs: median(values),
      minMs: Math.min(...values),
      maxMs: Math.max(...values),
      unexpected: unexpected.get(request.name) ?? 0,
    }
  })
}
