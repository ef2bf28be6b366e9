import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/** gzip and brotli for answers over 1 KiB. Compressed request bodies are not accepted. */
export default fp(
  async (app) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      globalDecompression: false,
    })
  },
  { name: 'compress' },
)
