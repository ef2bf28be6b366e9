import { useGetLogModulesQuery, logsErrorText } from '../api/logsApi'
import styles from './ArchitectLogsPage.module.scss'

/** How often the tiles ask which modules are busy. */
export const MODULE_POLL_MS = 5000

/** The four status tiles: a module is Active while a running build is in one of its stages. */
export const ModuleTiles = () => {
  const { data, error, isLoading } = useGetLogModulesQuery(undefined, { pollingInterval: MODULE_POLL_MS, skipPollingIfUnfocused: true })

  return (
    <section className={styles.tilesSection} aria-labelledby="module-status-title">
      <h2 id="module-status-title" className="visually-hidden">
        Module status
      </h2>
      {isLoading ? (
        <p className={styles.muted}>Checking module status...</p>
      ) : !data ? (
        <p className={styles.tilesError} role="alert">
          Module status is unavailable: {logsErrorText(error)}
        </p>
      ) : (
        <ul className={styles.tiles}>
          {data.map((tile) => (
            <li key={tile.module} className={styles.tile} data-active={tile.active}>
              <span className={styles.tileName}>{tile.name}</span>
              <span className={tile.active ? styles.active : styles.idle}>
                <span className={styles.dot} aria-hidden="true" />
                {tile.active ? 'Active' : 'Idle'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
