/**
 * Canais de contato oficiais do Sorteio Certo.
 * Altere aqui para atualizar todas as páginas que exibem esses dados.
 */
export const contact = {
  email: 'suporte@sorteiocerto.com.br',
  whatsapp: '(11) 4000-0000',
  whatsappLink: 'https://wa.me/551140000000',
  dpoEmail: 'privacidade@sorteiocerto.com.br',
} as const;
