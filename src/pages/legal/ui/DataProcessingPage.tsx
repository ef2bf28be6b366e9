import { DATA_PROCESSING_AGREEMENT } from '../config/dataProcessing'
import { LegalDocument } from './LegalDocument'

/** /data-processing: the Data Processing Agreement. */
export const DataProcessingPage = () => <LegalDocument document={DATA_PROCESSING_AGREEMENT} />
