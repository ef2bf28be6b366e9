/**
 * What a contact message or waitlist signup can be about, named by the `?product=` and `?plan=`
 * links of the pricing and app pages. Shared by the forms, which show the label, and the server,
 * which accepts only these values.
 */
export const LEAD_PRODUCTS = [
  { value: 'intelligence-platform', label: 'Intelligence Platform' },
  { value: 'enterprise', label: 'Intelligence Platform Enterprise' },
  { value: 'reviews-compass', label: 'Reviews Compass' },
  { value: 'research-tools', label: 'Research Tools' },
  { value: 'research-basic', label: 'Research Tools Basic' },
  { value: 'research-pro', label: 'Research Tools Professional' },
  { value: 'research-enterprise', label: 'Research Tools Enterprise' },
  { value: 'data-visualization', label: 'Data Visualization' },
] as const

export type LeadProduct = (typeof LEAD_PRODUCTS)[number]['value']

/** The Intelligence Platform plans one can join the waitlist for (Enterprise goes through contact). */
export const WAITLIST_PLANS = [
  { value: 'developer', label: 'Developer plan' },
  { value: 'team', label: 'Team plan' },
] as const

export type WaitlistPlan = (typeof WAITLIST_PLANS)[number]['value']

export interface LeadOption<T extends string = string> {
  readonly value: T
  readonly label: string
}

/** The option whose value is `value`, or undefined (also for anything that is not a string). */
export const findOption = <T extends string>(options: readonly LeadOption<T>[], value: unknown): LeadOption<T> | undefined =>
  typeof value === 'string' ? options.find((option) => option.value === value) : undefined

/** The label of `value` among `options`, or the value itself when it is not one of them. */
export const labelOf = (options: readonly LeadOption[], value: string): string => findOption(options, value)?.label ?? value

/** The values of `options` for a description: "a, b or c". */
export const choices = (options: readonly { value: string }[]): string => {
  const values = options.map((option) => option.value)
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? '')
}
