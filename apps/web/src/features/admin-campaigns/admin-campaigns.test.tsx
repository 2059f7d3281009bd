import type { Campaign, CampaignReport } from '@sorteio/shared';
import { defaultCampaignChannelSettings, defaultTargetCriteria } from '@sorteio/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import AdminCampaignsTab from '.';

const base: Campaign = {
  id: '11111111-1111-4111-8111-111111111111',
  campaign_name: 'Newsletter de março',
  campaign_type: 'email',
  channel: 'email',
  status: 'active',
  email_subject: 'Oi {{nome}}',
  email_template: 'Temos salas novas, {{nome}}.',
  sms_text: '',
  target_criteria: defaultTargetCriteria,
  budget_centavos: 50_000,
  cost_centavos: 1_234,
  start_date: '2030-03-01',
  end_date: '2030-03-20',
  progress: 40,
  queued_count: 120,
  sent_count: 120,
  opened_count: 30,
  clicked_count: 10,
  conversion_count: 6,
  success_rate: 25,
  created_at: '2030-03-01T12:00:00.000Z',
  updated_at: '2030-03-01T12:00:00.000Z',
};
const sms: Campaign = {
  ...base,
  id: '22222222-2222-4222-8222-222222222222',
  campaign_name: 'SMS de volta',
  campaign_type: 'sms',
  channel: 'sms',
  status: 'completed',
  email_template: '',
  sms_text: 'Oi {{nome}}',
  progress: 100,
  queued_count: 10,
  sent_count: 8,
};
const stats = {
  campaigns: 2,
  active: 1,
  sent: 128,
  opened: 30,
  clicked: 10,
  conversions: 7,
  reach: 100,
  conversionRate: 7,
  investmentCentavos: 1_234,
  budgetCentavos: 100_000,
  averagePropensity: 42.5,
};
/** The only day of the report is also its total. */
const oneDay = {
  queued: 10,
  sent: 8,
  delivered: 7,
  failed: 1,
  opened: null,
  clicked: null,
  conversions: 1,
  cost_centavos: 80,
};
const report: CampaignReport = {
  campaign: sms,
  conversion_window_days: 7,
  days: [{ day: '2030-03-02', ...oneDay }],
  total: { day: null, ...oneDay },
};

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/me': { body: { user: adminUser } },
    'GET /api/admin/campaigns': { body: { items: [base, sms] } },
    'GET /api/admin/campaigns/stats': { body: stats },
    ...extra,
  });
  renderWithProviders(<AdminCampaignsTab />);
  const urls = () =>
    fetchMock.mock.calls.map(([input, init]) => ({
      method: (init?.method ?? 'GET').toUpperCase(),
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
  return { fetchMock, urls };
}

describe('admin remarketing tab', { timeout: 20_000 }, () => {
  it("'Executar' keeps its toast when the screen re-renders while the run is on its way", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    setup({
      [`POST /api/admin/campaigns/${base.id}/run`]: async () => {
        await answered;
        return {
          body: { queued: 5, skipped_budget: 0, skipped_frequency: 0, deferred_until: null },
        };
      },
    });
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Executar Newsletter de março' },
        { timeout: 8000 },
      ),
    );
    // Something else on the screen changes meanwhile (here the filters open): the row's buttons
    // must stay the same, or the run's confirmation dies with the replaced ones.
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    release();
    expect(await screen.findByText('Campanha executada')).toBeDefined();
    expect(screen.getByText('5 e-mails na fila de envio.')).toBeDefined();
  });

  it('shows the four summary tiles from the stats and each period as a progress bar', async () => {
    setup();
    expect(await screen.findByText('Newsletter de março', {}, { timeout: 8000 })).toBeDefined();
    for (const label of ['Alcance total', 'Taxa de conversão', 'Conversões', 'Investimento'])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.body.textContent).toMatch(/de R\$\s1\.000,00 orçados/));
    expect(document.body.textContent).toMatch(/R\$\s12,34/);
    expect(document.body.textContent).toContain('7,0%');
    const bar = screen.getByRole('progressbar', { name: 'Progresso de Newsletter de março' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(
      screen
        .getByRole('progressbar', { name: 'Progresso de SMS de volta' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    const table = screen.getByRole('table', { name: 'Campanhas' });
    expect(within(table).getByText('Concluída')).toBeDefined();
    expect(within(table).getByText('Ativa')).toBeDefined();
    // A completed campaign neither toggles nor runs.
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Executar SMS de volta' }).disabled,
    ).toBe(true);
  });

  it('filters the list by status and channel on the server', async () => {
    const user = userEvent.setup();
    const { urls } = setup();
    await screen.findByText('Newsletter de março', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await user.selectOptions(screen.getByLabelText('Canal'), 'sms');
    await waitFor(() =>
      expect(urls().map((u) => u.url)).toContain(
        '/api/admin/campaigns?status=completed&channel=sms',
      ),
    );
  });

  it('edits a campaign: refuses a blank name, then sends the changes', async () => {
    const user = userEvent.setup();
    const { urls } = setup({
      'PUT /api/admin/campaigns/11111111-1111-4111-8111-111111111111': ({ body }) => ({
        body: { ...base, ...(body as object) },
      }),
    });
    await screen.findByText('Newsletter de março', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Editar Newsletter de março' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar campanha' });
    const name = within(dialog).getByLabelText<HTMLInputElement>('Nome da campanha');
    expect(name.value).toBe('Newsletter de março');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Tipo de campanha').disabled).toBe(
      true,
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Orçamento (R$)').value).toBe('500,00');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Erro ao atualizar campanha: Preencha todos os campos obrigatórios',
    );
    expect(urls().some((u) => u.method === 'PUT')).toBe(false);

    await user.type(name, 'Newsletter de abril');
    const budget = within(dialog).getByLabelText('Orçamento (R$)');
    await user.clear(budget);
    await user.type(budget, '750,50');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(urls().some((u) => u.method === 'PUT')).toBe(true));
    const put = urls().find((u) => u.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/campaigns/11111111-1111-4111-8111-111111111111');
    expect(put.body).toMatchObject({
      campaign_name: 'Newsletter de abril',
      budget_centavos: 75_050,
      start_date: '2030-03-01',
      end_date: '2030-03-20',
    });
    expect(await screen.findByText('Campanha atualizada')).toBeDefined();
  });

  it('opens the report with what the channel cannot measure and the CSV download', async () => {
    const user = userEvent.setup();
    setup({ [`GET /api/admin/campaigns/${sms.id}/report`]: { body: report } });
    await screen.findByText('SMS de volta', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Relatório de SMS de volta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relatório da campanha' });
    const table = await within(dialog).findByRole('table', { name: 'Relatório por dia' });
    expect(within(table).getAllByText('não disponível')).toHaveLength(4);
    expect(within(table).getByText('02/03/2030')).toBeDefined();
    const link = within(dialog).getByRole('link', { name: 'Baixar CSV' });
    expect(link.getAttribute('href')).toBe(`/api/admin/campaigns/${sms.id}/report.csv`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('validates the channel defaults before saving them', async () => {
    const user = userEvent.setup();
    const { urls } = setup({
      'GET /api/admin/campaigns/channel-settings': { body: defaultCampaignChannelSettings },
      'PUT /api/admin/campaigns/channel-settings': ({ body }) => ({ body }),
    });
    await screen.findByText('Newsletter de março', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Configurar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar canais' });
    const cap = await within(dialog).findByLabelText('Limite por jogador por semana');
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'O limite semanal deve ser de 1 a 50 mensagens por jogador.',
    );
    expect(urls().some((u) => u.method === 'PUT')).toBe(false);
    await user.clear(cap);
    await user.type(cap, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(urls().some((u) => u.method === 'PUT')).toBe(true));
    expect(urls().find((u) => u.method === 'PUT')!.body).toEqual({
      ...defaultCampaignChannelSettings,
      frequency_cap_per_week: 3,
    });
  });
});
