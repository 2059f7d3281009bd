/** Sign-in and profile-page timings through the HTTP API (issue: accounts). */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../apps/server/src/lib/password';
import type { App } from '../../apps/server/src/lib/fastify';
import { account, profiles, user } from '../../apps/server/src/db/schema';
import { type LoadResult, runLoad } from './harness';

export async function benchAccounts(app: App, base: string, label: string): Promise<LoadResult[]> {
  const db = app.database.db;
  const password = 'senha-de-bench-1';
  const hash = await hashPassword(password);
  const users: { email: string; cookie: string }[] = [];
  for (let i = 0; i < 50; i += 1) {
    const id = randomUUID();
    const email = `bench-${id.slice(0, 8)}@bench.sorteiocerto.com.br`;
    await db.insert(user).values({ id, email, name: 'bench', emailVerified: true });
    await db.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: hash,
    });
    await db
      .insert(profiles)
      .values({ id, nomeCompleto: 'Jogador Bench', chavePix: email, chavePixTipo: 'email' });
    users.push({ email, cookie: '' });
  }
  let ipSeq = 0;
  // Each sign-in comes from its own address (through a trusted proxy header) so the per-IP
  // limit of sign-in does not turn the benchmark into a rate-limit test.
  const signIn = async (i: number) => {
    ipSeq += 1;
    const u = users[i % users.length]!;
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.baseUrl,
        'x-forwarded-for': `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
      },
      body: JSON.stringify({ email: u.email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
    u.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await res.arrayBuffer();
  };
  const results = [
    await runLoad({
      name: `${label}: sign-in (1 client)`,
      clients: 1,
      total: 50,
      task: (_c, i) => signIn(i),
    }),
    await runLoad({
      name: `${label}: sign-in (10 clients)`,
      clients: 10,
      total: 200,
      task: (_c, i) => signIn(i),
    }),
  ];
  const profilePage = async (i: number) => {
    const u = users[i % users.length]!;
    // The profile screen's requests: session, profile, verification, 2FA state.
    const responses = await Promise.all(
      ['/api/me', '/api/profile', '/api/profile/verification', '/api/profile/2fa'].map((p) =>
        fetch(base + p, { headers: { cookie: u.cookie } }),
      ),
    );
    for (const r of responses) {
      if (r.status !== 200) throw new Error(`profile ${r.status}`);
      await r.arrayBuffer();
    }
  };
  results.push(
    await runLoad({
      name: `${label}: profile page (1 client)`,
      clients: 1,
      total: 200,
      task: (_c, i) => profilePage(i),
    }),
  );
  results.push(
    await runLoad({
      name: `${label}: profile page (50 clients)`,
      clients: 50,
      total: 2000,
      task: (_c, i) => profilePage(i),
    }),
  );
  return results;
}
