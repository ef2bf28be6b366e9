'use strict'

const { createApp } = require('./app')

// PORT is a port number, or the path of a Unix socket (as a preview gives it).
const port = /^\d+$/.test(process.env.PORT || '') ? Number(process.env.PORT) : process.env.PORT || 3000
createApp().listen(port, () => console.log(typeof port === 'number' ? 'API listening on http://localhost:' + port : 'API listening on ' + port))
