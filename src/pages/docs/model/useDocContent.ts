import { useEffect, useState } from 'react'
import type { DocContent, DocTopic } from './types'

/** Pages loaded so far: going back to one shows it at once. */
const loaded = new Map<string, DocContent>()

export type DocContentState =
  | { status: 'loading' }
  | { status: 'ready'; doc: DocContent }
  | { status: 'failed'; retry: () => void }

/** Loads a page's content (its own chunk) the first time it is shown. */
export const useDocContent = (topic: DocTopic | undefined): DocContentState | undefined => {
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<{ path: string; attempt: number; doc?: DocContent; failed?: boolean }>()

  useEffect(() => {
    if (!topic || topic.content || loaded.has(topic.path)) return
    let live = true
    topic.load().then(
      (module) => {
        loaded.set(topic.path, module.default)
        if (live) setResult({ path: topic.path, attempt, doc: module.default })
      },
      () => {
        if (live) setResult({ path: topic.path, attempt, failed: true })
      },
    )
    return () => {
      live = false
    }
  }, [topic, attempt])

  if (!topic) return undefined
  const doc = topic.content ?? loaded.get(topic.path)
  if (doc) return { status: 'ready', doc }
  if (result?.path === topic.path && result.attempt === attempt && result.failed) {
    return { status: 'failed', retry: () => setAttempt((value) => value + 1) }
  }
  return { status: 'loading' }
}

/** Loads a page's content before it renders (the prerender, and the browser before it hydrates that HTML). */
export const preloadDocContent = async (topic: DocTopic | undefined): Promise<void> => {
  if (!topic || topic.content || loaded.has(topic.path)) return
  loaded.set(topic.path, (await topic.load()).default)
}
