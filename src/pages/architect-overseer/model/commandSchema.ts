import { object } from 'yup'
import { storableString } from '@/shared/lib/validation'
import { COMMAND_MAX_LENGTH, OVERSEER_TEXTS } from './texts'

export interface CommandValues {
  command: string
}

export const commandSchema = object({
  command: storableString()
    .trim()
    .required(OVERSEER_TEXTS.commandRequired)
    .max(COMMAND_MAX_LENGTH, OVERSEER_TEXTS.commandTooLong(COMMAND_MAX_LENGTH)),
})
