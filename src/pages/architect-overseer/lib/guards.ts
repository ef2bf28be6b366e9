import * as Type from 'typebox/type'
import { guardOf, isRecord } from '@contracts/check'
import { ArchitectCommand } from '@contracts/commands'
import { ActiveTask } from '@contracts/tasks'
import type { TokenUsageItem } from '../model/types'

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0

export const isArchitectCommand = guardOf(ArchitectCommand)

/** `{ success: true, data }` with data checked by `guard`; undefined when the body is anything else. */
export const envelopeData = <T>(body: unknown, guard: (value: unknown) => value is T): T | undefined =>
  isRecord(body) && body.success === true && guard(body.data) ? body.data : undefined

export const isCommandList = guardOf(Type.Array(ArchitectCommand))

export const isTaskList = guardOf(Type.Array(ActiveTask))

const isTokenUsageItem = (value: unknown): value is TokenUsageItem =>
  isRecord(value) && isCount(value.iteration) && isCount(value.totalTokens)

/** Spec section 7: the token usage history is a bare array of `{ iteration, totalTokens }`. */
export const isTokenUsageHistory = (value: unknown): value is TokenUsageItem[] =>
  Array.isArray(value) && value.every(isTokenUsageItem)
