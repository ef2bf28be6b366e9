'use strict'

/**
 * Runs inside a preview's sandbox, beside the app. An app that ignores PORT's socket path and
 * listens on a TCP port (`Number(process.env.PORT) || 3000`) is still reached: once the sandbox has
 * a listening TCP port (its own network namespace, /proc/net/tcp), this opens the bridge socket
 * given as its argument and passes each connection to that port on the sandbox's loopback.
 */
const fs = require('node:fs')
const net = require('node:net')

const socketPath = process.argv[2]
const LISTEN = '0A'

/** The first TCP port a process of the sandbox listens on, if any. */
const listeningPort = () => {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = fs.readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/)
      if (columns[3] !== LISTEN) continue
      const port = parseInt((columns[1] || '').split(':').pop() || '', 16)
      if (port > 0) return port
    }
  }
  return undefined
}

const bridge = (port) =>
  net
    .createServer((client) => {
      const upstream = net.connect(port, '127.0.0.1')
      client.pipe(upstream).pipe(client)
      upstream.on('error', () => client.destroy())
      client.on('error', () => upstream.destroy())
    })
    .listen(socketPath)

const poll = setInterval(() => {
  const port = listeningPort()
  if (port === undefined) return
  clearInterval(poll)
  bridge(port)
}, 100)
