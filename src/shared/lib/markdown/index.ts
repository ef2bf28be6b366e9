export { renderMarkdown, highlightCode, COPY_ATTRIBUTE } from './renderMarkdown'
