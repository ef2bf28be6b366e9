import type { FaqItem } from '@/shared/ui'
import type { ContentSection } from '@/shared/lib/content'
import type { AppDocLink, AppFeature, AppTab } from '@/widgets/app-shell'

/** A third-party tool an app connects to. */
export interface Integration {
  /** The anchor of the integration on its page, e.g. 'github'. */
  id: string
  name: string
  description: string
  /** The tool's own site. */
  link: string
}

/** A plan on a pricing page. */
export interface PricingTier {
  name: string
  /** The amount, e.g. '$99', or 'Custom'. */
  price: string
  /** What the amount is per, e.g. '/month'; none for a custom price. */
  period?: string
  description: string
  features: readonly string[]
  buttonText: string
  /** Where the plan's button leads, e.g. '/waitlist?plan=team'. */
  buttonLink: string
  isPopular: boolean
}

/** A button to another sub-page of the area (`to` relative to the area, e.g. `pricing`). */
interface AreaAction {
  label: string
  to: string
}

/** An app area's front matter (content/apps/<id>.md): its frame and the data of each sub-page. */
export interface AppAreaMeta {
  name: string
  tagline: string
  tabs: readonly AppTab[]
  /** The call to action closing the overview, features and integrations. */
  cta: { title: string; text: string; to: string; label: string }
  overview: {
    description: string
    title: string
    intro: string
    /** The name of the navigation to the principles' anchors. */
    anchorsLabel: string
    /** The area's main ideas, each an anchor of the overview. */
    principles: readonly (AppFeature & { id: string })[]
    /** The overview's last section: where to go next, with an optional worked example. */
    closing: {
      title: string
      intro?: string
      steps?: readonly { step: string; text: string }[]
      actions: readonly AreaAction[]
    }
  }
  features: { description: string; items: readonly AppFeature[] }
  pricing: { description: string; intro: string; tiers: readonly PricingTier[]; faq: readonly FaqItem[] }
  integrations: { description: string; intro: string; items: readonly Integration[] }
  docs: { description: string; links: readonly AppDocLink[] }
}

/** An app area as the Markdown loader compiles it; its sections are the intros that hold links. */
export interface AppAreaFile {
  slug: string
  meta: AppAreaMeta
  sections: readonly ContentSection[]
}

/** An app area as its pages use it. */
export interface AppArea extends AppAreaMeta {
  /** Where the area lives, e.g. `/apps/research-tools`. */
  basePath: string
  /** The features intro, the integrations note and the documentation intro, as inline HTML. */
  text: { features: string; integrations: string; docs: string }
}
