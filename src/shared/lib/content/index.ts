/** A `##` section of a page of content/ as the Markdown loader compiles it. */
export interface ContentSection {
  /** Its anchor: `## Title {#id}`, or the title's slug. */
  id: string
  title: string
  /** The section without its heading, as HTML. */
  html: string
  /** When the section is one paragraph: its content without the `<p>`, to place inside another element. */
  inline?: string
}

/** The section a page places by its id; a missing one fails loudly rather than leaving a hole. */
export const sectionById = (content: { sections: readonly ContentSection[] }, id: string, file: string): ContentSection => {
  const section = content.sections.find((candidate) => candidate.id === id)
  if (!section) throw new Error(`${file} has no section "${id}"`)
  return section
}
