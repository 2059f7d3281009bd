import type { LegalDocument } from '@sorteio/shared';
import type { ReactNode } from 'react';

/** Link style of the legal and information pages. */
export const legalLinkClass =
  'font-medium text-primary underline underline-offset-4 hover:opacity-80';

/** 2026-11-24 -> 24/11/2026 (a calendar day: no time zone involved). */
export function formatLegalDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** The page of a legal document: its title, version and effective date, then its sections. */
export function LegalArticle({
  document,
  children,
}: {
  document: LegalDocument;
  children: ReactNode;
}) {
  return (
    <div className="bg-background text-foreground">
      <article className="mx-auto w-full max-w-3xl px-4 py-10 text-base leading-relaxed sm:px-6 sm:py-14">
        <header className="space-y-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
          <p className="text-sm text-muted-foreground">
            Versão {document.version} · Em vigor desde {formatLegalDate(document.effectiveDate)}
          </p>
        </header>
        {children}
      </article>
    </div>
  );
}

export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10 space-y-4 border-t border-border pt-8">
      <h2 id={id} className="text-xl font-semibold tracking-tight sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function LegalSubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-base font-semibold sm:text-lg">{children}</h3>;
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-muted-foreground">{children}</ul>;
}
