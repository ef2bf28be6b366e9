import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'

export const ArchitectDashboardPage = () => {
  usePageMeta({ title: 'Architect Dashboard', description: 'The control centre of the Overseer framework.' })
  return (
    <RequirePermission permission="architect.access" message="You do not have permission to access the Architect Suite.">
      <h1>Architect Dashboard</h1>
      <p>The control centre of the Overseer framework.</p>
    </RequirePermission>
  )
}
