/** The words that make a message a build request (spec section 5). */
export const BUILD_KEYWORDS = ['build', 'create', 'make', 'develop', 'generate', 'zip file'] as const

/** True when the message's lowercase text contains any build keyword: it goes to the build endpoint. */
export const isBuildRequest = (text: string): boolean => {
  const lower = text.toLowerCase()
  return BUILD_KEYWORDS.some((keyword) => lower.includes(keyword))
}

/** Where a message goes (spec section 7): build requests to the build endpoint, others to the dev chat. */
export const chatPathFor = (text: string): string => (isBuildRequest(text) ? '/overseer/chat' : '/overseer-dev/chat')
