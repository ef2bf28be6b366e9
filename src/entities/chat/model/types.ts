import type { ReplyRatingValue } from '@contracts/questions'

export type ChatRole = 'user' | 'assistant'

/** A chat message as the API sends and takes it (spec section 3). */
export interface ChatMessage {
  role: ChatRole
  content: string
}

/** One turn of the current conversation on screen. */
export interface ChatTurn extends ChatMessage {
  id: string
  /** The reply failed: its content is '[Error from Overseer backend]'. */
  failed?: boolean
  /** A build's archive, when the reply came with a `zipUrl`. */
  downloadUrl?: string
  /** The build's session id, when the reply delivered a project (its files can be read). */
  buildSessionId?: string
  /** The session id of the build this reply ended (delivered, failed or stopped): its timeline shows under it. */
  timelineSessionId?: string
  /**
   * A question of a stored conversation that the server never stored (its request was refused
   * before, for example a 429): it has no position there, so an edit of a later turn skips it.
   */
  unsaved?: boolean
  /** How its owner rated this reply ('Helpful' or 'Not helpful'), as the server stored it. */
  rating?: TurnRating
}

/** A reply's rating: 'helpful' or 'not_helpful', and what its owner said about it, if anything. */
export interface TurnRating {
  rating: ReplyRatingValue
  comment?: string
}

/** A rating in a stored conversation: `position` is the rated reply's stored position. */
export interface StoredRating extends TurnRating {
  position: number
}

export type HistoryStatus = 'completed' | 'error' | 'processing'

/** A stored conversation in the history list (spec section 3). */
export interface HistoryItem {
  id: string
  date: string
  status: HistoryStatus | string
  title: string
  messageCount: number
  messages: ChatMessage[]
  response: string
  model?: string
  stopped?: boolean
  error?: string
  /** When its share link was made, while it has one. */
  sharedAt?: string
  /** The builds its questions started: `position` is the stored position of the question (its reply is the next). */
  builds?: { sessionId: string; position: number }[]
  /** How its owner rated its replies, in order; left out when none is rated. */
  ratings?: StoredRating[]
}

export interface HistoryPage {
  items: HistoryItem[]
  page: number
  pages: number
  total: number
}

/** What the chat call gives back, already checked (spec sections 3 and 8). */
export interface ChatResult {
  reply: string
  zipUrl?: string
  conversationId?: string
  stopped: boolean
  /** A build request that the server found to be a question: answered, nothing built. */
  answered?: true
  /** A build request too vague to build well: the questions it asks (the reply says them); the build waits for the answers. */
  questions?: BuildQuestion[]
}

/** How a build request's build failed, as its answer says it: the message its `error` (or, timed out, `timeout`) event carries. */
export interface BuildFailure {
  message: string
  timedOut: boolean
}

/** A question a build asks its requester, with the answers it suggests. */
export interface BuildQuestion {
  question: string
  suggestions: string[]
}

/** The answers to a build's questions, one per question, or 'Just build it'. */
export type BuildAnswers = { answers: string[] } | { skip: true }

/** The answers sent for the build of `sessionId`. */
export interface AnswersRequest {
  sessionId: string
  body: BuildAnswers
}

export interface ChatRequest {
  /** `/overseer-dev/chat` for ordinary messages, `/overseer/chat` for build requests. */
  path: string
  body: {
    messages: ChatMessage[]
    model?: string
    sessionId: string
    conversationId?: string
    /** Edit and resend, or regenerate: the stored position of the user message this one replaces. */
    replaceFrom?: number
  }
}
