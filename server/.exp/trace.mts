// Traces the SQL statements of one request, and times N of them in process.
import SQLite from 'better-sqlite3';
import { buildApp } from '/work/main/server/src/app.ts';
import { loadConfig } from '/work/main/server/src/config.ts';
import { openDatabase } from '/work/main/server/src/db/database.ts';

const probe = new SQLite(':memory:');
const Statement = probe.prepare('select 1').constructor as any;
let trace: string[] | undefined;
for (const method of ['all', 'run', 'get', 'iterate']) {
  const original = Statement.prototype[method];
  Statement.prototype[method] = function (this: any, ...args: unknown[]) {
    trace?.push(this.source.replace(/\s+/g, ' ').slice(0, 160));
    return original.apply(this, args);
  };
}
const config = loadConfig({ ...process.env, DATA_DIR: '/tmp/exp/db10k', RATE_LIMITS: 'off', MAX_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'warn' });
const database = openDatabase(config);
const app = await buildApp({ config, database, jwtSecret: 'x'.repeat(40), logger: false });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'user1', password: process.env.PW ?? 'password123' } });
const token = login.json().encodedToken;
if (!token) throw new Error(login.body.slice(0, 300));
const posts = (await app.inject({ url: '/api/posts?limit=100' })).json().posts.map((p: any) => p._id);
const kind = process.argv[2] ?? 'comment';
const request = (i: number) => {
  const postId = posts[i % posts.length];
  if (kind === 'comment') return { method: 'POST' as const, url: `/api/comments/add/${postId}?return=post`, payload: { commentData: { text: `c ${i}` } } };
  if (kind === 'like') return { method: 'POST' as const, url: `/api/posts/${i % 2 ? 'dislike' : 'like'}/${posts[Math.floor(i / 2) % posts.length]}?return=post` };
  if (kind === 'post') return { method: 'POST' as const, url: `/api/posts?return=post`, payload: { postData: { content: `p ${i}` } } };
  throw new Error(kind);
};
const send = (i: number) => app.inject({ ...request(i), headers: { authorization: `Bearer ${token}` } });
for (let i = 0; i < 20; i++) await send(i);
trace = [];
const r = await send(21);
console.log(r.statusCode, r.body.length);
console.log(trace.join('\n'));
trace = undefined;
const n = Number(process.argv[3] ?? 500);
const times: number[] = [];
for (let round = 0; round < 5; round++) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await send(100 + round * n + i);
  const c = process.cpuUsage(t0);
  times.push((c.user + c.system) / n);
}
console.log('cpu µs/request', times.map(Math.round).sort((a, b) => a - b));
await app.close();
