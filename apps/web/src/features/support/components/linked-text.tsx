import { Fragment } from 'react';
import { Link } from 'react-router';

/** Paths of this site that answers may cite; anything else stays plain text. */
const SITE_PATH =
  /(\/(?:cashback|participate|history|stats|profile|private-rooms|sorteios|tutorial|privacy|register|login|forgot-password|support)(?:[/?][\w\-=/?&]*)?)/g;

/**
 * Shows a message as text (never as HTML), turning the site's own paths into links. Line breaks
 * are kept by the container's `whitespace-pre-line`.
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(SITE_PATH);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} to={part} className="font-medium underline underline-offset-2">
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
