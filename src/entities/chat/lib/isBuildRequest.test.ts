import { chatPathFor, isBuildRequest } from './isBuildRequest'

describe('isBuildRequest', () => {
  it.each(['build', 'create', 'make', 'develop', 'generate', 'zip file'])('treats a message containing "%s" as a build request', (keyword) => {
    expect(isBuildRequest(`Please ${keyword.toUpperCase()} something`)).toBe(true)
    expect(chatPathFor(`please ${keyword} it`)).toBe('/overseer/chat')
  })

  it('matches inside words, as the lowercase-contains rule says', () => {
    expect(isBuildRequest('Who is the maker?')).toBe(true)
    expect(isBuildRequest('rebuilding')).toBe(true)
  })

  it('sends other messages to the dev chat', () => {
    expect(isBuildRequest('What is Overseer?')).toBe(false)
    expect(isBuildRequest('Send me a zip')).toBe(false)
    expect(chatPathFor('How do approvals work?')).toBe('/overseer-dev/chat')
  })
})
