import type { ActiveTask, ArchitectCommand, TokenUsageItem } from '../model/types'
import { isRecord } from '@contracts/check'

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0

export const isArchitectCommand = (value: unknown): value is ArchitectCommand =>
  isRecord(value) &&
  (typeof value.id === 'number' || typeof value.id === 'string') &&
  typeof value.command === 'string' &&
  typeof value.createdAt === 'string' &&
  typeof value.author === 'string'

/** `{ success: true, data }` with data checked by `guard`; undefined when the body is anything else. */
export const envelopeData = <T>(body: unknown, guard: (value: unknown) => value is T): T | undefined =>
  isRecord(body) && body.success === true && guard(body.data) ? body.data : undefined

export const isCommandList = (value: unknown): value is ArchitectCommand[] => Array.isArray(value) && value.every(isArchitectCommand)

const isActiveTask = (value: unknown): value is ActiveTask =>
  isRecord(value) &&
  typeof value.sessionId === 'string' &&
  typeof value.title === 'string' &&
  typeof value.stage === 'string' &&
  isCount(value.percentage) &&
  typeof value.message === 'string' &&
  typeof value.startedAt === 'string' &&
  typeof value.waitingForApproval === 'boolean' &&
  (value.gate === null || typeof value.gate === 'string')

export const isTaskList = (value: unknown): value is ActiveTask[] => Array.isArray(value) && value.every(isActiveTask)

const isTokenUsageItem = (value: unknown): value is TokenUsageItem =>
  isRecord(value) && isCount(value.iteration) && isCount(value.totalTokens)

/** Spec section 7: the token usage history is a bare array of `{ iteration, totalTokens }`. */
export const isTokenUsageHistory = (value: unknown): value is TokenUsageItem[] =>
  Array.isArray(value) && value.every(isTokenUsageItem)
