import { PASSWORD_MIN, passwordTooShortMessage } from '@sorteio/shared';
import { isApiError } from '@/lib/api-client';

export interface ToastText {
  title: string;
  message: string;
}

const LOGIN_ERROR = 'Erro ao fazer login';

/** The sign-in errors of spec 000 section 8, chosen by the auth library's reason. */
export function signInErrorText(error: unknown): ToastText {
  if (isApiError(error)) {
    if (error.reason === 'INVALID_EMAIL_OR_PASSWORD') {
      return {
        title: LOGIN_ERROR,
        message: 'E-mail ou senha incorretos. Verifique suas credenciais.',
      };
    }
    if (error.reason === 'EMAIL_NOT_VERIFIED') {
      return {
        title: LOGIN_ERROR,
        message:
          'Você precisa confirmar seu e-mail antes de fazer login. Verifique sua caixa de entrada.',
      };
    }
    return { title: LOGIN_ERROR, message: error.message };
  }
  return { title: LOGIN_ERROR, message: 'Algo deu errado. Tente novamente mais tarde.' };
}

export function isEmailNotVerified(error: unknown): boolean {
  return isApiError(error) && error.reason === 'EMAIL_NOT_VERIFIED';
}

export const INVALID_CODE_TEXT: ToastText = {
  title: 'Código inválido',
  message: 'O código informado está incorreto ou expirou.',
};

const REGISTER_ERROR = 'Erro ao registrar';

/** Sign-up errors (spec 000 section 8: 'Erro ao registrar' with the provider message). */
export function signUpErrorText(error: unknown): ToastText {
  if (isApiError(error)) {
    // Newer versions of the auth library name the same case ..._USE_ANOTHER_EMAIL.
    if (error.reason?.startsWith('USER_ALREADY_EXISTS')) {
      return { title: REGISTER_ERROR, message: 'Este e-mail já está cadastrado.' };
    }
    return { title: REGISTER_ERROR, message: error.message };
  }
  return { title: REGISTER_ERROR, message: 'Algo deu errado. Tente novamente mais tarde.' };
}

/**
 * Forgot-password failures: an answer from the server means the e-mail could not be sent; no
 * answer at all (or anything else) is the unexpected case (spec 000 section 8).
 */
export function recoveryErrorText(error: unknown): ToastText {
  if (isApiError(error) && error.status !== 0) {
    return {
      title: 'Erro ao enviar e-mail',
      message:
        'Não foi possível enviar o e-mail de recuperação. Tente novamente em alguns minutos.',
    };
  }
  return { title: 'Erro inesperado', message: 'Algo deu errado. Tente novamente mais tarde.' };
}

/** The reset-password checks of spec 000 section 5, in the order the spec lists them. */
export function newPasswordProblem(
  password: string,
  confirm: string,
  /** The setting "Tamanho mínimo da senha" (public settings); the floor until it is known. */
  minLength: number = PASSWORD_MIN,
): ToastText | null {
  if (password === '' || confirm === '') {
    return { title: 'Campos obrigatórios', message: 'Preencha todos os campos.' };
  }
  if (password !== confirm) {
    return { title: 'Senhas não coincidem', message: 'As senhas digitadas não são iguais.' };
  }
  if (password.length < minLength) {
    return { title: 'Senha muito fraca', message: passwordTooShortMessage(minLength) };
  }
  if (password.length > 128) {
    return { title: 'Senha muito longa', message: 'A senha deve ter no máximo 128 caracteres.' };
  }
  return null;
}
