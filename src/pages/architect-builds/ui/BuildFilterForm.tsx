import { useId, useState, type FormEvent } from 'react'
import { BUILD_SEARCH_MAX } from '@contracts/architectBuilds'
import { Button, Options } from '@/shared/ui'
import { BUILD_STATUS_OPTIONS, isBuildStatus, type BuildFilters } from '../model/types'
import styles from './ArchitectBuildsPage.module.scss'

const STATUS_ITEMS = BUILD_STATUS_OPTIONS.map((status) => ({ value: status.id, label: status.name }))

interface BuildFilterFormProps {
  /** The filters in force (from the URL); the form starts from them. */
  initial: BuildFilters
  onApply: (filters: BuildFilters) => void
}

/** Title search, status dropdown and the Filter button, which applies them together. */
export const BuildFilterForm = ({ initial, onApply }: BuildFilterFormProps) => {
  const [filters, setFilters] = useState(initial)
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(filters)
  }

  return (
    <form className={styles.filters} role="search" aria-label="Filter builds" onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-search`}>Search titles</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search builds..."
          maxLength={BUILD_SEARCH_MAX}
          value={filters.search}
          onChange={(event) => setFilters({ ...filters, search: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => {
            const value = event.target.value
            setFilters({ ...filters, status: isBuildStatus(value) ? value : '' })
          }}
        >
          <Options placeholder="All Statuses" items={STATUS_ITEMS} />
        </select>
      </div>
      <Button type="submit" className={styles.filterButton}>
        Filter
      </Button>
    </form>
  )
}
