/**
 * Test support: the endpoints of the fake EFI Pix API (fake-efi-server.ts), in the documented
 * shapes (https://dev.efipay.com.br/docs/api-pix/) of those the adapter uses: POST /oauth/token,
 * PUT/GET /v2/cob/:txid, GET /v2/loc/:id/qrcode, PUT /v3/gn/pix/:idEnvio,
 * GET /v2/gn/pix/enviados/id-envio/:idEnvio and PUT /v2/webhook/:chave.
 * Not for production code.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import { parseAmount } from '../pix-provider';
import {
  AMOUNT,
  type FakeCharge,
  type FakeEfi,
  type FakeSentPix,
  ID_ENVIO,
  TXID,
  cobResponse,
  invalid,
  randomE2eId,
  send,
} from './fake-efi-wire';

/** The fake's recorded state, read and changed by its endpoints and its test controls. */
export type FakeEfiState = Omit<FakeEfi, 'baseUrl' | 'close'>;

/**
 * The fake's router: the OAuth token endpoint, then the Pix endpoints behind a bearer token
 * (`tokens`: each issued token with its expiry in epoch ms).
 */
export function fakeEfiRoutes(fake: FakeEfiState, tokens: Map<string, number>) {
  let nextLocId = 1;

  return async function route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: unknown,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const p = url.pathname;

    if (method === 'POST' && p === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        send(res, 401, {
          error: 'invalid_client',
          error_description: 'Invalid or inactive credentials',
        });
        return;
      }
      if ((body as { grant_type?: unknown } | null)?.grant_type !== 'client_credentials') {
        send(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'grant_type must be client_credentials',
        });
        return;
      }
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, Date.now() + fake.tokenExpiresIn * 1000);
      fake.counters.tokensIssued++;
      send(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: fake.tokenExpiresIn,
        scope:
          'cob.read cob.write pix.read pix.write pix.send gn.pix.send.read webhook.read webhook.write',
      });
      return;
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      send(res, 401, { nome: 'nao_autorizado', mensagem: 'Token de acesso inválido ou expirado' });
      return;
    }

    let match: RegExpExecArray | null;
    if ((match = /^\/v2\/cob\/([^/]+)$/.exec(p))) {
      const txid = decodeURIComponent(match[1]!);
      if (method === 'PUT') {
        if (!TXID.test(txid))
          return invalid(res, 'Campo txid deve ter entre 26 e 35 caracteres alfanuméricos');
        const b = body as Partial<FakeCharge['body']> | null;
        const expiracao = b?.calendario?.expiracao;
        if (typeof expiracao !== 'number' || !Number.isInteger(expiracao) || expiracao <= 0) {
          return invalid(res, 'Campo calendario.expiracao deve ser maior que zero');
        }
        const original = b?.valor?.original;
        if (typeof original !== 'string' || !AMOUNT.test(original) || parseAmount(original) === 0) {
          return invalid(res, 'Campo valor.original deve ser maior que zero');
        }
        if (b?.chave !== fake.pixKey) {
          send(res, 400, {
            nome: 'chave_invalida',
            mensagem: 'A chave informada não faz referência à conta Efí autenticada',
          });
          return;
        }
        const solicitacao = b.solicitacaoPagador;
        if (
          solicitacao !== undefined &&
          (typeof solicitacao !== 'string' || solicitacao.length > 140)
        ) {
          return invalid(res, 'Campo solicitacaoPagador deve ter no máximo 140 caracteres');
        }
        if (fake.charges.has(txid)) {
          send(res, 409, {
            nome: 'txid_duplicado',
            mensagem: 'Campo txid informado já foi utilizado em outra cobrança',
          });
          return;
        }
        const charge: FakeCharge = {
          txid,
          locId: nextLocId++,
          status: 'ATIVA',
          body: {
            calendario: { expiracao },
            valor: { original },
            chave: b.chave,
            ...(solicitacao === undefined ? {} : { solicitacaoPagador: solicitacao }),
          },
          criacao: new Date().toISOString(),
          pix: [],
        };
        fake.charges.set(txid, charge);
        send(res, 201, cobResponse(charge));
        return;
      }
      if (method === 'GET') {
        const charge = fake.charges.get(txid);
        if (!charge) {
          send(res, 404, {
            nome: 'cobranca_nao_encontrada',
            mensagem: 'Nenhuma cobrança encontrada para o txid informado',
          });
          return;
        }
        send(res, 200, cobResponse(charge));
        return;
      }
    }

    if (method === 'GET' && (match = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(p))) {
      const locId = Number(match[1]);
      const charge = [...fake.charges.values()].find((c) => c.locId === locId);
      if (!charge) {
        send(res, 404, {
          nome: 'location_nao_encontrada',
          mensagem: 'Nenhuma location encontrada para o identificador informado',
        });
        return;
      }
      const { pixCopiaECola } = cobResponse(charge);
      send(res, 200, {
        qrcode: pixCopiaECola,
        imagemQrcode: await QRCode.toDataURL(pixCopiaECola, {
          errorCorrectionLevel: 'M',
          margin: 1,
        }),
        linkVisualizacao: `https://pix.fake-efi.test/cob/pagar/${charge.txid}`,
      });
      return;
    }

    if (method === 'PUT' && (match = /^\/v3\/gn\/pix\/([^/]+)$/.exec(p))) {
      const idEnvio = decodeURIComponent(match[1]!);
      if (!ID_ENVIO.test(idEnvio))
        return invalid(res, 'Campo idEnvio deve ter entre 1 e 35 caracteres alfanuméricos');
      const b = body as {
        valor?: unknown;
        pagador?: { chave?: unknown; infoPagador?: unknown };
        favorecido?: { chave?: unknown };
      } | null;
      if (typeof b?.valor !== 'string' || !AMOUNT.test(b.valor) || parseAmount(b.valor) === 0) {
        return invalid(res, 'Campo valor deve ser maior que zero');
      }
      if (b.pagador?.chave !== fake.pixKey) {
        send(res, 400, {
          nome: 'chave_invalida',
          mensagem: 'A chave informada não faz referência à conta Efí autenticada',
        });
        return;
      }
      if (typeof b.favorecido?.chave !== 'string' || b.favorecido.chave.length === 0) {
        return invalid(res, 'Campo favorecido.chave é obrigatório');
      }
      const infoPagador = b.pagador.infoPagador;
      if (
        infoPagador !== undefined &&
        (typeof infoPagador !== 'string' || infoPagador.length > 140)
      ) {
        return invalid(res, 'Campo pagador.infoPagador deve ter no máximo 140 caracteres');
      }
      if (fake.sent.has(idEnvio)) {
        send(res, 409, {
          nome: 'id_envio_duplicado',
          mensagem: 'O id de envio informado já foi utilizado em outro pagamento',
        });
        return;
      }
      const sent: FakeSentPix = {
        idEnvio,
        e2eId: randomE2eId(),
        valor: b.valor,
        chave: fake.pixKey,
        favorecido: { chave: b.favorecido.chave },
        ...(infoPagador === undefined ? {} : { infoPagador }),
        solicitacao: new Date().toISOString(),
        status: 'EM_PROCESSAMENTO',
      };
      fake.sent.set(idEnvio, sent);
      fake.counters.transfersMade++;
      send(res, 201, {
        idEnvio,
        e2eId: sent.e2eId,
        valor: sent.valor,
        horario: { solicitacao: sent.solicitacao },
        status: sent.status,
      });
      return;
    }

    if (method === 'GET' && (match = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/.exec(p))) {
      const sent = fake.sent.get(decodeURIComponent(match[1]!));
      if (!sent) {
        // This endpoint answers in the Banco Central problem format.
        send(res, 404, {
          type: 'https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado',
          title: 'Não Encontrado',
          status: 404,
          detail: 'Pix enviado não encontrado para o idEnvio informado.',
        });
        return;
      }
      send(res, 200, {
        endToEndId: sent.e2eId,
        idEnvio: sent.idEnvio,
        valor: sent.valor,
        chave: sent.chave,
        status: sent.status,
        ...(sent.infoPagador === undefined ? {} : { infoPagador: sent.infoPagador }),
        horario: {
          solicitacao: sent.solicitacao,
          ...(sent.status === 'REALIZADO' ? { liquidacao: new Date().toISOString() } : {}),
        },
        favorecido: sent.favorecido,
      });
      return;
    }

    if (method === 'PUT' && (match = /^\/v2\/webhook\/([^/]+)$/.exec(p))) {
      const chave = decodeURIComponent(match[1]!);
      const webhookUrl = (body as { webhookUrl?: unknown } | null)?.webhookUrl;
      if (chave !== fake.pixKey) {
        send(res, 400, {
          nome: 'chave_invalida',
          mensagem: 'A chave informada não faz referência à conta Efí autenticada',
        });
        return;
      }
      if (typeof webhookUrl !== 'string' || !webhookUrl.startsWith('https://')) {
        send(res, 400, { nome: 'webhook_invalido', mensagem: 'A URL do webhook deve usar https' });
        return;
      }
      const skip = req.headers['x-skip-mtls-checking'];
      fake.webhooks.set(chave, {
        webhookUrl,
        skipMtlsChecking: Array.isArray(skip) ? skip[0] : skip,
      });
      send(res, 200, { webhookUrl, chave, criacao: new Date().toISOString() });
      return;
    }

    send(res, 404, { nome: 'recurso_nao_encontrado', mensagem: `Rota ${method} ${p} não existe` });
  };
}
