import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { conversationCleared, messageSent, replyReceived } from '../model/chatSlice'
import { ConversationLog } from './ConversationLog'

/** jsdom lays nothing out: the region's content and visible heights, as a browser would give them. */
const layout = (region: HTMLElement, size: { content: number; visible: number }) => {
  Object.defineProperty(region, 'scrollHeight', { configurable: true, get: () => size.content })
  Object.defineProperty(region, 'clientHeight', { configurable: true, get: () => size.visible })
  return size
}

const renderLog = () => {
  const view = renderWithProviders(<ConversationLog emptyText="No messages yet." />)
  const ask = (n: number) => act(() => view.store.dispatch(messageSent({ sessionId: `s${n}`, content: `Question ${n}` })))
  const answer = (n: number) => act(() => view.store.dispatch(replyReceived({ sessionId: `s${n}`, reply: `Answer ${n}` })))
  return { ...view, ask, answer }
}

describe('ConversationLog', () => {
  it('scrolls in a region of its own that the keyboard reaches, empty or not', async () => {
    const { ask } = renderLog()
    const region = screen.getByRole('region', { name: 'Conversation messages' })
    expect(region).toHaveTextContent('No messages yet.')
    await userEvent.tab()
    expect(region).toHaveFocus()
    ask(1)
    expect(screen.getByRole('region', { name: 'Conversation messages' })).toBe(region)
    expect(region).toHaveTextContent('Question 1')
  })

  it('follows each new turn, keeps the place of a reader who scrolled up, and Jump to latest brings them back by keyboard', async () => {
    const user = userEvent.setup()
    const { ask, answer } = renderLog()
    ask(1)
    answer(1)
    const region = screen.getByRole('region', { name: 'Conversation messages' })
    const size = layout(region, { content: 1000, visible: 200 })
    ask(2)
    expect(region.scrollTop).toBe(1000)
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).not.toBeInTheDocument()

    // The reader goes back up to an earlier answer while the next one arrives.
    region.scrollTop = 400
    fireEvent.scroll(region)
    size.content = 1500
    answer(2)
    expect(screen.getByText('Answer 2')).toBeInTheDocument()
    expect(region.scrollTop).toBe(400)

    region.focus()
    await user.tab()
    const jump = screen.getByRole('button', { name: /Jump to latest/ })
    expect(jump).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(region.scrollTop).toBe(1500)
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).not.toBeInTheDocument()
    expect(region).toHaveFocus()
  })

  it("follows again with the reader's own next message, even after they scrolled up", () => {
    const { ask, answer } = renderLog()
    ask(1)
    const region = screen.getByRole('region', { name: 'Conversation messages' })
    const size = layout(region, { content: 1000, visible: 200 })
    answer(1)
    region.scrollTop = 300
    fireEvent.scroll(region)
    expect(screen.getByRole('button', { name: /Jump to latest/ })).toBeInTheDocument()

    size.content = 1300
    ask(2)
    expect(region.scrollTop).toBe(1300)
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).not.toBeInTheDocument()
  })

  it('starts a new conversation following again', () => {
    const { ask, answer, store } = renderLog()
    ask(1)
    answer(1)
    const region = screen.getByRole('region', { name: 'Conversation messages' })
    const size = layout(region, { content: 1000, visible: 200 })
    ask(2)
    region.scrollTop = 100
    fireEvent.scroll(region)
    expect(screen.getByRole('button', { name: /Jump to latest/ })).toBeInTheDocument()

    act(() => store.dispatch(conversationCleared()))
    expect(screen.getByText('No messages yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).not.toBeInTheDocument()
    size.content = 300
    ask(3)
    expect(region.scrollTop).toBe(300)
  })
})
