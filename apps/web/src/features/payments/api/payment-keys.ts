/** Query keys of the participation payment page. */
export const paymentKeys = {
  all: ['payments'] as const,
  participationCharge: (participacaoId: string) =>
    [...paymentKeys.all, 'participation-charge', participacaoId] as const,
};
