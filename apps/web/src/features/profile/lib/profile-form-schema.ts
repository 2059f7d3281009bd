import {
  maskCpf,
  maskPhone,
  normalizePixKey,
  updateProfileInputSchema,
  type PixKeyType,
  type Profile,
  type UpdateProfileInput,
} from '@sorteio/shared';

/**
 * The shared contract plus the PIX key check by its type, under the key field. The check waits
 * until the type and the key themselves are valid, so one message shows at a time.
 */
export const profileFormSchema = updateProfileInputSchema.refine(
  (value) => normalizePixKey(value.chavePixTipo, value.chavePix).ok,
  {
    path: ['chavePix'],
    error: (issue) => {
      const value = issue.input as { chavePixTipo: PixKeyType; chavePix: string };
      const result = normalizePixKey(value.chavePixTipo, value.chavePix);
      return result.ok ? undefined : result.message;
    },
    when: (payload) =>
      !payload.issues.some((i) => i.path?.[0] === 'chavePix' || i.path?.[0] === 'chavePixTipo'),
  },
);

/** The saved profile as form values: masks applied, empty strings for what is missing. */
export function toFormValues(profile: Profile): Required<UpdateProfileInput> {
  return {
    nomeCompleto: profile.nomeCompleto ?? '',
    chavePixTipo: profile.chavePixTipo ?? 'cpf',
    chavePix: profile.chavePix ?? '',
    cpf: profile.cpf ? maskCpf(profile.cpf) : '',
    telefone: profile.telefone ? maskPhone(profile.telefone) : '',
    dataNascimento: profile.dataNascimento?.slice(0, 10) ?? '',
    enderecoCompleto: profile.enderecoCompleto ?? '',
  };
}

/** What PUT /api/profile receives: the fields as typed (the server normalizes them). */
export function toUpdateInput(values: UpdateProfileInput): UpdateProfileInput {
  return {
    nomeCompleto: values.nomeCompleto.trim(),
    chavePixTipo: values.chavePixTipo,
    chavePix: values.chavePix.trim(),
    cpf: values.cpf?.trim() ?? '',
    telefone: values.telefone?.trim() ?? '',
    dataNascimento: values.dataNascimento ?? '',
    enderecoCompleto: values.enderecoCompleto?.trim() ?? '',
  };
}

export const pixKeyPlaceholders: Record<PixKeyType, string> = {
  cpf: 'Ex.: 000.000.000-00',
  email: 'Ex.: voce@exemplo.com.br',
  telefone: 'Ex.: (11) 91234-5678',
  aleatoria: 'Ex.: 123e4567-e89b-12d3-a456-426614174000',
};
