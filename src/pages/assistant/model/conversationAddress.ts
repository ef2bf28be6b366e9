import { useEffect, useRef, useState } from 'react'
import { useNavigate, useNavigation, useParams } from 'react-router-dom'
import { conversationApi, conversationCleared, conversationOpened, readInFlight, selectConversationId } from '@/entities/chat'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'

/** The address of a conversation: `/assistant/c/{id}`, or `/assistant` for a new one. */
export const conversationPath = (id: string | null): string => (id === null ? '/assistant' : `/assistant/c/${encodeURIComponent(id)}`)

export type AddressState = 'ready' | 'loading' | 'not-found' | 'failed'

/**
 * Keeps the open conversation and the address in step, both ways. The address follows the
 * conversation: one the first reply created, or one opened from the history, gets its address (a
 * new entry, so Back returns to what was open before). The conversation follows the address: a
 * reload, Back or Forward, or a pasted link opens the one it names for its owner; for anyone else
 * the server answers 404, and the page says only that it was not found.
 */
export const useConversationAddress = (): AddressState => {
  const { conversationId: addressed = null } = useParams()
  const navigate = useNavigate()
  // A page being loaded for a link followed (its code fetched): the visitor is on the way there.
  const leaving = useNavigation().state !== 'idle'
  const dispatch = useAppDispatch()
  const open = useAppSelector(selectConversationId)
  // What became of the last address looked up: a conversation shown, or why not.
  const [settled, setSettled] = useState<{ address: string; state: AddressState } | null>(null)
  const [fetchConversation] = conversationApi.useLazyGetStoredConversationQuery()
  const previous = useRef(open)

  // The conversation changed here (a reply, the history, New Conversation): the address follows.
  useEffect(() => {
    if (previous.current === open) return
    previous.current = open
    // A link followed as the reply ended (one of its sources) goes on: a navigation now would
    // cancel the one under way and bring the visitor back here.
    if (leaving) return
    // The page stays where it was read: the reply that made the address is in view.
    if (open !== addressed) void navigate(conversationPath(open), { preventScrollReset: true })
    // Only a change of the open conversation moves the address; the address's own changes are below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  // The address changed (a reload, Back or Forward, a link): the conversation follows.
  useEffect(() => {
    if (addressed === previous.current) return
    if (addressed === null) {
      previous.current = null
      dispatch(conversationCleared())
      return
    }
    // A reload while a reply was on its way: resuming it opens its conversation.
    if (readInFlight()) return
    let current = true
    void fetchConversation(addressed).then((result) => {
      if (!current) return
      if (result.data) {
        previous.current = result.data.id
        dispatch(conversationOpened(result.data))
        setSettled({ address: addressed, state: 'ready' })
        return
      }
      const status = result.error && 'status' in result.error ? result.error.status : undefined
      if (status !== 404 && status !== 400) {
        setSettled({ address: addressed, state: 'failed' })
        return
      }
      // Nothing of what was open stays on screen under an address that shows another.
      previous.current = null
      dispatch(conversationCleared())
      setSettled({ address: addressed, state: 'not-found' })
    })
    return () => {
      current = false
    }
    // Only the address starts this; the conversation it opens is recorded in `previous`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressed])

  if (addressed === null || addressed === open) return 'ready'
  return settled?.address === addressed ? settled.state : 'loading'
}
