import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text';

describe('LinkifiedText', () => {
  it('turns http(s) addresses into links and keeps the rest as text', () => {
    render(
      <LinkifiedText
        text={
          'Confirme em https://sorteio.test/api/auth/verify?token=abc&x=1.\nOu copie http://a.b/c'
        }
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://sorteio.test/api/auth/verify?token=abc&x=1',
      'http://a.b/c',
    ]);
    expect(document.body.textContent).toContain('Confirme em ');
    expect(document.body.textContent).toContain('x=1.\nOu copie');
  });

  it('does not link other schemes', () => {
    render(<LinkifiedText text="javascript:alert(1) mailto:a@b.c" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
