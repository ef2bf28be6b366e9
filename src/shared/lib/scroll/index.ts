export { scrollToTop } from './scrollToTop'
export { NEAR_BOTTOM_PX, useStickToBottom, type StickToBottom } from './useStickToBottom'
