import { act, render, renderHook, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toast } from './Toast'
import { useToast } from './useToast'

describe('Toast', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('announces a success politely and hides itself after 5000 ms by default', () => {
    const onClose = jest.fn()
    render(<Toast type="success" message="Saved" onClose={onClose} />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Saved')
    expect(status).toHaveAttribute('aria-live', 'polite')
    act(() => jest.advanceTimersByTime(4999))
    expect(onClose).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(1))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('announces an error at once and takes its own duration', () => {
    const onClose = jest.fn()
    render(<Toast type="error" message="Failed" duration={6000} onClose={onClose} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Failed')
    act(() => jest.advanceTimersByTime(5000))
    expect(onClose).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(1000))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('shows an info toast by default', () => {
    render(<Toast message="Heads up" onClose={() => {}} />)
    expect(screen.getByRole('status').parentElement).toHaveAttribute('data-type', 'info')
  })

  it('closes on its close button and on Escape', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    const onClose = jest.fn()
    render(<Toast message="Hello" onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Close notification' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('waits while the pointer rests on it', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    const onClose = jest.fn()
    render(<Toast message="Read me" onClose={onClose} />)
    await user.hover(screen.getByText('Read me'))
    act(() => jest.advanceTimersByTime(10_000))
    expect(onClose).not.toHaveBeenCalled()
    await user.unhover(screen.getByText('Read me'))
    act(() => jest.advanceTimersByTime(5000))
    expect(onClose).toHaveBeenCalled()
  })
})

describe('Toast with an action', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('offers the action as a button, focused when asked, and waits while the focus is on it', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    const onClose = jest.fn()
    const onUndo = jest.fn()
    render(<Toast message="Conversation deleted" onClose={onClose} action={{ label: 'Undo', onClick: onUndo, focus: true }} />)
    const undo = screen.getByRole('button', { name: 'Undo' })
    expect(undo).toHaveFocus()
    act(() => jest.advanceTimersByTime(10_000))
    expect(onClose).not.toHaveBeenCalled()
    await user.click(undo)
    expect(onUndo).toHaveBeenCalledTimes(1)
    await user.tab()
    await user.tab()
    expect(undo).not.toHaveFocus()
    act(() => jest.advanceTimersByTime(5000))
    expect(onClose).toHaveBeenCalled()
  })

  it('leaves the focus where it is unless asked', () => {
    render(<Toast message="Conversation deleted" onClose={() => {}} action={{ label: 'Undo', onClick: () => {} }} />)
    expect(screen.getByRole('button', { name: 'Undo' })).not.toHaveFocus()
  })
})

describe('useToast', () => {
  it('shows one notice at a time, each with a new id, and hides it', () => {
    const { result } = renderHook(() => useToast())
    act(() => result.current.showToast('success', 'First'))
    expect(result.current.toast).toEqual({ id: 1, type: 'success', message: 'First' })
    act(() => result.current.showToast('error', 'Second'))
    expect(result.current.toast).toEqual({ id: 2, type: 'error', message: 'Second' })
    act(() => result.current.hideToast())
    expect(result.current.toast).toBeNull()
  })
})
