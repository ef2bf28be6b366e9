import { Link } from 'react-router-dom'
import { FIRST_TOPIC } from '../model/navigation'
import type { DocSection } from '../model/types'
import { NeedHelp } from './DocArticle'
import styles from './DocArticle.module.scss'

/** An address under /docs that is not a page of the documentation. */
export const DocsNotFound = ({ pathname, section }: { pathname: string; section: DocSection | undefined }) => (
  <>
    <div className={styles.prose}>
      <p>
        There is no page at <code>{pathname}</code> in the documentation. It may have moved, or the address may be
        mistyped. Search above, pick a page from the list, or start from one of these:
      </p>
      <ul>
        {section && (
          <li>
            <Link to={section.path}>{section.title}</Link>: {section.topics.map((topic) => topic.title).join(', ')}
          </li>
        )}
        <li>
          <Link to={FIRST_TOPIC.path}>Introduction</Link>: what Overseer is and how the documentation is organised
        </li>
        <li>
          <Link to="/docs/getting-started/quickstart">Quick Start</Link>: install, start and sign in
        </li>
        <li>
          <Link to="/docs/api-reference/endpoints">API endpoints</Link>: every endpoint of the server
        </li>
        <li>
          <Link to="/">Home</Link>
        </li>
      </ul>
    </div>
    <NeedHelp />
  </>
)
