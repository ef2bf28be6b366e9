/** The Overseer page's texts; those in quotes in the spec are kept word for word. */
export const OVERSEER_TEXTS = {
  commandLabel: 'Command',
  commandHint: 'Commands are recorded in the agent log with your name and the time. They are not executed.',
  send: 'Send Command',
  sending: 'Sending...',
  sendFailed: 'The command could not be sent. Please try again.',
  /** The server's messages (server/src/architect/commands.ts), word for word. */
  commandRequired: 'Enter a command.',
  commandTooLong: (max: number) => `A command can be at most ${max.toLocaleString('en-US')} characters.`,
  sentTitle: 'Sent commands',
  sentEmpty: 'You have not sent any commands yet.',
  sentLoading: 'Loading sent commands...',
  sentFailed: 'Sent commands could not be loaded.',
  tasksTitle: 'Active Tasks',
  tasksEmpty: 'No active development tasks in progress.',
  tasksLoading: 'Loading active tasks...',
  tasksFailed: 'Active tasks could not be loaded.',
  tokenTitle: 'Token Usage Metrics',
  chartTitle: 'Total Token Usage per Pipeline Iteration',
  chartLoading: 'Loading token usage chart...',
  chartEmpty: 'No token usage data found.',
  /** Spec section 8: a non-OK answer. */
  chartFetchFailed: 'Failed to fetch token usage history',
  xAxis: 'Iteration',
  yAxis: 'Total Tokens',
} as const

/** Longest command the form accepts. */
export const COMMAND_MAX_LENGTH = 2000

/** How often Active Tasks asks for the running builds while the page is open. */
export const TASKS_POLL_MS = 5000

/** Chart height (spec section 2). */
export const CHART_HEIGHT = 400
