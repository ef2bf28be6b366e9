export { DocsPage } from './ui/DocsPage'
