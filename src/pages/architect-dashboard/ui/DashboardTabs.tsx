import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { DASHBOARD_TABS, type DashboardTab } from '../model/modules'
import styles from './DashboardTabs.module.scss'

interface DashboardTabsProps {
  selected: DashboardTab
  onSelect: (tab: DashboardTab) => void
  /** The selected tab's panel. */
  children: ReactNode
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab in the tab order, arrow keys (with
 * wrap-around), Home and End move between tabs and select them.
 */
export const DashboardTabs = ({ selected, onSelect, children }: DashboardTabsProps) => {
  const id = useId()
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const current = DASHBOARD_TABS.findIndex((tab) => tab.id === selected)

  const move = (index: number) => {
    const count = DASHBOARD_TABS.length
    const next = DASHBOARD_TABS[(index + count) % count]
    if (!next) return
    onSelect(next.id)
    tabs.current[(index + count) % count]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: DASHBOARD_TABS.length - 1 }[event.key]
    if (target === undefined) return
    event.preventDefault()
    move(target)
  }

  return (
    <>
      <div role="tablist" aria-label="Dashboard views" className={styles.tablist}>
        {DASHBOARD_TABS.map((tab, index) => {
          const isSelected = tab.id === selected
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              className={isSelected ? `${styles.tab} ${styles.selected}` : styles.tab}
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`} tabIndex={0} className={styles.panel}>
        {children}
      </div>
    </>
  )
}
