import { Link } from 'react-router-dom'
import { sectionHref, sectionLabel } from '../lib/docsSections'
import type { AnsweredFrom } from '../model/types'

/** A link to a docs section, named as people read it ('Permission Controls: Approval gates'). */
export const SectionLink = ({ section }: { section: AnsweredFrom }) => <Link to={sectionHref(section)}>{sectionLabel(section)}</Link>
