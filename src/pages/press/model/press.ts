import press from '@content/press/index.md'
import architecturePublished from '@content/press/releases/architecture-published.md'
import companyLaunch from '@content/press/releases/company-launch.md'
import earlyAccessDates from '@content/press/releases/early-access-dates.md'
import { sectionById } from '@/shared/lib/content'
import type { PressReleaseFile, PressReleaseMeta } from './types'

export interface PressRelease extends PressReleaseMeta {
  /** Stable id, the file's name: the release's anchor on the page (/press#{id}). */
  id: string
  /** The release's text, as HTML compiled from its Markdown. */
  html: string
}

const release = ({ slug, meta, html }: PressReleaseFile): PressRelease => ({ id: slug, ...meta, html })

/** The releases (content/press/releases/<id>.md), newest first. */
export const PRESS_RELEASES: readonly PressRelease[] = [earlyAccessDates, architecturePublished, companyLaunch]
  .map(release)
  .sort((a, b) => b.date.localeCompare(a.date))

/** The page's copy: lead, boilerplate, brand facts and colours, the media kit's sections. */
export const PRESS = press

/** A section of the page's copy by its id (`## Title {#id}` in content/press/index.md). */
export const pressSection = (id: string) => sectionById(press, id, 'content/press/index.md')
