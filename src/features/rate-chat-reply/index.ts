import { lazy } from 'react'

/** 'Helpful' and 'Not helpful' under the assistant's replies: loaded with the first reply that offers them, not with the page. */
export const RateReply = lazy(() => import(/* webpackChunkName: "rate-reply" */ './ui/RateReply').then((module) => ({ default: module.RateReply })))
