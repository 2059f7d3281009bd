import { describe, expect, it } from 'vitest';
import { integrationMessages } from '../integration-messages';
import {
  type CampaignFormValues,
  campaignChannelSettingsFormSchema,
  createCampaignFormSchema,
  updateCampaignFormSchema,
} from './campaigns';

const typed: CampaignFormValues = {
  campaign_type: 'reactivation',
  campaign_name: 'Volte',
  email_subject: 'Oi',
  email_template: 'Olá {{nome}}',
  sms_text: 'SMS',
  start_date: '2030-03-01',
  end_date: '2030-03-20',
  budget: '750,50',
  days_inactive: '7',
  min_participations: '1',
  last_win_days: '30',
  spending_min: '0',
  spending_max: '1000',
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('campaign form', () => {
  it('turns what was typed into the campaign the server receives', () => {
    expect(createCampaignFormSchema.parse(typed)).toMatchObject({
      campaign_type: 'reactivation',
      campaign_name: 'Volte',
      email_template: 'Olá {{nome}}',
      budget_centavos: 75_050,
      target_criteria: { days_inactive: 7, spending_range: { min: 0, max: 100_000 } },
    });
    const sms = updateCampaignFormSchema.parse({ ...typed, campaign_type: 'sms' });
    expect(sms).toMatchObject({ sms_text: 'SMS' });
    expect(sms).not.toHaveProperty('campaign_type');
    expect(sms.email_template).toBeUndefined();
  });

  it('asks for the required fields and an end after the start', () => {
    expect(
      messages(createCampaignFormSchema.safeParse({ ...typed, campaign_name: ' ' })),
    ).toContain(integrationMessages.campaignRequired);
    expect(messages(createCampaignFormSchema.safeParse({ ...typed, budget: 'x' }))).toContain(
      integrationMessages.campaignRequired,
    );
    expect(
      messages(createCampaignFormSchema.safeParse({ ...typed, end_date: '2030-02-01' })),
    ).toEqual(['A data de término deve ser igual ou posterior à data de início.']);
  });
});

describe('channel settings form', () => {
  it('checks the weekly cap and reads the costs in reais', () => {
    const values = {
      email_sender_name: 'Sorteio Certo',
      sms_sender_name: 'SorteioCert',
      sms_sender_number: '',
      quiet_hours_start: '21:00',
      quiet_hours_end: '08:00',
      frequency_cap_per_week: '0',
      email_cost: '0,05',
      sms_cost: 'x',
    };
    expect(messages(campaignChannelSettingsFormSchema.safeParse(values))).toEqual([
      'O limite semanal deve ser de 1 a 50 mensagens por jogador.',
      'O custo por mensagem deve ser de R$ 0,00 a R$ 10,00.',
    ]);
    expect(
      campaignChannelSettingsFormSchema.parse({
        ...values,
        frequency_cap_per_week: '3',
        sms_cost: '0',
      }),
    ).toMatchObject({ frequency_cap_per_week: 3, email_cost_centavos: 5, sms_cost_centavos: 0 });
  });
});
