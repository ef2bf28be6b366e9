import { useNavigate } from 'react-router-dom'
import { DOCS_SECTIONS } from '../model/navigation'
import styles from './DocsToolbar.module.scss'

/** On small screens, instead of the sidebar: a dropdown of every page, grouped by section. */
export const DocsPagePicker = ({ currentPath }: { currentPath: string | undefined }) => {
  const navigate = useNavigate()
  return (
    <div className={styles.picker}>
      <label htmlFor="docs-page-picker">Documentation page</label>
      <select id="docs-page-picker" value={currentPath ?? ''} onChange={(event) => navigate(event.target.value)}>
        {currentPath === undefined && (
          <option value="" disabled>
            Choose a page
          </option>
        )}
        {DOCS_SECTIONS.map((section) => (
          <optgroup key={section.id} label={section.title}>
            {section.topics.map((topic) => (
              <option key={topic.id} value={topic.path}>
                {topic.title}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  )
}
