import type { Profile, Verification } from '@sorteio/shared';

type ProfileField = 'nomeCompleto' | 'cpf' | 'dataNascimento' | 'chavePix';

const fieldLabels: Record<ProfileField, string> = {
  nomeCompleto: 'Nome completo',
  cpf: 'CPF',
  dataNascimento: 'Data de nascimento',
  chavePix: 'Chave PIX',
};

/** What the server asks for before it accepts the documents (profile.service, verification). */
const verificationFields: readonly ProfileField[] = ['nomeCompleto', 'cpf', 'dataNascimento'];
/** A complete profile: the above, and the PIX key the prizes and withdrawals are sent to. */
const completeProfileFields: readonly ProfileField[] = [...verificationFields, 'chavePix'];

type ProfileFacts = Pick<Profile, ProfileField>;

function missing(profile: ProfileFacts, fields: readonly ProfileField[]): string[] {
  return fields.filter((field) => !profile[field]?.trim()).map((field) => fieldLabels[field]);
}

/** The profile fields still empty that the identity verification needs, by their form labels. */
export function missingVerificationFields(profile: ProfileFacts): string[] {
  return missing(profile, verificationFields);
}

/** The profile fields still empty for a complete profile (verification fields and PIX key). */
export function missingProfileFields(profile: ProfileFacts): string[] {
  return missing(profile, completeProfileFields);
}

/** 'A', 'A e B', 'A, B e C'. */
export function listInPortuguese(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** The verification status as the player reads it: nothing sent yet is not "pending". */
export const verificationStatusLabels: Record<Verification['status'], string> = {
  nao_enviado: 'Não enviado',
  pendente: 'Pendente',
  verificado: 'Verificado',
  rejeitado: 'Rejeitado',
};
