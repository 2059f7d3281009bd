import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_UPLOAD_BYTES } from '@sorteio/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { rememberRoomToReturn, roomToReturn } from '@/lib/return-to-room';
import { accountApi, baseProfile, notSent } from '../test-data';
import { VerificationTab } from './verification-tab';

const routes = [{ path: '/profile', element: <VerificationTab onGoToProfile={() => undefined} /> }];

function image(name: string, type = 'image/jpeg', size = 1024) {
  return new File([new Uint8Array(size)], name, { type });
}

/** A verification sent with both images, waiting for its review. */
const sentForReview = {
  ...notSent,
  status: 'pendente' as const,
  tipoDocumento: 'rg' as const,
  numeroDocumento: '123456789',
  submittedAt: '2025-01-02T15:30:00.000Z',
  hasDocument: true,
  hasSelfie: true,
};

describe('VerificationTab', () => {
  it('asks for an image when the document photo or selfie is missing', async () => {
    const submit = vi.fn(() => ({ body: notSent }));
    mockApi({ ...accountApi(), 'POST /api/profile/verification': submit });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Número do documento'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(await screen.findByText('Erro ao Enviar')).toBeDefined();
    // The toast, and the message under each empty file field.
    expect(screen.getAllByText('Por favor, selecione uma imagem.')).toHaveLength(3);
    expect(submit).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image, and warns about a large one', async () => {
    mockApi(accountApi());
    renderRoutes(routes, '/profile');
    const user = userEvent.setup({ applyAccept: false });
    const documento = await screen.findByLabelText('Foto do documento');
    expect(documento.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    await user.upload(documento, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Por favor, selecione uma imagem.')).toBeDefined();
    await user.upload(documento, image('grande.jpg', 'image/jpeg', MAX_UPLOAD_BYTES + 1));
    expect(await screen.findByText('A imagem deve ter no máximo 8 MB.')).toBeDefined();
  });

  it('sends both images with the document data as multipart', async () => {
    let form: FormData | undefined;
    mockApi({
      ...accountApi(),
      'POST /api/profile/verification': ({ rawBody }) => {
        form = rawBody as FormData;
        return {
          body: {
            ...sentForReview,
            tipoDocumento: 'cnh',
          },
        };
      },
    });
    renderRoutes(routes, '/profile');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Tipo de documento'), 'cnh');
    await user.type(screen.getByLabelText('Número do documento'), '123456789');
    await user.upload(screen.getByLabelText('Foto do documento'), image('doc.jpg'));
    await user.upload(screen.getByLabelText('Selfie'), image('selfie.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));

    expect(await screen.findByText('Documento Enviado')).toBeDefined();
    expect(form?.get('tipoDocumento')).toBe('cnh');
    expect(form?.get('numeroDocumento')).toBe('123456789');
    expect((form?.get('documento') as File).name).toBe('doc.jpg');
    expect((form?.get('selfie') as File).name).toBe('selfie.png');
    // The tab now shows the analysis state and the images sent.
    expect(await screen.findByText('Verificação em análise')).toBeDefined();
    expect(
      screen.getAllByText(
        'Seus documentos foram enviados e estão em análise. A análise pode levar alguns dias.',
      ),
    ).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Selfie enviada' }).getAttribute('src')).toContain(
      '/api/profile/verification/files/selfie',
    );
    expect(screen.queryByRole('button', { name: 'Enviar documentos' })).toBeNull();
  });

  it('shows the progress of the automated checks while they run', async () => {
    mockApi(
      accountApi({
        verification: {
          ...sentForReview,
          analise: {
            state: 'em_andamento',
            progress: 45,
            step: 'Procurando o rosto no documento',
            pendingReasons: [],
          },
        },
      }),
    );
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Verificação automática em andamento')).toBeDefined();
    const bar = screen.getByRole('progressbar', { name: 'Progresso da verificação automática' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText('Procurando o rosto no documento (45%)')).toBeDefined();
  });

  it('tells which check waits for manual review and why, not only how long', async () => {
    mockApi(
      accountApi({
        verification: {
          ...sentForReview,
          analise: {
            state: 'concluida',
            progress: 100,
            step: null,
            pendingReasons: [
              'não conseguimos ler o CPF na foto do documento',
              'a foto do documento está desfocada',
            ],
          },
        },
      }),
    );
    renderRoutes(routes, '/profile');
    const alert = (await screen.findByText('Documento em análise manual')).closest(
      '[role="status"]',
    ) as HTMLElement;
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Não conseguimos ler o CPF na foto do documento.',
      'A foto do documento está desfocada.',
    ]);
    expect(within(alert).getByText(/pode levar alguns dias/)).toBeDefined();
    // The state keeps its title; the manual review and its reasons are said under it.
    expect(within(alert).getByText('Verificação em análise')).toBeDefined();
  });

  it('shows the reason of a rejection and the form again', async () => {
    mockApi(
      accountApi({
        verification: {
          ...notSent,
          status: 'rejeitado',
          motivoRejeicao: 'A foto do documento está ilegível.',
          hasDocument: true,
          hasSelfie: true,
        },
      }),
    );
    renderRoutes(routes, '/profile');
    const alert = (await screen.findByText('Verificação rejeitada')).closest('[role="status"]');
    expect(
      within(alert as HTMLElement).getByText('A foto do documento está ilegível.'),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Enviar documentos' })).toBeDefined();
  });

  it('shows a verified identity without the form', async () => {
    mockApi(accountApi({ verification: { ...notSent, status: 'verificado' } }));
    renderRoutes(routes, '/profile');
    expect(
      await screen.findByText('Identidade verificada! Você já pode participar dos sorteios.'),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Enviar documentos' })).toBeNull();
  });

  it('names the profile fields to fill before sending', async () => {
    mockApi(accountApi({ profile: { ...baseProfile, cpf: null, dataNascimento: null } }));
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Antes de enviar, complete seu perfil')).toBeDefined();
    expect(screen.getByText('CPF e Data de nascimento')).toBeDefined();
    const fields = screen.getByRole('list', { name: 'Campos do perfil a preencher' });
    expect(
      within(fields)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CPF', 'Data de nascimento']);
    expect(screen.getByRole('button', { name: 'Completar perfil' })).toBeDefined();
    expect(screen.getByText(/Somente maiores de 18 anos/)).toBeDefined();
    expect(screen.getByText(/a verificação automática é instantânea/)).toBeDefined();
  });

  it('asks for nothing more when the profile is complete', async () => {
    mockApi(accountApi({ profile: { ...baseProfile, cpf: '52998224725' } }));
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Antes de enviar')).toBeDefined();
    expect(screen.queryByRole('list', { name: 'Campos do perfil a preencher' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Completar perfil' })).toBeNull();
  });

  it("reads 'Não enviado' before any upload, not 'Pendente'", async () => {
    mockApi(accountApi());
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Não enviado')).toBeDefined();
    expect(screen.getByText('Situação:')).toBeDefined();
    expect(screen.queryByText('Pendente')).toBeNull();
  });

  it('takes the player back to the room they tried to join once approved', async () => {
    sessionStorage.clear();
    rememberRoomToReturn({ path: '/participate?sala_id=s-1', name: 'Sala ouro' });
    mockApi(accountApi({ verification: { ...notSent, status: 'verificado' } }));
    const { router } = renderRoutes(
      [...routes, { path: '/participate', element: <h1>A sala</h1> }],
      '/profile',
    );
    expect(await screen.findByText('Verificado')).toBeDefined();
    expect(
      screen.getByText(
        'Você tentou entrar na Sala ouro antes da verificação. Agora já pode participar.',
      ),
    ).toBeDefined();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Voltar para a sala' }));
    expect(await screen.findByRole('heading', { name: 'A sala' })).toBeDefined();
    expect(router.state.location.search).toBe('?sala_id=s-1');
    expect(roomToReturn()).toBeNull();
  });

  it('offers no way back when no join was refused', async () => {
    sessionStorage.clear();
    mockApi(accountApi({ verification: { ...notSent, status: 'verificado' } }));
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Verificado')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Voltar para a sala' })).toBeNull();
  });
});
