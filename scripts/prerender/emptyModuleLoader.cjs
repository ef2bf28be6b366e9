/** The prerender build's loader for global stylesheets: the page links the browser build's CSS, so the server needs none. */
module.exports = function emptyModule() {
  return 'export {}'
}
