import { lazy } from 'react'
export {
  buildSlice,
  buildStarted,
  buildSettled,
  buildStopping,
  trackerHidden,
  trackerDismissed,
  selectCurrentBuild,
  selectBuildBySession,
  selectSocketConnected,
} from './model/buildSlice'
export type { BuildProgress as BuildProgressState, BuildState, BuildStatus } from './model/buildSlice'
// Loaded with the entity, so that no live step of a build comes before its reducer.
export { timelineSlice, selectTimeline } from './model/timelineSlice'
export type { BuildTimeline as BuildTimelineState, TimelineState } from './model/timelineSlice'
export type { BuildSnapshot, ProjectFileContent, ProjectFileEntry } from './model/types'
export { buildApi } from './api/buildApi'
export { BUILD_STAGES, BUILD_TEXTS, START_PERCENTAGE, TRACKER_SETTLE_MS, stageStateOf } from './lib/stages'
export type { StageId, StageState } from './lib/stages'
export { BuildProgress } from './ui/BuildProgress'
/** A build's timeline under its reply (stages, then steps and their details, on demand); loads with the first one. */
export { LazyBuildTimeline as BuildTimeline } from './ui/lazyTimeline'

/** A delivered build's files under its reply; loads with the first delivered build (highlighting included). */
export const ProjectFiles = lazy(() => import(/* webpackChunkName: "project-files" */ './ui/ProjectFiles').then((module) => ({ default: module.ProjectFiles })))
/** The files of a build a shared conversation shows, read through its link; loads with the first one. */
export const SharedProjectFiles = lazy(() =>
  import(/* webpackChunkName: "project-files" */ './ui/ProjectFiles').then((module) => ({ default: module.SharedProjectFiles })),
)
