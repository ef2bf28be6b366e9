import { commandSchema } from './commandSchema'

const errorOf = async (command: string): Promise<string | undefined> =>
  commandSchema.validate({ command }).then(
    () => undefined,
    (error: Error) => error.message,
  )

describe('commandSchema', () => {
  it('accepts a command of 1 to 2,000 characters once trimmed', async () => {
    expect(await errorOf('x')).toBeUndefined()
    expect(await errorOf(`  ${'x'.repeat(2000)}  `)).toBeUndefined()
  })

  it("rejects a blank or too long command with the server's messages", async () => {
    expect(await errorOf('   ')).toBe('Enter a command.')
    expect(await errorOf('x'.repeat(2001))).toBe('A command can be at most 2,000 characters.')
  })
})
