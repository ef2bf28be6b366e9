import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { usePageMeta } from '@/shared/lib/seo'
import { Button, Pager, Spinner } from '@/shared/ui'
import { RequirePermission } from '@/entities/session'
import { leadsCsvUrl, leadsErrorText, useGetLeadsQuery } from '../api/leadsApi'
import { useDebounced } from '@/shared/lib/hooks'
import { MAX_SEARCH_LENGTH, useLeadView } from '../model/useLeadView'
import { LEAD_KINDS, type LeadKind } from '../model/types'
import { LeadTable } from './LeadTable'
import styles from './ArchitectLeadsPage.module.scss'

/** Search waits this long after the last keystroke (as the chat history's, spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500

const countFormat = new Intl.NumberFormat('en-US')

const NOUNS: Record<LeadKind, string> = { waitlist: 'waitlist signups', contact: 'contact messages', newsletter: 'newsletter subscriptions' }

/**
 * Leads: waitlist, contact and newsletter entries, searched, paged and exported as CSV.
 * The kind, search and page live in the URL.
 */
const Leads = () => {
  const { query, showKind, searchFor, goToPage } = useLeadView()
  const { kind, search, page } = query
  const [text, setText] = useState(search)
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS)
  const tabs = useRef<Partial<Record<LeadKind, HTMLButtonElement | null>>>({})
  const id = useId()

  useEffect(() => {
    if (debounced.trim() !== search.trim()) searchFor(debounced)
    // Only a settled change of the box searches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced])

  const { currentData, isFetching, isError, error, refetch } = useGetLeadsQuery(query)

  const onTabKey = (event: KeyboardEvent) => {
    const index = LEAD_KINDS.findIndex((item) => item.id === kind)
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key]
    const next =
      event.key === 'Home' ? LEAD_KINDS[0] : event.key === 'End' ? LEAD_KINDS.at(-1) : step ? LEAD_KINDS.at((index + step) % LEAD_KINDS.length) : undefined
    if (!next) return
    event.preventDefault()
    showKind(next.id)
    tabs.current[next.id]?.focus()
  }

  const loading = isFetching && currentData === undefined
  const shown = currentData?.rows.length ?? 0
  const pages = currentData?.pages ?? 1
  const term = search.trim()
  const label = LEAD_KINDS.find((item) => item.id === kind)?.label ?? ''

  return (
    <div className={styles.page}>
      <h1>Leads</h1>
      <p className={styles.lead}>Who joined the waitlist, wrote to us or subscribed to the newsletter.</p>

      <div role="tablist" aria-label="Kind of entries" className={styles.tablist} onKeyDown={onTabKey}>
        {LEAD_KINDS.map((item) => (
          <button
            key={item.id}
            ref={(node) => {
              tabs.current[item.id] = node
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.id}`}
            aria-selected={item.id === kind}
            aria-controls={`${id}-panel`}
            tabIndex={item.id === kind ? 0 : -1}
            className={styles.tab}
            onClick={() => showKind(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>

      <section role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${kind}`} className={styles.panel} aria-busy={isFetching}>
        <div className={styles.toolbar}>
          <div className={styles.field} role="search">
            <label htmlFor={`${id}-search`}>Search</label>
            <input
              id={`${id}-search`}
              type="search"
              placeholder={kind === 'newsletter' ? 'E-mail address' : 'Name, e-mail or company'}
              maxLength={MAX_SEARCH_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <a className={styles.download} href={leadsCsvUrl(kind, search)} download>
            Download CSV<span className="visually-hidden"> of {term === '' ? `all ${NOUNS[kind]}` : `${NOUNS[kind]} matching “${term}”`}</span>
          </a>
        </div>

        {loading ? (
          <Spinner label={`Loading ${NOUNS[kind]}...`} size="small" />
        ) : isError ? (
          <div className={styles.error} role="alert">
            <p>Error: {leadsErrorText(error)}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : !currentData || shown === 0 ? (
          <p className={styles.empty}>{term === '' ? `No ${NOUNS[kind]} yet.` : `No ${NOUNS[kind]} match “${term}”.`}</p>
        ) : (
          <LeadTable leads={currentData} caption={`${label} entries, newest first`} />
        )}

        {!loading && !isError && (
          <Pager
            label="Entry pages"
            summary={`Showing ${shown} of ${countFormat.format(currentData?.total ?? 0)} ${NOUNS[kind]}`}
            page={page}
            pageShown={currentData?.page ?? page}
            pages={pages}
            busy={isFetching}
            onPageChange={goToPage}
          />
        )}
      </section>
    </div>
  )
}

export const ArchitectLeadsPage = () => {
  usePageMeta({ title: 'Leads', description: 'Waitlist, contact and newsletter entries.' })
  return (
    <RequirePermission permission="architect.leads" message="You do not have permission to access the Leads module.">
      <Leads />
    </RequirePermission>
  )
}
