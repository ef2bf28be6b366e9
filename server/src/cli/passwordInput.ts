/** Reading a password for the users command: hidden on a terminal, the first line when piped. */

export interface PasswordSource {
  isTTY?: boolean
  setRawMode?: (mode: boolean) => unknown
  setEncoding(encoding: BufferEncoding): unknown
  on(event: 'data', listener: (chunk: string | Buffer) => void): unknown
  on(event: 'end', listener: () => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  off(event: 'data', listener: (chunk: string | Buffer) => void): unknown
  resume(): unknown
  pause(): unknown
}

export interface Prompt {
  write(text: string): unknown
}

export class PasswordInputError extends Error {
  override name = 'PasswordInputError'
}

const MAX_PIPED_BYTES = 64 * 1024

/** The first line of a piped stdin (without its line ending). */
export const readPipedPassword = (input: PasswordSource): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = ''
    input.setEncoding('utf8')
    input.on('data', (chunk) => {
      text += chunk.toString()
      if (text.length > MAX_PIPED_BYTES) {
        input.pause()
        reject(new PasswordInputError('The password on standard input is too long'))
      }
    })
    input.on('error', reject)
    input.on('end', () => {
      const [line = ''] = text.split(/\r?\n/)
      if (line === '') reject(new PasswordInputError('No password on standard input (pipe it in, e.g. printf "%s\\n" "$PASSWORD" | …)'))
      else resolve(line)
    })
    input.resume()
  })

/** Reads a line from a terminal in raw mode without echoing it. Ctrl-C cancels. */
export const readHiddenLine = (input: PasswordSource, prompt: Prompt, question: string): Promise<string> =>
  new Promise((resolve, reject) => {
    prompt.write(question)
    input.setRawMode?.(true)
    input.setEncoding('utf8')
    let value = ''
    const finish = (error?: Error): void => {
      input.off('data', onData)
      input.setRawMode?.(false)
      input.pause()
      prompt.write('\n')
      if (error) reject(error)
      else resolve(value)
    }
    const onData = (chunk: string | Buffer): void => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish()
        if (char === '\u0003') return finish(new PasswordInputError('Cancelled'))
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('')
        else if (char >= ' ') value += char
      }
    }
    input.on('data', onData)
    input.resume()
  })

/** On a terminal: asks twice (without echo) and insists they match. Else: reads stdin. */
export const readNewPassword = async (input: PasswordSource, prompt: Prompt): Promise<string> => {
  if (!input.isTTY) return readPipedPassword(input)
  const first = await readHiddenLine(input, prompt, 'Password: ')
  const second = await readHiddenLine(input, prompt, 'Repeat the password: ')
  if (first !== second) throw new PasswordInputError('The passwords do not match')
  return first
}
