/**
 * A worker process of the PostgreSQL concurrency test (run with tsx): `record URL PREFIX R` records recorder
 * R's share of the workload, several sessions at once; `verify URL PREFIX SEED STOPFILE` verifies drafts in
 * random sessions until STOPFILE exists, printing each report as a JSON line.
 */
import { existsSync } from "node:fs";
import { Firewall, PostgresStore } from "../../src/index.js";
import { assigned, draftOf, outputOf, SESSIONS, sessionId } from "./postgres-workload.js";

const [role, url, prefix, arg, stopFile] = process.argv.slice(2);
const store = new PostgresStore(url!);
const fw = new Firewall({ store });

async function record(r: number): Promise<void> {
  const queue = assigned(r);
  let next = 0;
  // Lanes take the next output in turn: up to 8 sessions are written at once.
  const lane = async () => {
    for (let i = next++; i < queue.length; i = next++) {
      const [s, k] = queue[i]!;
      await fw.session(sessionId(prefix!, s)).recordAsync(outputOf(s, k));
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  console.log(JSON.stringify({ recorded: queue.length }));
}

async function verify(seed: number): Promise<void> {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let n = 0; n < 400; n++) {
    if (n >= 20 && existsSync(stopFile!)) break;
    const s = Math.floor(random() * SESSIONS);
    const report = await fw.session(sessionId(prefix!, s)).verify(draftOf(s, n));
    console.log(JSON.stringify(report));
  }
}

try {
  if (role === "record") await record(Number(arg));
  else await verify(Number(arg));
} finally {
  await store.close();
}
