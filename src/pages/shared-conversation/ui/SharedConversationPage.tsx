import { Suspense } from 'react'
import { useParams } from 'react-router-dom'
import { SharedProjectFiles } from '@/entities/build'
import { ReadOnlyConversation } from '@/entities/chat'
import { PRODUCT_NAME } from '@/shared/config'
import { useNoIndex, usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader, Spinner } from '@/shared/ui'
import { useGetSharedConversationQuery } from '../api/sharedConversationApi'
import styles from './SharedConversationPage.module.scss'

const formatDate = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })
}

/**
 * /share/:token: a conversation someone shared, read-only, as it was when they made the link,
 * with the files of the projects its replies delivered (read, and downloaded, through the link).
 * Search engines are told not to index it (here, and by the server's X-Robots-Tag); an unknown
 * or revoked link says so.
 */
export const SharedConversationPage = () => {
  useNoIndex()
  const { token = '' } = useParams()
  const { data, error, isLoading, refetch } = useGetSharedConversationQuery(token)
  const notFound = error !== undefined && 'data' in error && (error.data as { kind?: string } | undefined)?.kind === 'not-found'
  usePageMeta({
    title: data ? data.title || 'Shared conversation' : notFound ? 'Conversation not found' : 'Shared conversation',
    description: `A conversation with the ${PRODUCT_NAME} assistant, shared read-only by the person who had it.`,
  })

  if (isLoading) return <Spinner label="Loading the shared conversation..." />

  // A link revoked while the page was open: its files stop loading, the snapshot is looked up again, and is gone.
  if (!data || notFound) {
    return (
      <section className={styles.missing} aria-labelledby="shared-missing">
        <h1 id="shared-missing">{notFound ? 'Conversation not found' : 'The conversation could not be loaded'}</h1>
        <p>
          {notFound
            ? 'This link does not lead to a shared conversation: it may have been revoked by the person who shared it, the conversation may have been deleted, or the link is incomplete.'
            : 'Something went wrong while loading it. Please try again in a moment.'}
        </p>
        <ButtonLink to="/assistant">Ask the {PRODUCT_NAME} Assistant</ButtonLink>
      </section>
    )
  }

  return (
    <>
      <PageHeader
        eyebrow="Shared conversation"
        title={data.title || 'Untitled conversation'}
        lead={`A read-only copy of a conversation with the ${PRODUCT_NAME} assistant, as it was when it was shared.`}
      />
      <div className={styles.page}>
        <p className={styles.meta}>
          Shared <time dateTime={data.sharedAt}>{formatDate(data.sharedAt)}</time>
        </p>
        <ReadOnlyConversation
          messages={data.messages}
          label="Messages"
          renderAfterMessage={(message) =>
            message.build && (
              <Suspense fallback={null}>
                <SharedProjectFiles token={token} buildId={message.build.id} files={message.build.files} onGone={refetch} />
              </Suspense>
            )
          }
        />
        <p className={styles.cta}>
          <ButtonLink to="/assistant" variant="secondary">
            Start your own conversation
          </ButtonLink>
        </p>
      </div>
    </>
  )
}
