import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the address ("...em https://x/y."). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>]+$/;

/** Splits plain text into strings and clickable links; only http(s) addresses become links. */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a
        key={start}
        href={url}
        className="font-medium break-all text-primary underline underline-offset-2"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function LinkifiedText({ text }: { text: string }) {
  return (
    <pre className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap">
      {linkify(text)}
    </pre>
  );
}
