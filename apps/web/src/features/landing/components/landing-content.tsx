import type { ReactNode } from 'react';
import { ClosingCta } from './closing-cta';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';

/**
 * The landing's sections (spec 000 section 2). Drawn by the app's route and by the prerendered
 * light page, each giving the platform figures from its own data source.
 */
export function LandingContent({
  stats,
  rooms,
  legal,
}: {
  stats: ReactNode;
  /** The open rooms. */
  rooms?: ReactNode;
  legal?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-16 pb-16 sm:gap-20 sm:pb-20">
      <Hero />
      {stats}
      {rooms}
      <FeatureCards />
      <HowItWorks />
      <ClosingCta />
      {legal}
    </div>
  );
}
