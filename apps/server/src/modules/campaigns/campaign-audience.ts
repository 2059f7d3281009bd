/**
 * The audience of a campaign, computed in SQL (criteria as bound parameters), and the propensity
 * score.
 */
import type { CampaignChannel, TargetCriteria } from '@sorteio/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../wallet';
import { rowsOf } from './campaign-dates';

export interface AudienceMember {
  userId: string;
  email: string;
  phone: string;
  nome: string;
  participacoes: number;
  totalGanho: number;
  diasInativo: number;
  score: number;
  consent: boolean;
}

/**
 * INTEGRATION POINT (SMS consent). Who may receive campaign SMS: the player accepted marketing
 * (the same LGPD opt-in as campaign e-mail, `mc`) AND opted into SMS in the notifications module
 * (`np`, notification_preferences.sms_opt_in, given for the E.164 phone stored there). The SMS
 * audience is the players with that phone (not the free-text profile phone), and the message goes
 * to it. The sender (notifications/campaign-sms.ts) checks both consents again at send time.
 * Evaluated inside the audience query, where `u` is the user.
 */
const smsConsentSql = sql`(coalesce(mc.accepted, false) and coalesce(np.sms_opt_in, false))`;

/** The audience query; every criterion is a bound parameter. */
function audienceSql(
  c: TargetCriteria,
  channel: CampaignChannel,
  extra?: SQL,
  limit?: number,
): SQL {
  const consent = channel === 'sms' ? smsConsentSql : sql`coalesce(mc.accepted, false)`;
  // An SMS audience is the players with an SMS number (E.164) in their notification preferences.
  const reachable = channel === 'sms' ? sql`and np.phone is not null` : sql``;
  const phone = channel === 'sms' ? sql`np.phone` : sql`coalesce(p.telefone, '')`;
  return sql`
    with stats as (
      select u.id as user_id, u.email, ${phone} as phone,
        coalesce(nullif(p.nome_completo, ''), u.name) as nome,
        u.created_at,
        (select count(*) from participacoes x
          where x.user_id = u.id and x.status_pagamento = 'confirmado')::int as participacoes,
        (select coalesce(sum(x.valor_pago), 0) from participacoes x
          where x.user_id = u.id and x.status_pagamento = 'confirmado')::bigint as gasto,
        (select max(x.created_at) from participacoes x where x.user_id = u.id) as ultima,
        (select coalesce(sum(s.valor_premio_liquido), 0) from sorteios s
          where s.user_id_vencedor = u.id)::bigint as total_ganho,
        (select max(s.created_at) from sorteios s where s.user_id_vencedor = u.id) as ultima_vitoria,
        ${consent} as consent
      from "user" u
      join profiles p on p.id = u.id
      left join marketing_consent mc on mc.user_id = u.id
      left join notification_preferences np on np.user_id = u.id
      where coalesce(u.role, 'user') = 'user' and u.email_verified
        and p.status_conta = 'ativo' and p.deleted_at is null
        ${reachable}
        -- Responsible play: a self-excluded player gets no marketing while the exclusion lasts.
        and not exists (select 1 from responsible_play rp where rp.user_id = u.id
          and rp.self_excluded_at is not null
          and (rp.self_excluded_forever or rp.self_excluded_until > now()))
    )
    select user_id, email, phone, nome, participacoes, total_ganho, consent,
      floor(extract(epoch from (now() - coalesce(ultima, created_at))) / 86400)::int as dias_inativo,
      round(100 * (
        0.5 * exp(-extract(epoch from (now() - coalesce(ultima, created_at))) / 86400 / 30)
        + 0.3 * least(1, participacoes / 10.0)
        + 0.2 * least(1, gasto / 100000.0)
      ))::int as score
    from stats
    where coalesce(ultima, created_at) <= now() - make_interval(days => ${c.days_inactive})
      and participacoes >= ${c.min_participations}
      and (${c.last_win_days} = 0 or ultima_vitoria is null
        or ultima_vitoria < now() - make_interval(days => ${c.last_win_days}))
      and gasto between ${c.spending_range.min} and ${c.spending_range.max}
      ${extra ?? sql``}
    order by score desc, user_id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

function toMember(r: Record<string, unknown>): AudienceMember {
  return {
    userId: String(r.user_id),
    email: String(r.email),
    phone: typeof r.phone === 'string' ? r.phone : '',
    nome: String(r.nome),
    participacoes: Number(r.participacoes),
    totalGanho: Number(r.total_ganho),
    diasInativo: Number(r.dias_inativo),
    score: Number(r.score),
    consent: r.consent === true,
  };
}

export async function findAudience(
  db: DbOrTx,
  criteria: TargetCriteria,
  extra?: SQL,
  limit?: number,
  channel: CampaignChannel = 'email',
): Promise<AudienceMember[]> {
  const result = await db.execute(audienceSql(criteria, channel, extra, limit));
  return rowsOf(result).map(toMember);
}

export async function previewAudience(
  db: Db,
  criteria: TargetCriteria,
  channel: CampaignChannel = 'email',
) {
  const result = await db.execute(
    sql`select count(*)::int as matching, count(*) filter (where consent)::int as with_consent
        from (${audienceSql(criteria, channel)}) a`,
  );
  const row = rowsOf(result)[0] as { matching: number; with_consent: number };
  return { matching: Number(row.matching), withConsent: Number(row.with_consent) };
}
