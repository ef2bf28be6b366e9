import { useEffect, useId, useRef, useState } from 'react'
import {
  chatErrorMessage,
  CHAT_TEXTS,
  conversationDeleted,
  conversationOpened,
  conversationRestored,
  historyPageChanged,
  historySearched,
  selectConversationId,
  selectHistoryView,
  selectIsSending,
  selectTurns,
  useDeleteConversationMutation,
  useGetChatHistoryQuery,
  type ChatTurn,
  type HistoryItem,
} from '@/entities/chat'
import { apiErrorMessage } from '@/shared/api'
import { useAppDispatch, useAppSelector, useAppStore } from '@/shared/lib/store'
import { Spinner, Toast } from '@/shared/ui'
import { useDebounced } from '@/shared/lib/hooks'
import { UNDO_WINDOW_SECONDS } from '@contracts/conversationToolsText'
import { useRestoreConversationMutation } from '../api/conversationToolsApi'
import { HistoryItemCard } from './HistoryItemCard'
import styles from './HistoryPanel.module.scss'

/** Chat history search waits this long after the last keystroke (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500
/** How long 'Conversation deleted' offers Undo (longer while the pointer or focus is on it). */
export const UNDO_NOTICE_MS = 5000
/** The notice goes in any case well before the server stops accepting the undo. */
const UNDO_NOTICE_LIMIT_MS = (UNDO_WINDOW_SECONDS - 5) * 1000

interface HistoryPanelProps {
  /** Called after a conversation was opened: the page closes the panel. */
  onOpened: () => void
  /** How long the Undo notice stays (tests shorten it). */
  undoMs?: number
}

/** A deletion that can still be undone, and whether it took the conversation on screen. */
interface Deletion {
  key: number
  item: HistoryItem
  /** The turns on screen when it was deleted, if it was the open conversation. */
  turnsOnScreen: ChatTurn[] | null
}

/**
 * Previous Conversations (spec section 2): search (500 ms debounce, clear control), 'Showing
 * results for ...', the list with status badges, paging, both empty states, loading and error;
 * opening an item loads it into the current conversation. Each item's Actions menu renames,
 * shares, exports or deletes it; a deletion shows 'Conversation deleted' with Undo for a while.
 */
export const HistoryPanel = ({ onOpened, undoMs = UNDO_NOTICE_MS }: HistoryPanelProps) => {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const { page, search } = useAppSelector(selectHistoryView)
  const sending = useAppSelector(selectIsSending)
  const [text, setText] = useState(search)
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS)
  const searchInput = useRef<HTMLInputElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const id = useId()

  useEffect(() => {
    if (debounced !== search) dispatch(historySearched(debounced))
    // Only a settled change of the box searches; the store's term changes only from here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced, dispatch])

  const { currentData, isFetching, isError, error } = useGetChatHistoryQuery({ page, search }, { refetchOnMountOrArgChange: true })
  const [remove, { isLoading: deleting, originalArgs: deletingId }] = useDeleteConversationMutation()
  const [restore] = useRestoreConversationMutation()
  const [deletion, setDeletion] = useState<Deletion | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const undoNotice = useRef<HTMLDivElement>(null)
  const deletions = useRef(0)

  const clearSearch = () => {
    setText('')
    dispatch(historySearched(''))
    searchInput.current?.focus()
  }

  const open = (item: HistoryItem) => {
    dispatch(conversationOpened(item))
    onOpened()
  }

  const onDelete = async (item: HistoryItem) => {
    setProblem(null)
    const state = store.getState()
    const open = selectConversationId(state) === item.id
    const result = await remove(item.id)
    if ('error' in result) {
      setProblem('The conversation could not be deleted. Please try again.')
      searchInput.current?.focus()
      return
    }
    dispatch(conversationDeleted({ id: item.id }))
    deletions.current += 1
    setDeletion({ key: deletions.current, item, turnsOnScreen: open ? selectTurns(state) : null })
    // The last one of a later page: show the page before.
    if (currentData?.items.length === 1 && page > 1) dispatch(historyPageChanged(page - 1))
  }

  /** The notice goes: the focus, if it was on it, goes back to the search box. */
  const dismiss = () => {
    const hadFocus = undoNotice.current?.contains(document.activeElement) ?? false
    setDeletion(null)
    if (hadFocus) searchInput.current?.focus()
  }

  const undo = async (undone: Deletion) => {
    dismiss()
    const result = await restore(undone.item.id)
    if ('error' in result) {
      setProblem(apiErrorMessage(result.error) ?? 'The conversation could not be restored. Please try again.')
      return
    }
    // Still on screen, untouched since: the next message continues it again.
    if (undone.turnsOnScreen !== null && selectTurns(store.getState()) === undone.turnsOnScreen) {
      dispatch(conversationRestored({ id: undone.item.id }))
    }
    setAnnouncement(`Restored “${undone.item.title}”.`)
  }

  useEffect(() => {
    if (!deletion) return
    const timer = window.setTimeout(dismiss, UNDO_NOTICE_LIMIT_MS)
    return () => window.clearTimeout(timer)
  }, [deletion])

  const term = search.trim()
  const loading = isFetching && currentData === undefined
  const items = currentData?.items ?? []
  const pages = currentData?.pages ?? 1

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} aria-busy={isFetching}>
      <h2 id={`${id}-title`} className={styles.title}>
        Previous Conversations
      </h2>

      <div className={styles.search} role="search">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search conversations
        </label>
        <input
          ref={searchInput}
          id={`${id}-search`}
          type="search"
          className={styles.searchInput}
          placeholder="Search by keywords or phrases..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text !== '') {
              event.preventDefault()
              clearSearch()
            }
          }}
        />
        {text !== '' && (
          <button type="button" className={styles.clear} onClick={clearSearch} aria-label="Clear search">
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>

      {term !== '' && <p className={styles.showing}>Showing results for “{term}”</p>}

      {loading ? (
        <Spinner label="Loading conversation history..." size="small" />
      ) : isError ? (
        <p className={styles.loadError} role="alert">
          {chatErrorMessage(error) ?? CHAT_TEXTS.historyFailed}
        </p>
      ) : items.length === 0 ? (
        term !== '' ? (
          <div className={styles.empty}>
            <p>No conversations matching “{term}”</p>
            <button type="button" className={styles.linkButton} onClick={clearSearch}>
              Clear search
            </button>
          </div>
        ) : (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>No conversations yet</p>
            <p>Start a new conversation by sending a message below</p>
          </div>
        )
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <HistoryItemCard
              key={item.id}
              item={item}
              disabled={sending || (deleting && deletingId === item.id)}
              onOpen={open}
              onDelete={(chosen) => void onDelete(chosen)}
              onAnnounce={setAnnouncement}
            />
          ))}
        </ul>
      )}

      {!loading && !isError && items.length > 0 && (
        <nav className={styles.paging} aria-label="Conversation pages">
          <button
            type="button"
            className={styles.pageButton}
            onClick={() => dispatch(historyPageChanged(page - 1))}
            disabled={page <= 1 || isFetching}
          >
            Previous
          </button>
          <span aria-live="polite">
            Page {currentData?.page ?? page} of {pages}
          </span>
          <button
            type="button"
            className={styles.pageButton}
            onClick={() => dispatch(historyPageChanged(page + 1))}
            disabled={page >= pages || isFetching}
          >
            Next
          </button>
        </nav>
      )}
      {problem && (
        <p className={styles.loadError} role="alert">
          {problem}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div ref={undoNotice}>
        {deletion && (
          <Toast
            key={deletion.key}
            message="Conversation deleted"
            duration={undoMs}
            onClose={dismiss}
            action={{ label: 'Undo', onClick: () => void undo(deletion), focus: true }}
          />
        )}
      </div>
    </section>
  )
}
