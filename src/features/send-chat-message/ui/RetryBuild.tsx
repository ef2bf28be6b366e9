import { STAGE_LABELS } from '@contracts/builds'
import { buildApi } from '@/entities/build'
import { selectPendingReply } from '@/entities/chat'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { Button } from '@/shared/ui'
import { retryBuild } from '../model/retryBuild'
import styles from './BuildQuestions.module.scss'

/** 'Retry from development': the words of the button for a build that failed at `stage`. */
export const retryLabel = (stage: keyof typeof STAGE_LABELS): string => `Retry from ${STAGE_LABELS[stage].toLowerCase()}`

/**
 * Under a failed build's reply: a retry from the stage that failed, when the build can be retried
 * (read from the build's state, so it is there again after a reload); nothing otherwise.
 */
export const RetryBuild = ({ sessionId }: { sessionId: string }) => {
  const dispatch = useAppDispatch()
  const busy = useAppSelector(selectPendingReply) !== null
  // Read afresh each time it shows: another tab may have retried it meanwhile.
  const { data } = buildApi.useGetBuildStateQuery(sessionId, { refetchOnMountOrArgChange: true })
  if (data?.status !== 'error' || !data.retryStage) return null
  return (
    <div className={styles.retry}>
      <Button variant="secondary" disabled={busy} onClick={() => void dispatch(retryBuild({ sessionId }))}>
        {retryLabel(data.retryStage)}
      </Button>
    </div>
  )
}
