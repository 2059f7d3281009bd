/** Counts in agreement ('1 vitória', '2 vitórias'): the one helper lives in the shared package. */
export { countOf, plural } from '@sorteio/shared/wording';
