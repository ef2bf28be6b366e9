// `cookie` 2 ships only ES modules. Jest transforms it to CommonJS for light-my-request's require(),
// but @fastify/cookie loads it with import(), which would run that CommonJS code as an ES module.
// Mapped here (jest.config.js), both get the same CommonJS module.
module.exports = require('../../../node_modules/cookie/dist/index.js')
