import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { buildApi } from '../api/buildApi'
import { selectBuildBySession, selectSocketConnected } from './buildSlice'
import { lastEventId, needsCatchUp, selectTimeline, type BuildTimeline } from './timelineSlice'

/**
 * A build's timeline, kept whole: the events after its last id are read from the server when it
 * was never read (a reload, a reopened conversation), when a live event skipped one, and after a
 * reconnect. Live events come by the socket middleware meanwhile; a repeat of one is dropped.
 */
export const useBuildTimeline = (sessionId: string): BuildTimeline | null => {
  const dispatch = useAppDispatch()
  const timeline = useAppSelector((state) => selectTimeline(state, sessionId))
  const connected = useAppSelector(selectSocketConnected)
  const build = useAppSelector((state) => selectBuildBySession(state, sessionId))
  // A build sent from this page, still running, whose timeline is not there yet: followed live from
  // its start (nothing to read before its request is stored); a missed step is read on its gap.
  const fresh = timeline === null && build?.status === 'running' && !build.stale
  const due = !fresh && needsCatchUp(timeline ?? undefined, connected)
  const after = timeline ? lastEventId(timeline) : 0
  useEffect(() => {
    // Not aborted when the timeline leaves: what it reads is kept for when it comes back.
    if (due) void dispatch(buildApi.endpoints.getBuildEvents.initiate({ sessionId, after }, { subscribe: false, forceRefetch: true }))
  }, [dispatch, due, sessionId, after])
  return timeline
}
