import { Route, Routes } from 'react-router-dom'
import { AppNotFound, AppShell } from '@/widgets/app-shell'
import { APP_NAME, BASE_PATH, TABS } from '../model/content'
import {
  Benchmarking,
  Documentation,
  Features,
  Overview,
  Sentiment,
  Themes,
  Trial,
  UseCases,
} from './ReviewsSubPages'

export const ReviewsCompassPage = () => (
  <AppShell
    name={APP_NAME}
    tagline="Find out what your customers really think: sentiment per topic, the themes behind it and how you compare with your market."
    basePath={BASE_PATH}
    tabs={TABS}
  >
    <Routes>
      <Route index element={<Overview />} />
      <Route path="features" element={<Features />} />
      <Route path="use-cases" element={<UseCases />} />
      <Route path="sentiment" element={<Sentiment />} />
      <Route path="themes" element={<Themes />} />
      <Route path="benchmarking" element={<Benchmarking />} />
      <Route path="docs" element={<Documentation />} />
      <Route path="trial" element={<Trial />} />
      <Route path="*" element={<AppNotFound appName={APP_NAME} basePath={BASE_PATH} />} />
    </Routes>
  </AppShell>
)
