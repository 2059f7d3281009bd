/**
 * Staff acting on a player's records outside /api/admin (a private room's name, its closing and
 * its draw), and staff reading a player's identity documents: each goes on the staff audit log
 * with who, whose and what; the document reads also show in the player's own security log.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog } from '../../db/schema';
import {
  caller,
  createUser,
  newCpf,
  signIn,
  topUp,
  useTestApp,
  verifiedPlayer,
} from '../../test/helpers';
import { sendIdentityDocuments } from '../../test/staff-records';

/** An adult not verified yet: may still send documents. */
const unverifiedProfile = () => ({
  nomeCompleto: 'Pessoa Sem Verificação',
  cpf: newCpf(),
  dataNascimento: '1990-01-01',
});
let ips = 10;
async function unverifiedPlayer() {
  const u = await createUser(ctx, { profile: unverifiedProfile() });
  return { ...u, cookie: await signIn(ctx, u, `198.19.8.${(ips += 1)}`) };
}
let manager: { id: string; email: string; cookie: string };
let support: { id: string; email: string; cookie: string };
const ctx = useTestApp();
beforeAll(async () => {
  const m = await createUser(ctx, { role: 'manager' });
  manager = { ...m, cookie: await signIn(ctx, m, '198.19.7.1') };
  const s = await createUser(ctx, { role: 'support', profile: unverifiedProfile() });
  support = { ...s, cookie: await signIn(ctx, s, '198.19.7.2') };
});

const call = caller(ctx, { remoteAddress: '198.19.7.9' });

const auditOf = (targetId: string) =>
  ctx.database.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.targetId, targetId))
    .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id));

async function privateRoom(creatorCookie: string) {
  const res = await call('POST', '/api/private-rooms', creatorCookie, {
    roomName: 'Amigos do bairro',
    entryValue: 1000,
    maxParticipants: 10,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; roomCode: string; sala: { id: string } }>();
}

describe("staff actions on a player's private room", () => {
  it('audits a rename and a close by a manager, with the room, its creator and the change', async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await privateRoom(creator.cookie);

    const renamed = await call('PUT', `/api/private-rooms/${room.id}`, manager.cookie, {
      roomName: 'Nome moderado',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const closed = await call('POST', `/api/private-rooms/${room.id}/close`, manager.cookie, {});
    expect(closed.statusCode, closed.body).toBe(200);

    const rows = await auditOf(room.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['private_room.close', 'private_room.update']);
    const update = rows.find((r) => r.action === 'private_room.update')!;
    expect(update).toMatchObject({
      actorId: manager.id,
      actorEmail: manager.email,
      actorRole: 'manager',
      targetType: 'private_room',
      targetId: room.id,
      ip: '198.19.7.9',
      before: { creatorId: creator.id, roomName: 'Amigos do bairro', customName: null },
      after: { roomName: 'Nome moderado', customName: null },
    });
    expect(rows.find((r) => r.action === 'private_room.close')).toMatchObject({
      actorId: manager.id,
      targetType: 'private_room',
      before: { creatorId: creator.id, salaId: room.sala.id, status: 'aberta' },
      after: { status: 'fechada' },
    });
    // The administrator's audit screen finds them by the room.
    const admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.19.7.3');
    const listed = await call('GET', `/api/admin/audit?target=${room.id}`, admin);
    expect(listed.json().total).toBe(2);
  });

  it("does not audit the creator's own changes (they are not staff actions)", async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await privateRoom(creator.cookie);
    expect(
      (await call('PUT', `/api/private-rooms/${room.id}`, creator.cookie, { roomName: 'Minha' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/private-rooms/${room.id}/close`, creator.cookie, {})).statusCode,
    ).toBe(200);
    expect(await auditOf(room.id)).toEqual([]);
  });

  it("audits a manager's draw of a player's room in the draw's transaction", async () => {
    const creator = await verifiedPlayer(ctx);
    const room = await privateRoom(creator.cookie);
    for (const p of [await verifiedPlayer(ctx), await verifiedPlayer(ctx)]) {
      await topUp(ctx, p.id, 1000);
      await call('POST', `/api/private-rooms/by-code/${room.roomCode}/join`, p.cookie, {});
      await call('POST', `/api/private-rooms/${room.id}/pay-with-balance`, p.cookie, {});
    }
    await call('POST', `/api/private-rooms/${room.id}/close`, creator.cookie, {});
    const drawn = await call('POST', `/api/private-rooms/${room.id}/draw`, manager.cookie, {});
    expect(drawn.json().result, drawn.body).toBe('drawn');
    const [row] = await auditOf(room.id);
    expect(row).toMatchObject({
      action: 'private_room.draw',
      actorId: manager.id,
      targetType: 'private_room',
      before: { creatorId: creator.id, salaId: room.sala.id },
      after: { kind: 'drawn', sorteioId: drawn.json().sorteioId },
    });
  });
});

/** Sends an identity document and a selfie as the given account. */
let documentNumber = 123456780;
async function submitDocuments(cookie: string) {
  const res = await sendIdentityDocuments(ctx, cookie, String((documentNumber += 1)));
  expect(res.statusCode, res.body).toBe(200);
}

describe("staff reading a player's identity documents", () => {
  it('audits who read whose file and when, and tells the player in their security log', async () => {
    const player = await unverifiedPlayer();
    await submitDocuments(player.cookie);
    const started = Date.now();
    for (const kind of ['documento', 'selfie'] as const) {
      const res = await call(
        'GET',
        `/api/admin/verifications/${player.id}/files/${kind}`,
        support.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await auditOf(player.id);
    expect(rows).toHaveLength(2);
    for (const [row, kind] of [
      [rows[1], 'documento'],
      [rows[0], 'selfie'],
    ] as const) {
      expect(row).toMatchObject({
        action: 'identity.document.read',
        actorId: support.id,
        actorEmail: support.email,
        actorRole: 'support',
        targetType: 'user',
        targetId: player.id,
        ip: '198.19.7.9',
        after: { file: kind, fileKey: expect.any(String) },
      });
      expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    }
    expect((rows[0]!.after as { fileKey: string }).fileKey).not.toBe(
      (rows[1]!.after as { fileKey: string }).fileKey,
    );

    // The player's log: one line for the review (document and selfie together), with its date and
    // none of the staff member's address or device.
    const logs = (await call('GET', '/api/profile/security-logs', player.cookie)).json<
      {
        actionType: string;
        timestamp: string;
        ipAddress: string | null;
        userAgent: string | null;
      }[]
    >();
    const reads = logs.filter((l) => l.actionType === 'staff_document_access');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ ipAddress: null, userAgent: null });
    expect(new Date(reads[0]!.timestamp).getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it('records nothing when there is no file to read', async () => {
    const player = await verifiedPlayer(ctx);
    const res = await call(
      'GET',
      `/api/admin/verifications/${player.id}/files/documento`,
      support.cookie,
    );
    expect(res.statusCode).toBe(404);
    expect(await auditOf(player.id)).toEqual([]);
  });

  it("audits a staff member reading their own documents, without telling them 'the team' did", async () => {
    await submitDocuments(support.cookie);
    const res = await call(
      'GET',
      `/api/admin/verifications/${support.id}/files/documento`,
      support.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.targetId, support.id),
          eq(staffAuditLog.action, 'identity.document.read'),
        ),
      );
    expect(rows).toHaveLength(1);
    const logs = (await call('GET', '/api/profile/security-logs', support.cookie)).json<
      { actionType: string }[]
    >();
    expect(logs.map((l) => l.actionType)).not.toContain('staff_document_access');
  });
});
