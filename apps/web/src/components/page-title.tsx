import { PRODUCT_NAME } from '@/components/brand';

/** Sets the document title; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title?: string }) {
  return (
    <title>
      {title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} — sorteios verificáveis com PIX`}
    </title>
  );
}
