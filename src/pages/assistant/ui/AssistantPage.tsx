import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { RateReply } from '@/features/rate-chat-reply'
import { ModelPicker } from '@/features/select-ai-model'
import { BuildQuestions, loadResumeChat, MessageForm, RetryBuild, sendChatMessage, TurnTools } from '@/features/send-chat-message'
import { useModelChoice } from '@/entities/ai-model'
import { BuildProgress, BuildTimeline, ProjectFiles, trackerDismissed } from '@/entities/build'
import {
  chatApi,
  conversationCleared,
  ConversationLog,
  historyRefreshRequested,
  isRateable,
  readInFlight,
  selectConversationId,
  selectIsSending,
  selectPendingReply,
  selectTurns,
} from '@/entities/chat'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button, PageHeader, Spinner } from '@/shared/ui'
import { conversationPath, useConversationAddress } from '../model/conversationAddress'
import styles from './AssistantPage.module.scss'

/** A delivered web app's or API's live preview under its reply; loads with the first delivered build. */
const PreviewBuild = lazy(() => import(/* webpackChunkName: "preview-build" */ './PreviewBuild').then((module) => ({ default: module.PreviewBuild })))

// The history loads when it is first opened, not with the page.
const HistoryPanel = lazy(() =>
  import(/* webpackChunkName: "chat-history" */ '@/features/browse-chat-history').then((module) => ({ default: module.HistoryPanel })),
)

/** The assistant's status box (spec section 2). */
const STATUS = { state: 'Online', version: 'v2.4.1', updated: 'May 10, 2025', updatedIso: '2025-05-10' } as const

/**
 * /assistant: the assistant chat screen (spec section 2): status, model, history panel,
 * the current conversation, the message form and the progress tracker of a build request.
 */
export const AssistantPage = () => {
  usePageMeta({
    title: `${PRODUCT_NAME} Assistant`,
    description: `Ask the ${PRODUCT_NAME} assistant about the platform in plain language, search your earlier conversations, and request project builds.`,
  })
  const dispatch = useAppDispatch()
  const sending = useAppSelector(selectIsSending)
  const turns = useAppSelector(selectTurns)
  const empty = turns.length === 0 && !sending
  const lastTurnId = turns.at(-1)?.id
  const replying = useAppSelector(selectPendingReply) !== null
  const { model } = useModelChoice()
  // 'Ask Overseer to fix this' in a preview: the follow-up build's delivery is previewed at once.
  const [previewNext, setPreviewNext] = useState(false)
  const askFix = (request: string) => {
    setPreviewNext(true)
    void dispatch(sendChatMessage({ text: request, model: model?.name ?? null }))
  }
  const [historyOpen, setHistoryOpen] = useState(false)
  const conversationHeading = useRef<HTMLHeadingElement>(null)
  const messageInput = useRef<HTMLTextAreaElement>(null)
  const chat = useRef<HTMLDivElement>(null)
  const history = useRef<HTMLDivElement>(null)
  const id = useId()
  const navigate = useNavigate()
  const openConversation = useAppSelector(selectConversationId)
  const address = useConversationAddress()

  // Sent: the whole conversation and the form come into view, so that the reply is seen.
  useEffect(() => {
    if (sending) chat.current?.scrollIntoView?.({ block: 'nearest' })
  }, [sending])

  // Opened: the history comes into view under its toggle, wherever the page was scrolled to.
  useEffect(() => {
    if (historyOpen) history.current?.scrollIntoView?.({ block: 'start' })
  }, [historyOpen])

  // Reloaded while a reply or a build was on its way in this tab: it comes back (loaded only then).
  useEffect(() => {
    if (!readInFlight()) return
    void loadResumeChat().then((resumeChat) => dispatch(resumeChat()))
  }, [dispatch])

  const refreshHistory = () => {
    dispatch(historyRefreshRequested())
    dispatch(chatApi.util.invalidateTags([{ type: 'Conversation', id: 'LIST' }]))
    setHistoryOpen(true)
  }

  const newConversation = () => {
    // An open conversation's address follows it away; one that was not found is left here.
    if (openConversation === null) void navigate(conversationPath(null), { preventScrollReset: true })
    dispatch(conversationCleared())
    dispatch(trackerDismissed())
    messageInput.current?.focus()
  }

  const opened = () => {
    setHistoryOpen(false)
    // The panel is gone: the opened conversation takes focus, and the screen.
    requestAnimationFrame(() => {
      conversationHeading.current?.focus({ preventScroll: true })
      chat.current?.scrollIntoView?.({ block: 'start' })
    })
  }

  return (
    <>
      <PageHeader
        eyebrow="Assistant"
        title={`${PRODUCT_NAME} Assistant`}
        lead={`Ask about ${PRODUCT_NAME} in plain language: how the agents work, how to get started, what a module does. The assistant will soon be powered by an external AI provider; until then it answers offline from the ${PRODUCT_NAME} documentation and links the pages it used.`}
      />

      <div className={styles.layout}>
        <div className={styles.toolbar}>
          <div role="group" aria-label="Assistant status">
          <dl className={styles.status}>
            <div>
              <dt>Status</dt>
              <dd>
                <span className={styles.online} aria-hidden="true" />
                {STATUS.state}
              </dd>
            </div>
            <div>
              <dt>Version</dt>
              <dd>{STATUS.version}</dd>
            </div>
            <div>
              <dt>Last updated</dt>
              <dd>
                <time dateTime={STATUS.updatedIso}>{STATUS.updated}</time>
              </dd>
            </div>
          </dl>
          </div>
          <div className={styles.model}>
            <ModelPicker />
          </div>
          <Button
            variant="secondary"
            className={styles.historyToggle}
            onClick={() => setHistoryOpen((open) => !open)}
            aria-expanded={historyOpen}
            aria-controls={`${id}-history`}
          >
            {historyOpen ? 'Close History' : 'View Chat History'}
          </Button>
        </div>

        <div id={`${id}-history`} ref={history} className={styles.history} hidden={!historyOpen}>
          {historyOpen && (
            <Suspense fallback={<Spinner label="Loading conversation history..." size="small" />}>
              <HistoryPanel onOpened={opened} />
            </Suspense>
          )}
        </div>

        <div ref={chat} className={styles.chat} data-empty={empty || undefined}>
        <section className={styles.conversation} aria-labelledby={`${id}-conversation`}>
          <div className={styles.sectionHead}>
            <h2 id={`${id}-conversation`} ref={conversationHeading} tabIndex={-1} className={styles.heading}>
              Current Conversation
            </h2>
            <div className={styles.sectionActions}>
              <Button variant="secondary" onClick={newConversation} disabled={sending}>
                New Conversation
              </Button>
              <Button variant="ghost" onClick={refreshHistory}>
                Refresh History
              </Button>
            </div>
          </div>
          {address === 'loading' && <Spinner label="Loading the conversation..." size="small" />}
          {address === 'not-found' && (
            <p role="alert" className={styles.addressProblem}>
              Conversation not found: it was deleted, or this address is not one of yours. <Link to={conversationPath(null)}>Start a new conversation</Link>.
            </p>
          )}
          {address === 'failed' && (
            <p role="alert" className={styles.addressProblem}>
              The conversation could not be loaded. Reload the page to try again.
            </p>
          )}
          <ConversationLog
            emptyText={`No messages yet. Ask ${PRODUCT_NAME} a question below to start a conversation.`}
            renderAfterTurn={(turn) => (
              <>
                {/* A reply to a question (not a build's, nor a failed one) can be rated. */}
                {isRateable(turn) && (
                  <Suspense fallback={null}>
                    <RateReply turn={turn} />
                  </Suspense>
                )}
                {(turn.buildSessionId || turn.timelineSessionId) && (
                  <>
                    <Suspense fallback={null}>
                      {turn.buildSessionId && <ProjectFiles sessionId={turn.buildSessionId} />}
                      {/* A delivered web app or API (also in a conversation opened from its address): its live preview. */}
                      {(turn.buildSessionId ?? (turn.failed ? undefined : turn.timelineSessionId)) && (
                        <PreviewBuild
                          sessionId={(turn.buildSessionId ?? turn.timelineSessionId) as string}
                          onFix={askFix}
                          busy={replying}
                          autoStart={previewNext && turn.id === lastTurnId && !replying}
                          onAutoStarted={() => setPreviewNext(false)}
                        />
                      )}
                      {turn.timelineSessionId && <BuildTimeline sessionId={turn.timelineSessionId} />}
                    </Suspense>
                    {/* The last reply may be a build's questions, waiting for their answers (not held back while the timeline's code loads). */}
                    {turn.timelineSessionId && !turn.buildSessionId && turn.id === lastTurnId && !replying && <BuildQuestions sessionId={turn.timelineSessionId} />}
                    {/* A failed build's reply: retried from the stage that failed, its answer taking the failure's place. */}
                    {turn.timelineSessionId && turn.failed && turn.id === lastTurnId && !replying && <RetryBuild sessionId={turn.timelineSessionId} />}
                  </>
                )}
              </>
            )}
            renderTurnTools={(turn, context) => (
              <Suspense fallback={null}>
                <TurnTools turn={turn} context={context} />
              </Suspense>
            )}
          />
        </section>

        <section className={styles.composer} aria-label="Send a message">
          <MessageForm inputRef={messageInput} />
          <BuildProgress />
        </section>
        </div>
      </div>
    </>
  )
}
