import { http, HttpResponse } from 'msw'
import type { BuildEvent } from '@contracts/buildEvents'
import { buildEventReceived, socketDisconnected, socketOwnerChanged } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { setupStore } from '@tests/setup/store'
import { buildApi } from '../api/buildApi'
import { buildStarted } from './buildSlice'
import { needsCatchUp, selectTimeline } from './timelineSlice'

const SESSION = 'c0ffee00-0000-4000-8000-000000000001'
const EVENTS_URL = `http://localhost/api/overseer/builds/${SESSION}/events`

/** Event `id` of a build: a file written in development. */
const event = (id: number): BuildEvent => ({
  id,
  at: '2026-01-01T00:00:00.000Z',
  stage: 'development',
  type: 'file_written',
  path: `src/file${id}.js`,
  bytes: 100 + id,
  diff: `@@ -0,0 +1,1 @@\n+line ${id}`,
  by: 'engine',
})

const ids = (store: ReturnType<typeof setupStore>) => selectTimeline(store.getState(), SESSION)?.events.map((item) => item.id)
const live = (store: ReturnType<typeof setupStore>, id: number) => store.dispatch(buildEventReceived({ sessionId: SESSION, event: event(id) }))
const catchUp = (store: ReturnType<typeof setupStore>, after: number) =>
  store.dispatch(buildApi.endpoints.getBuildEvents.initiate({ sessionId: SESSION, after }, { subscribe: false, forceRefetch: true }))

/** The server's timeline: events 1…`count`, `pageSize` a page; records each `after` asked. */
const serveEvents = (count: number, pageSize: number) => {
  const asked: number[] = []
  server.use(
    http.get(EVENTS_URL, ({ request }) => {
      const after = Number(new URL(request.url).searchParams.get('after') ?? 0)
      asked.push(after)
      const events = Array.from({ length: Math.max(0, Math.min(pageSize, count - after)) }, (_, index) => event(after + index + 1))
      return HttpResponse.json({ success: true, data: { events, more: after + events.length < count } })
    }),
  )
  return asked
}

describe('build timeline slice', () => {
  it('appends the live events of a build followed from its start, in order, and drops a repeat', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: SESSION }))
    const timeline = () => selectTimeline(store.getState(), SESSION) ?? undefined
    // Followed from the start: nothing to read yet.
    expect(needsCatchUp(timeline(), true)).toBe(false)
    for (const id of [1, 2, 2, 3, 1]) live(store, id)
    expect(ids(store)).toEqual([1, 2, 3])
    expect(needsCatchUp(timeline(), true)).toBe(false)
  })

  it('keeps no event after a gap, and reads what was missed page by page: no gap, no duplicate', async () => {
    const asked = serveEvents(7, 2)
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: SESSION }))
    live(store, 1)
    live(store, 2)
    // Events 3 and 4 were missed: 5 does not follow 2.
    live(store, 5)
    expect(ids(store)).toEqual([1, 2])
    const timeline = () => selectTimeline(store.getState(), SESSION) ?? undefined
    expect(needsCatchUp(timeline(), true)).toBe(true)

    const reading = catchUp(store, 2)
    // A live event that comes while the read is on its way is kept once.
    live(store, 3)
    await reading
    expect(asked).toEqual([2, 4, 6])
    expect(ids(store)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(needsCatchUp(timeline(), true)).toBe(false)
    // The room goes on after the read; a repeat of what was read changes nothing.
    live(store, 7)
    live(store, 8)
    expect(ids(store)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it('reads the whole timeline when it has none (a reload, a reopened conversation), and after a reconnect what came after its last id', async () => {
    const asked = serveEvents(3, 500)
    const store = setupStore()
    expect(needsCatchUp(selectTimeline(store.getState(), SESSION) ?? undefined, false)).toBe(true)
    await catchUp(store, 0)
    expect(ids(store)).toEqual([1, 2, 3])
    const timeline = () => selectTimeline(store.getState(), SESSION) ?? undefined
    expect(needsCatchUp(timeline(), true)).toBe(false)

    store.dispatch(socketDisconnected({ reason: 'transport close' }))
    // Not while it is disconnected; once it is back.
    expect(needsCatchUp(timeline(), false)).toBe(false)
    expect(needsCatchUp(timeline(), true)).toBe(true)
    await catchUp(store, 3)
    expect(asked).toEqual([0, 3])
    expect(ids(store)).toEqual([1, 2, 3])
    expect(needsCatchUp(timeline(), true)).toBe(false)
  })

  it('reads a resumed build (a reload while it ran) from its start', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: SESSION, resumed: true }))
    expect(needsCatchUp(selectTimeline(store.getState(), SESSION) ?? undefined, true)).toBe(true)
  })

  it('does not ask again and again for an event the server does not have', async () => {
    const asked = serveEvents(2, 500)
    const store = setupStore()
    await catchUp(store, 0)
    // An id heard of that the server never recorded.
    live(store, 9)
    const timeline = () => selectTimeline(store.getState(), SESSION) ?? undefined
    expect(needsCatchUp(timeline(), true)).toBe(true)
    await catchUp(store, 2)
    expect(asked).toEqual([0, 2])
    expect(ids(store)).toEqual([1, 2])
    expect(needsCatchUp(timeline(), true)).toBe(false)
  })

  it('stops asking after a refused read, until the socket reconnects', async () => {
    server.use(http.get(EVENTS_URL, () => HttpResponse.json({ success: false, message: 'Build not found' }, { status: 404 })))
    const store = setupStore()
    await catchUp(store, 0)
    expect(selectTimeline(store.getState(), SESSION)).toMatchObject({ failed: true, events: [] })
    expect(needsCatchUp(selectTimeline(store.getState(), SESSION) ?? undefined, true)).toBe(false)
  })

  it('forgets every timeline when someone else signs in or out', async () => {
    serveEvents(2, 500)
    const store = setupStore()
    await catchUp(store, 0)
    store.dispatch(socketOwnerChanged())
    expect(selectTimeline(store.getState(), SESSION)).toBeNull()
  })
})
