import { usePageMeta } from '@/shared/lib/seo'
import { RequirePermission } from '@/entities/session'

export const ArchitectApprovalsPage = () => {
  usePageMeta({ title: 'Permission Controls', description: 'Approval requests waiting for a decision.' })
  return (
    <RequirePermission permission="architect.approvals" message="You do not have permission to access the Permission Controls module.">
      <h1>Permission Controls</h1>
      <p>Approval requests waiting for a decision.</p>
    </RequirePermission>
  )
}
