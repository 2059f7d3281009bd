import { PageTitle } from '@/components/page-title';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { FeatureCards } from '@/features/landing/components/feature-cards';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { PlatformStats } from '@/features/landing/components/platform-stats';

/** Landing (spec 000 section 2). Loaded with the layout, not lazily: it is the first screen. */
export default function LandingPage() {
  return (
    <>
      <PageTitle />
      <div className="flex flex-col gap-16 pb-16 sm:gap-20 sm:pb-20">
        <Hero />
        <PlatformStats />
        <FeatureCards />
        <HowItWorks />
        <ClosingCta />
      </div>
    </>
  );
}
