export { HistoryPanel, SEARCH_DEBOUNCE_MS } from './ui/HistoryPanel'
