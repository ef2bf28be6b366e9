import page from '@content/case-studies/index.md'
import brightlineHealth from '@content/case-studies/studies/brightline-health.md'
import cobaltLogistics from '@content/case-studies/studies/cobalt-logistics.md'
import harborFinancial from '@content/case-studies/studies/harbor-financial.md'
import northwindAnalytics from '@content/case-studies/studies/northwind-analytics.md'
import { sectionById } from '@/shared/lib/content'
import type { CaseStudyFile, CaseStudyMeta } from './types'

export interface CaseStudy extends CaseStudyMeta {
  /** Stable id, the file's name: the study's anchor on the page (/case-studies#{id}). */
  id: string
  /** Its sections in order (Challenge, Approach), as HTML compiled from its Markdown. */
  sections: CaseStudyFile['sections']
}

const study = ({ slug, meta, sections }: CaseStudyFile): CaseStudy => ({ id: slug, ...meta, sections })

/** The studies (content/case-studies/studies/<id>.md), in the order the page shows them. */
export const CASE_STUDIES: readonly CaseStudy[] = [northwindAnalytics, brightlineHealth, cobaltLogistics, harborFinancial].map(study)

/** The page's copy: lead, note, call to action and the closing paragraph. */
export const CASE_STUDIES_PAGE = page

export const moreSection = sectionById(page, 'more', 'content/case-studies/index.md')
