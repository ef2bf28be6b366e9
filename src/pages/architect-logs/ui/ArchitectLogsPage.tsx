import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'

export const ArchitectLogsPage = () => {
  usePageMeta({ title: 'Agent Logs', description: 'What the agents did, stage by stage.' })
  return (
    <RequirePermission permission="architect.logs" message="You do not have permission to access the Agent Logs module.">
      <h1>Agent Logs</h1>
      <p>What the agents did, stage by stage.</p>
    </RequirePermission>
  )
}
