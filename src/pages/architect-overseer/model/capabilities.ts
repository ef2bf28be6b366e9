/** What the Overseer page's intro card lists. */
export const OVERSEER_CAPABILITIES = [
  'Send commands to the Overseer Core; each is recorded in the agent log with who sent it and when',
  'Follow the builds running now: their stage, progress and any approval they wait for',
  'See how many tokens each pipeline iteration used',
] as const
