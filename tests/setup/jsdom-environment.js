/**
 * jsdom lacks Node's fetch API and streams, which react-router 7, RTK Query and MSW need.
 * This environment lends them Node's own implementations, and stubs ResizeObserver (React Flow).
 */
const { TestEnvironment } = require('jest-environment-jsdom')

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'BroadcastChannel',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'URL',
  'URLSearchParams',
  'MessageChannel',
  'MessagePort',
  'setImmediate',
  'clearImmediate',
]

class NodeFetchJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name]
    }
    this.global.ResizeObserver ??= class ResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  }
}

module.exports = NodeFetchJsdomEnvironment
