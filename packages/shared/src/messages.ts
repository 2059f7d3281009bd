/** Portuguese texts used by both the server and the web app, quoted from the specification. */
export const messages = {
  notFound: {
    code: '404',
    title: 'Página não encontrada',
    body: 'Oops! A página que você está procurando não existe ou foi movida.',
    home: 'Ir para Home',
    back: 'Voltar',
  },
  errorFallback: {
    title: 'Oops! Algo deu errado',
    body: 'Ocorreu um erro inesperado. Nossa equipe foi notificada.',
    retry: 'Tentar Novamente',
    reload: 'Recarregar Página',
    persist: 'Se o problema persistir, entre em contato com o suporte.',
  },
  underConstruction: {
    title: 'Em construção',
    body: 'Esta área da plataforma está sendo preparada e estará disponível em breve.',
  },
} as const;
