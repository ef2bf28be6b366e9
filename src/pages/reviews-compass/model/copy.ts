import copy from '@content/apps/reviews-compass.md'
import { sectionById } from '@/shared/lib/content'

const FILE = 'content/apps/reviews-compass.md'

/** The one-paragraph section `id` of the copy, as inline HTML. */
const inline = (id: string): string => {
  const html = sectionById(copy, id, FILE).inline
  if (html === undefined) throw new Error(`${FILE}: the section "${id}" must be one paragraph`)
  return html
}

/** Reviews Compass's texts: the front matter of its Markdown, and the paragraphs that hold links. */
export const COPY = copy.meta
export const LINKED_TEXT = { overviewMore: inline('overview-more'), furtherReading: inline('further-reading') }
