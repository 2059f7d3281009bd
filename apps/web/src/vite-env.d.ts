/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' adds the /__test/* routes used by the end-to-end suite. */
  readonly VITE_TEST_ROUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
