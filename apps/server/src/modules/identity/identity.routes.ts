import {
  MAX_UPLOAD_BYTES,
  submitVerificationFieldsSchema,
  verificationSchema,
} from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../lib/authz';
import { AppError } from '../../lib/errors';
import type { App } from '../../lib/fastify';
import type { FileStorage } from '../../lib/storage';
import { clientInfo } from '../../lib/request';
import type { IdentityQueue } from './identity-queue';
import {
  type UploadedImage,
  getVerification,
  readVerificationFile,
  submitVerification,
} from './identity.service';

const fileKindParams = z.object({
  kind: z.enum(['documento', 'selfie'], { error: 'Arquivo inválido.' }),
});

/** The multipart form of a submission: the two images and the document fields, checked. */
async function readVerificationUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', {
      message: 'Envie o formulário com os arquivos (multipart/form-data).',
    });
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedImage> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'documento' && part.fieldname !== 'selfie') {
          await part.toBuffer();
          continue;
        }
        files[part.fieldname] = { data: await part.toBuffer(), filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        message: `Cada imagem deve ter no máximo ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
      });
    }
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION_ERROR', {
        message: 'Envie apenas o documento e a selfie.',
      });
    throw error;
  }
  const parsed = submitVerificationFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', {
      message: parsed.error.issues[0]?.message ?? 'Dados inválidos.',
    });
  }
  return { fields: parsed.data, documento: files.documento, selfie: files.selfie };
}

/**
 * The player's own identity check: its state, sending the document and the selfie, and reading
 * the stored images back. The staff's review of it is an admin panel screen (admin-users.routes).
 */
export function registerIdentityRoutes(
  app: App,
  { db, storage, identity }: { db: Db; storage: FileStorage; identity: IdentityQueue },
) {
  app.get(
    '/api/profile/verification',
    {
      schema: {
        tags: ['profile'],
        summary: 'Estado da minha verificação de identidade',
        response: { 200: verificationSchema },
      },
    },
    async (request) => getVerification({ db, userId: (await requireUser(request)).id }),
  );

  app.post(
    '/api/profile/verification',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['profile'],
        summary: 'Enviar documento e selfie (multipart)',
        response: { 200: verificationSchema },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const upload = await readVerificationUpload(request);
      return submitVerification({
        db,
        storage,
        userId: me.id,
        ...upload,
        analyze: (userId) => identity.enqueue(userId),
        client: clientInfo(request),
      });
    },
  );

  app.get(
    '/api/profile/verification/files/:kind',
    {
      schema: {
        tags: ['profile'],
        summary: 'Minha foto de documento ou selfie',
        params: fileKindParams,
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const file = await readVerificationFile({
        db,
        storage,
        userId: me.id,
        kind: request.params.kind,
      });
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}
