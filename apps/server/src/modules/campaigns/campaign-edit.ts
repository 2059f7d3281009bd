/**
 * Creating, editing, pausing and previewing campaigns, and the channels' defaults ('Configurar');
 * every change audited.
 */
import {
  type Campaign,
  type CampaignChannelSettings,
  type CreateCampaignInput,
  type TargetCriteria,
  type UpdateCampaignInput,
  campaignChannelSettingsSchema,
  campaignIssues,
  createCampaignInputSchema,
  defaultCampaignChannelSettings,
  integrationMessages,
  updateCampaignInputSchema,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { remarketingCampaigns } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import { getSetting, invalidateSettings, setSetting } from '../settings/settings.service';
import { type AudienceMember, findAudience } from './campaign-audience';
import { DEFAULT_SUBJECT, brasiliaDay, campaignPeriod, effectiveStatus } from './campaign-dates';
import { renderCampaignMail } from './campaign-mail';
import { type CampaignRow, countsByCampaign, getRow, toCampaign } from './campaign-rows';

const invalid = (message: string) => new AppError('VALIDATION_ERROR', { message });

export async function createCampaign(
  db: Db,
  actor: AuditActor,
  raw: CreateCampaignInput,
  now = new Date(),
): Promise<Campaign> {
  const parsed = createCampaignInputSchema.safeParse(raw);
  if (!parsed.success)
    throw invalid(parsed.error.issues[0]?.message ?? integrationMessages.campaignRequired);
  const input = parsed.data;
  const { startsAt, endsAt } = campaignPeriod(input.start_date, input.end_date);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(remarketingCampaigns)
      .values({
        campaignName: input.campaign_name,
        campaignType: input.campaign_type,
        emailSubject: input.email_subject || DEFAULT_SUBJECT,
        emailTemplate: input.email_template ?? '',
        smsText: input.sms_text ?? '',
        targetCriteria: input.target_criteria,
        budgetCentavos: input.budget_centavos,
        startsAt,
        endsAt,
        createdBy: actor.id,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'campaign.create',
      targetType: 'campaign',
      targetId: created!.id,
      after: {
        campaign_name: input.campaign_name,
        campaign_type: input.campaign_type,
        budget_centavos: input.budget_centavos,
        start_date: input.start_date,
        end_date: input.end_date,
        target_criteria: input.target_criteria,
      },
    });
    return created!;
  });
  return toCampaign(row, undefined, now);
}

/** The editable fields of a row, in the API's shape (for the merge and the audit diff). */
function editableOf(row: CampaignRow) {
  return {
    campaign_name: row.campaignName,
    email_subject: row.emailSubject,
    email_template: row.emailTemplate,
    sms_text: row.smsText,
    target_criteria: row.targetCriteria as TargetCriteria,
    budget_centavos: row.budgetCentavos,
    start_date: brasiliaDay(row.startsAt),
    end_date: brasiliaDay(new Date(row.endsAt.getTime() - 1)),
  };
}

/** 'Editar': changes any field but the type; the merged campaign passes the create rules. */
export async function updateCampaign(
  db: Db,
  actor: AuditActor,
  id: string,
  raw: UpdateCampaignInput,
  now = new Date(),
): Promise<Campaign> {
  const parsed = updateCampaignInputSchema.safeParse(raw);
  if (!parsed.success)
    throw invalid(parsed.error.issues[0]?.message ?? integrationMessages.campaignRequired);
  const input = parsed.data;
  const row = await db.transaction(async (tx) => {
    const current = await getRow(tx, id, true);
    const before = editableOf(current);
    const merged = { ...before };
    for (const [k, v] of Object.entries(input))
      if (v !== undefined) Object.assign(merged, { [k]: v });
    if (input.email_subject === '') merged.email_subject = DEFAULT_SUBJECT;
    const issue = campaignIssues({
      ...merged,
      campaign_type: current.campaignType,
    })[0];
    if (issue) throw invalid(issue.message);
    const changed = (Object.keys(merged) as (keyof typeof merged)[]).filter(
      (k) => JSON.stringify(merged[k]) !== JSON.stringify(before[k]),
    );
    if (changed.length === 0) return current;
    const { startsAt, endsAt } = campaignPeriod(merged.start_date, merged.end_date);
    const [updated] = await tx
      .update(remarketingCampaigns)
      .set({
        campaignName: merged.campaign_name,
        emailSubject: merged.email_subject,
        emailTemplate: merged.email_template,
        smsText: merged.sms_text,
        targetCriteria: merged.target_criteria,
        budgetCentavos: merged.budget_centavos,
        startsAt,
        endsAt,
        updatedAt: now,
      })
      .where(eq(remarketingCampaigns.id, id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'campaign.update',
      targetType: 'campaign',
      targetId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, merged[k]])),
    });
    return updated!;
  });
  return toCampaign(row, (await countsByCampaign(db, id)).get(id), now);
}

/**
 * Spec 001 section 4: the toggle switches active to paused and paused to active. A campaign
 * whose end date has passed is Concluída and stays so until its end date is edited.
 */
export async function toggleCampaign(
  db: Db,
  actor: AuditActor,
  id: string,
  now = new Date(),
): Promise<Campaign> {
  const row = await getRow(db, id);
  if (effectiveStatus(row.status, row.endsAt, now) === 'completed')
    throw new AppError('CONFLICT', {
      message: 'Campanha concluída: altere a data de término para reativá-la.',
    });
  const next = row.status === 'active' ? 'paused' : 'active';
  await db.transaction(async (tx) => {
    await tx
      .update(remarketingCampaigns)
      .set({ status: next, updatedAt: now })
      .where(eq(remarketingCampaigns.id, id));
    await writeAudit(tx, actor, {
      action: 'campaign.status',
      targetType: 'campaign',
      targetId: id,
      before: { status: row.status },
      after: { status: next },
    });
  });
  const counts = await countsByCampaign(db, id);
  return toCampaign({ ...row, status: next }, counts.get(id), now);
}

/** A preview of the mail for one real matching player (or any player when none matches). */
export async function previewCampaign(
  db: Db,
  config: Config,
  input: {
    email_subject?: string | undefined;
    email_template: string;
    target_criteria: TargetCriteria;
  },
) {
  const anyone: TargetCriteria = {
    days_inactive: 0,
    min_participations: 0,
    last_win_days: 0,
    spending_range: { min: 0, max: Number.MAX_SAFE_INTEGER },
  };
  let [member] = await findAudience(db, input.target_criteria, undefined, 1);
  member ??= (await findAudience(db, anyone, undefined, 1))[0];
  const siteName = await getSetting(db, 'general.siteName');
  const sample: AudienceMember = member ?? {
    userId: '',
    email: 'jogador@exemplo.com.br',
    phone: '',
    nome: 'Jogador',
    participacoes: 0,
    totalGanho: 0,
    diasInativo: 0,
    score: 0,
    consent: false,
  };
  const mail = renderCampaignMail({
    config,
    siteName,
    subject: input.email_subject || DEFAULT_SUBJECT,
    template: input.email_template,
    member: sample,
    token: 'previa',
  });
  return { subject: mail.subject, html: mail.html, player: member ? member.nome : null };
}

export async function getChannelSettings(db: Db): Promise<CampaignChannelSettings> {
  // Stored whole; a value saved by an older version is completed with today's defaults.
  const stored = await getSetting(db, 'campaigns.channelDefaults');
  const parsed = campaignChannelSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const merged = campaignChannelSettingsSchema.safeParse({
    ...defaultCampaignChannelSettings,
    ...(typeof stored === 'object' && stored !== null ? stored : {}),
  });
  return merged.success ? merged.data : defaultCampaignChannelSettings;
}

export async function updateChannelSettings(
  db: Db,
  actor: AuditActor,
  raw: CampaignChannelSettings,
): Promise<CampaignChannelSettings> {
  const parsed = campaignChannelSettingsSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  const next = parsed.data;
  const before = await getChannelSettings(db);
  const changed = (Object.keys(next) as (keyof CampaignChannelSettings)[]).filter(
    (k) => next[k] !== before[k],
  );
  if (changed.length === 0) return before;
  await db.transaction(async (tx) => {
    await setSetting(tx, 'campaigns.channelDefaults', next, actor.id);
    await writeAudit(tx, actor, {
      action: 'campaign.settings',
      targetType: 'settings',
      targetId: 'campaigns.channelDefaults',
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, next[k]])),
    });
  });
  invalidateSettings(db);
  return next;
}
