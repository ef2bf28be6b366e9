import { useId, useState, type FormEvent } from 'react'
import { Button, Options } from '@/shared/ui'
import { MAX_SEARCH_LENGTH } from '../model/useLogFilters'
import { isLogLevelFilter, isLogModuleId, LOG_LEVEL_OPTIONS, LOG_MODULES, type LogFilters } from '../model/types'
import styles from './ArchitectLogsPage.module.scss'

const MODULE_ITEMS = LOG_MODULES.map((module) => ({ value: module.id, label: module.name }))
const LEVEL_ITEMS = LOG_LEVEL_OPTIONS.map((level) => ({ value: level.id, label: level.name }))

interface LogFilterFormProps {
  /** The filters in force (from the URL); the form starts from them. */
  initial: LogFilters
  onApply: (filters: LogFilters) => void
}

/** Search box, module and level dropdowns and the Filter button, which applies them together. */
export const LogFilterForm = ({ initial, onApply }: LogFilterFormProps) => {
  const [filters, setFilters] = useState(initial)
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(filters)
  }

  return (
    <form className={styles.filters} role="search" aria-label="Filter logs" onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search logs..."
          maxLength={MAX_SEARCH_LENGTH}
          value={filters.search}
          onChange={(event) => setFilters({ ...filters, search: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-module`}>Module</label>
        <select
          id={`${id}-module`}
          value={filters.module}
          onChange={(event) => {
            const value = event.target.value
            setFilters({ ...filters, module: isLogModuleId(value) ? value : '' })
          }}
        >
          <Options placeholder="All Modules" items={MODULE_ITEMS} />
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-level`}>Level</label>
        <select
          id={`${id}-level`}
          value={filters.level}
          onChange={(event) => {
            const value = event.target.value
            setFilters({ ...filters, level: isLogLevelFilter(value) ? value : '' })
          }}
        >
          <Options placeholder="All Levels" items={LEVEL_ITEMS} />
        </select>
      </div>
      <Button type="submit" className={styles.filterButton}>
        Filter
      </Button>
    </form>
  )
}
