import { useState } from 'react'
import { Link } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'
import type { DashboardTab } from '../model/modules'
import { DashboardTabs } from './DashboardTabs'
import { ModuleCards } from './ModuleCards'
import { SystemStatus } from './SystemStatus'
import styles from './ArchitectDashboardPage.module.scss'

const Overview = () => (
  <>
    <ModuleCards />
    <SystemStatus />
  </>
)

/** The Architecture Canvas tab until the canvas editor ships (issue 8). */
const CanvasComingSoon = () => (
  <div className={styles.canvasNotice}>
    <h2>Architecture Canvas</h2>
    <p>The editable architecture diagram is coming with the canvas release.</p>
    <p>
      Until then, the <Link to="/architecture">architecture overview</Link> describes the modules and how they connect.
    </p>
  </div>
)

export const ArchitectDashboardPage = () => {
  usePageMeta({ title: 'Architect Dashboard', description: 'The control centre of the Overseer framework.' })
  const [tab, setTab] = useState<DashboardTab>('overview')
  return (
    <RequirePermission permission="architect.access" message="You do not have permission to access the Architect Suite.">
      <div className={styles.page}>
        <h1>Architect Dashboard</h1>
        <p className={styles.lead}>The control centre of the Overseer framework.</p>
        <DashboardTabs selected={tab} onSelect={setTab}>
          {tab === 'overview' ? <Overview /> : <CanvasComingSoon />}
        </DashboardTabs>
      </div>
    </RequirePermission>
  )
}
