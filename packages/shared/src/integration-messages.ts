/**
 * The texts of the operator's integration screens (spec 001 sections 5 and 8), among them the
 * maintenance page every visitor may see. Apart from the screens' contracts (settings.ts,
 * pix-setup.ts, connections.ts, campaigns.ts, campaign-channels.ts) so the first pages do not
 * build their schemas (re-exported by the package's index under the same names).
 */
/** Spec 001 section 8 and 5: the texts of these screens, quoted. */
export const integrationMessages = {
  settingsSaved: 'Configurações salvas',
  settingsSaveError: 'Erro ao salvar',
  maintenance: 'A plataforma está em manutenção. Tente novamente mais tarde.',
  passwordTooShort: (min: number) => `A senha deve ter pelo menos ${min} caracteres.`,
  inDevelopment: 'Em desenvolvimento',
  credentialsRequired: 'Campos obrigatórios: Por favor, preencha todos os campos.',
  credentialsSaved: 'Credenciais salvas',
  credentialsSaveError: 'Erro ao salvar credenciais',
  certificateInvalidFile: 'Arquivo inválido: Por favor, selecione um arquivo .p12 ou .pfx',
  certificateIncomplete: 'Dados incompletos: Por favor, selecione o certificado e informe a senha',
  certificateSaved: 'Certificado salvo',
  certificateSaveError: 'Erro ao salvar certificado',
  certificateSaveErrorFallback: 'Tente novamente',
  certificateWrongPassword: 'Senha do certificado incorreta ou arquivo corrompido.',
  certificateNotClient:
    'O certificado não é um certificado de cliente (falta o uso "autenticação de cliente").',
  certificateExpired: 'O certificado está expirado.',
  connectionError: 'Erro na conexão',
  connectionRequired: 'Missing required fields',
  connectionInvalidJson: 'A configuração deve ser um JSON válido (um objeto).',
  connectionSaved: 'Conexão salva',
  connectionDeleted: 'Conexão excluída',
  connectionTested: 'Conexão testada',
  connectionTestFailed: 'Não foi possível conectar com o serviço.',
  connectionsLoading: 'Carregando conexões',
  privateAddress:
    'Endereço privado ou local recusado. Ative "Permitir endereços locais" nas configurações para usá-lo.',
  campaignRequired: 'Preencha todos os campos obrigatórios',
  campaignCreated: 'Campanha criada',
  campaignCreateError: 'Erro ao criar campanha',
  campaignStatusUpdated: 'Status atualizado',
  campaignStatusError: 'Erro ao atualizar status',
  campaignRunError: 'Erro ao executar campanha',
  campaignNotActive: 'Só uma campanha ativa pode ser executada.',
  campaignSmsOff:
    'O envio de SMS está desativado nas configurações da plataforma. Ative-o para executar campanhas de SMS.',
  campaignsLoading: 'Carregando campanhas',
  unsubscribed: 'Você não receberá mais e-mails de campanhas.',
} as const;
