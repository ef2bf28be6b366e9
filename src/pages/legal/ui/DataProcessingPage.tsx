import dataProcessing from '@content/legal/data-processing.md'
import { LegalDocument } from './LegalDocument'

/** /data-processing: the Data Processing Agreement. */
export const DataProcessingPage = () => <LegalDocument document={dataProcessing} />
