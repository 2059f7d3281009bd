import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy chunks (the charts, the admin tabs) are transformed on first import, which on a busy
// two-core machine takes longer than Testing Library's default second. A wait that ends early
// costs nothing; only a failing query waits the full time.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
