export { renderMarkdown, COPY_ATTRIBUTE } from './renderMarkdown'
