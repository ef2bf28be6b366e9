import { lazy } from 'react'

/** A build's timeline; its code loads with the first one shown. */
export const LazyBuildTimeline = lazy(() =>
  import(/* webpackChunkName: "build-timeline" */ './BuildTimeline').then((module) => ({ default: module.BuildTimeline })),
)
