/** A third-party tool an app connects to. */
export interface Integration {
  /** The anchor of the integration on its page, e.g. 'github'. */
  id: string
  name: string
  description: string
  /** The tool's own site. */
  link: string
}
