import { sectionById } from '@/shared/lib/content'
import type { AppArea, AppAreaFile } from './types'

/** The app areas built from this template, each with its copy in its own chunk. */
const AREAS = {
  'intelligence-platform': () => import(/* webpackChunkName: "app-intelligence-platform" */ '@content/apps/intelligence-platform.md'),
  'research-tools': () => import(/* webpackChunkName: "app-research-tools" */ '@content/apps/research-tools.md'),
} as const

export type AppAreaId = keyof typeof AREAS

const inline = (file: AppAreaFile, id: string): string => {
  const path = `content/apps/${file.slug}.md`
  const section = sectionById(file, id, path)
  if (section.inline === undefined) throw new Error(`${path}: the section "${id}" must be one paragraph`)
  return section.inline
}

export const loadAppArea = async (id: AppAreaId): Promise<AppArea> => {
  const file = (await AREAS[id]()).default
  return {
    ...file.meta,
    basePath: `/apps/${file.slug}`,
    text: { features: inline(file, 'features'), integrations: inline(file, 'integrations'), docs: inline(file, 'docs') },
  }
}
