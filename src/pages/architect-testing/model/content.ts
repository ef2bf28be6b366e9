/** What the DevLoop Testing module will do (spec section 2). */
export const PLANNED_ABILITIES = [
  'Monitor recursive improvement cycles',
  'Set quality thresholds',
  'Run simulations',
  'Define custom scenarios',
  'Track improvements',
] as const

export const ESTIMATED_COMPLETION = 'June 2025'
