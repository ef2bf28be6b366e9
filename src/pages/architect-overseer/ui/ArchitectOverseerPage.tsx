import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'

export const ArchitectOverseerPage = () => {
  usePageMeta({ title: 'Overseer Interface', description: 'Orchestration control for the Overseer Core.' })
  return (
    <RequirePermission permission="architect.overseer" message="You do not have permission to access the Overseer interface module.">
      <h1>Overseer Interface</h1>
      <p>Orchestration control for the Overseer Core.</p>
    </RequirePermission>
  )
}
