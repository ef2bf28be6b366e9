import { lazy, Suspense, useState } from 'react'
import { usePageMeta } from '@/shared/lib/seo'
import { Spinner } from '@/shared/ui'
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

/** The canvas editor with React Flow, in chunks of their own: /architect's first paint does without them. */
const CanvasEditor = lazy(() => import(/* webpackChunkName: "canvas-editor" */ '@/features/edit-canvas').then((module) => ({ default: module.CanvasEditor })))

const Canvas = () => (
  <Suspense fallback={<Spinner label="Loading the canvas editor..." />}>
    <CanvasEditor />
  </Suspense>
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
          {tab === 'overview' ? <Overview /> : <Canvas />}
        </DashboardTabs>
      </div>
    </RequirePermission>
  )
}
