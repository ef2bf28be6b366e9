import type { ContentSection } from '@/shared/lib/content'
import type { FaqItem } from '@/shared/ui'
import type { AppDocLink, AppFeature, AppTab } from '@/widgets/app-shell'

interface Column {
  title: string
  text: string
}

/** A sub-page's description (its meta tag) and the paragraph under its title. */
interface PageCopy {
  description: string
  intro: string
}

export interface UseCase {
  title: string
  challenge: string
  approach: string
  outcome: string
}

/** Reviews Compass's copy (content/apps/reviews-compass.md); the sample data stays in ./content. */
export interface ReviewsCompassCopy {
  meta: {
    name: string
    tagline: string
    tabs: readonly AppTab[]
    /** The trial call to action closing most sub-pages. */
    cta: { title: string; text: string; to: string; label: string }
    overview: PageCopy & { title: string; steps: readonly AppFeature[]; dashboard: { title: string; intro: string } }
    features: PageCopy & { items: readonly AppFeature[] }
    useCases: PageCopy & { items: readonly UseCase[] }
    sentiment: PageCopy & { howToRead: readonly Column[] }
    themes: PageCopy & { quotesIntro: string; howFound: readonly string[] }
    benchmarking: PageCopy & { howBuilt: readonly Column[] }
    docs: PageCopy & {
      importIntro: string
      figures: readonly { term: string; text: string }[]
      importColumns: readonly { name: string; required: boolean; description: string }[]
      links: readonly AppDocLink[]
    }
    trial: PageCopy & { includes: readonly string[]; steps: readonly string[]; faq: readonly FaqItem[] }
  }
  sections: readonly ContentSection[]
}
