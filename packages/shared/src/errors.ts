/**
 * The one list of error codes the API answers with. The server throws AppError(code); the web app
 * shows `message` from the answer, or the default text below for the code.
 */
export const errorCodes = {
  VALIDATION_ERROR: {
    status: 400,
    message: 'Dados inválidos. Verifique as informações informadas.',
  },
  BAD_REQUEST: { status: 400, message: 'Requisição inválida.' },
  UNAUTHENTICATED: { status: 401, message: 'Usuário não autenticado' },
  FORBIDDEN: { status: 403, message: 'Você não tem permissão para esta ação.' },
  NOT_FOUND: { status: 404, message: 'Recurso não encontrado.' },
  CONFLICT: {
    status: 409,
    message: 'Dados duplicados detectados. Verifique as informações informadas.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Arquivo grande demais.' },
  UNSUPPORTED_MEDIA: { status: 415, message: 'Tipo de arquivo não suportado.' },
  RATE_LIMITED: { status: 429, message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' },
  INTERNAL: { status: 500, message: 'Erro interno. Tente novamente mais tarde.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Serviço indisponível no momento. Tente novamente em instantes.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** The body of every error answer from /api. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    requestId?: string;
    /** A finer reason for some codes (e.g. the auth library's EMAIL_NOT_VERIFIED). */
    reason?: string;
    issues?: { path: string; message: string }[];
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export function defaultMessage(code: ErrorCode): string {
  return errorCodes[code].message;
}
