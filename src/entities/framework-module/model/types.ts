export type ModuleIcon = 'core' | 'matrix' | 'loop' | 'clarify' | 'files' | 'assembly' | 'suite'

/** A module of the framework as a card shows it. */
export interface FrameworkModule {
  id: string
  title: string
  description: string
  link: string
  icon: ModuleIcon
  category: string
}
