/**
 * Server-sent events as OpenAI-compatible APIs stream them: events separated by a blank line,
 * each `data:` line a piece of the event's data; `:` lines are comments. Fed bytes in any
 * chunking, yields each event's data.
 */
export class SseParser {
  private buffer = ''
  private readonly decoder = new TextDecoder()

  /** The data of every event completed by `chunk`. */
  push(chunk: Uint8Array): string[] {
    this.buffer += this.decoder.decode(chunk, { stream: true })
    return this.drain(false)
  }

  /** The data of a last event not followed by a blank line. */
  end(): string[] {
    this.buffer += this.decoder.decode()
    return this.drain(true)
  }

  private drain(final: boolean): string[] {
    const events: string[] = []
    // A chunk may end between the \r and \n of one line break: keep that \r for the next chunk.
    const tail = !final && this.buffer.endsWith('\r') ? '\r' : ''
    const normalized = this.buffer.slice(0, this.buffer.length - tail.length).replace(/\r\n?/g, '\n')
    const parts = normalized.split('\n\n')
    this.buffer = final ? '' : `${parts.pop() ?? ''}${tail}`
    for (const part of parts) {
      const data = part
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
      if (data.length > 0) events.push(data.join('\n'))
    }
    return events
  }
}
