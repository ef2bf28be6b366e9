import { usePageMeta } from '@/shared/lib/seo'
import { TitledItems } from '@/shared/ui'
import { COPY } from '../model/copy'
import styles from './ReviewsCompass.module.scss'

/** A sub-page's title (the tab's name before the app's) and description. */
export const useReviewsPageMeta = (tab: string, description: string) =>
  usePageMeta({ title: tab ? `${tab} · ${COPY.name}` : COPY.name, description })

/** Short explanations side by side, each under its own heading. */
export const Columns = ({ columns }: { columns: readonly { title: string; text: string }[] }) => (
  <TitledItems items={columns} as="div" className={styles.columns} />
)
