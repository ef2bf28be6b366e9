import { useEffect, useId, useRef, useState } from 'react'
import {
  chatErrorMessage,
  CHAT_TEXTS,
  conversationDeleted,
  conversationOpened,
  historyPageChanged,
  historySearched,
  selectHistoryView,
  selectIsSending,
  useDeleteConversationMutation,
  useGetChatHistoryQuery,
  type HistoryItem,
} from '@/entities/chat'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Spinner } from '@/shared/ui'
import { useDebounced } from '@/shared/lib/debounce'
import { HistoryItemCard } from './HistoryItemCard'
import styles from './HistoryPanel.module.scss'

/** Chat history search waits this long after the last keystroke (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500

interface HistoryPanelProps {
  /** Called after a conversation was opened: the page closes the panel. */
  onOpened: () => void
}

/**
 * Previous Conversations (spec section 2): search (500 ms debounce, clear control), 'Showing
 * results for ...', the list with status badges, paging, both empty states, loading and error;
 * opening an item loads it into the current conversation; deleting asks first.
 */
export const HistoryPanel = ({ onOpened }: HistoryPanelProps) => {
  const dispatch = useAppDispatch()
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
    const result = await remove(item.id)
    if ('error' in result) {
      setAnnouncement('The conversation could not be deleted. Please try again.')
      return
    }
    dispatch(conversationDeleted({ id: item.id }))
    setAnnouncement(`Deleted “${item.title}”.`)
    // The last one of a later page: show the page before.
    if (currentData?.items.length === 1 && page > 1) dispatch(historyPageChanged(page - 1))
    searchInput.current?.focus()
  }

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
              disabled={sending}
              deleting={deleting && deletingId === item.id}
              onOpen={open}
              onDelete={(chosen) => void onDelete(chosen)}
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
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  )
}
