export { formatCount, formatDuration, formatTokens, formatUsd } from './measures'
