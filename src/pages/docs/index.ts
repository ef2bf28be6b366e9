export { DocsPage } from './ui/DocsPage'
export { docsPaths, preloadDocs } from './model/prerender'
