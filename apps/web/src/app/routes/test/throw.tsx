/** Test-only (VITE_TEST_ROUTES=1): fails during render so e2e tests can see the error screen. */
export default function ThrowPage(): never {
  throw new Error('Erro de teste proposital');
}
